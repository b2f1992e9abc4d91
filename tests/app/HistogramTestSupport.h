// The task histogram's tests share finding its fullest bar. Apart from WindowTestSupport.h because
// QCustomPlot's header needs the Q_FOREACH those tests switch on.
#pragma once

#include "charts/QCustomPlotInclude.h"
#include "charts/TaskHistogramView.h"

namespace stagelight::test {

// The histogram's fullest bar (after a replot) and the pixel at the middle of its height.
struct FullestBin {
    size_t index = 0;
    HistogramBin bin;
    QPoint centre;
};
inline FullestBin fullestBin(TaskHistogramView* view) {
    view->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const Histogram& h = view->histogram();
    FullestBin f;
    for (size_t i = 0; i < h.bins.size(); ++i)
        if (h.bins[i].count > h.bins[f.index].count) f.index = i;
    f.bin = h.bins[f.index];
    f.centre = QPoint(int(view->plot()->xAxis->coordToPixel((f.bin.from + f.bin.to) / 2)),
                      int(view->plot()->yAxis->coordToPixel(double(f.bin.count) / 2)));
    return f;
}

}  // namespace stagelight::test
