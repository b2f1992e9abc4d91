#include "pdf/ReportCharts.h"

#include "charts/TaskHistogramView.h"
#include "timeline/StageTimelinePainter.h"

namespace stagelight {

QPalette printPalette() {
    QPalette pal;
    pal.setColor(QPalette::Window, Qt::white);
    pal.setColor(QPalette::Base, Qt::white);
    pal.setColor(QPalette::AlternateBase, QColor(0xf4, 0xf4, 0xf4));
    pal.setColor(QPalette::Text, Qt::black);
    pal.setColor(QPalette::WindowText, Qt::black);
    pal.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    pal.setColor(QPalette::HighlightedText, Qt::white);
    pal.setColor(QPalette::Midlight, QColor(0xe0, 0xe0, 0xe0));
    pal.setColor(QPalette::Mid, QColor(0xa0, 0xa0, 0xa0));
    pal.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
    return pal;
}

void paintHistogramChart(QPainter& p, const QRectF& rect, const ModelPtr& model,
                         const ReportFigure& figure) {
    TaskHistogramView view;  // never shown: its plot draws into the page
    view.setPalette(printPalette());
    view.resize(rect.size().toSize());
    view.setStage(model, figure.stageIndex);
    view.setMetric(figure.metric);
    view.setHighlightedTasks(figure.taskIds);
    view.renderPlot(p, rect);
}

void paintTimelineChart(QPainter& p, const QRectF& rect, const ModelPtr& model,
                        const ReportFigure& figure) {
    StageTimelinePainter painter;
    painter.setStage(model, figure.stageIndex);
    painter.setHighlightedTasks(figure.taskIds);
    const QRectF area = StageTimelinePainter::plotArea(rect);
    const double margin = (double(figure.toMs) - double(figure.fromMs)) / 50 + 1;
    TimeViewport view{double(figure.fromMs) - margin, double(figure.toMs) + margin, area.left(),
                      area.width()};
    painter.paint(p, rect, view, printPalette());
}

}  // namespace stagelight
