// Executors over time (QCustomPlot): how many executors were alive, and the cores allocated and
// busy, from the diagnosis engine's core series; the gap between the two is idle cores.
#pragma once

#include <QWidget>

#include "qt/MetaTypes.h"

class QCustomPlot;

namespace stagelight {

class ExecutorChart : public QWidget {
    Q_OBJECT
public:
    explicit ExecutorChart(QWidget* parent = nullptr);
    void setAnalysis(const ModelPtr& model, const AnalysisPtr& analysis);
    // Plotted points (seconds from the start, value) of a series: 0 executors, 1 allocated cores,
    // 2 busy cores (tests).
    std::vector<std::pair<double, double>> points(int series) const;

protected:
    void resizeEvent(QResizeEvent* event) override;  // the legend wraps to fit

private:
    QCustomPlot* plot_;
};

}  // namespace stagelight
