#include "charts/ExecutorChart.h"

#include <QVBoxLayout>

#include <algorithm>
#include <map>

#include "charts/QCustomPlotInclude.h"
#include "style/Palette.h"

namespace stagelight {

ExecutorChart::ExecutorChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    const QPalette pal = palette();
    plot_->xAxis->setLabel(tr("seconds from the start"));
    plot_->yAxis->setLabel(tr("cores"));
    plot_->yAxis2->setLabel(tr("executors"));
    plot_->yAxis2->setVisible(true);
    QCPGraph* executors = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
    executors->setName(tr("executors alive"));
    executors->setLineStyle(QCPGraph::lsStepLeft);
    executors->setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    QCPGraph* allocated = plot_->addGraph();
    allocated->setName(tr("cores allocated"));
    allocated->setLineStyle(QCPGraph::lsStepLeft);
    allocated->setPen(QPen(palette::kInfo, 2));
    QCPGraph* busy = plot_->addGraph();
    busy->setName(tr("cores busy"));
    busy->setLineStyle(QCPGraph::lsStepLeft);
    busy->setPen(Qt::NoPen);
    busy->setBrush(QColor(0xB3, 0xDE, 0x69, 200));
    placeLegendAbove(plot_);
    applyChartPalette(plot_, pal);
    // The legend rewraps to the width it gets (resizeEvent), so the row it has at one width
    // must not become the chart's minimum: that cut the right axis off in a narrow dock.
    setMinimumWidth(200);
}

void ExecutorChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLegendColumns(plot_, width());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ExecutorChart::setAnalysis(const ModelPtr& model, const AnalysisPtr& analysis) {
    QVector<double> et, ev, ct, allocated, busy;
    if (model && analysis) {
        const int64_t start = model->application.startTime;
        // Executors alive: +1 at each add, −1 at each removal (the driver is not an executor).
        std::map<int64_t, int> delta;
        for (const Executor& e : model->executors) {
            if (!e.added || e.id == "driver" || e.addTime < 0) continue;
            ++delta[e.addTime];
            if (e.removeTime >= 0) --delta[e.removeTime];
        }
        int alive = 0;
        for (const auto& [t, d] : delta) {
            alive += d;
            et.push_back(double(t - start) / 1000.0);
            ev.push_back(alive);
        }
        for (const CoreSample& s : analysis->time.coreSeries) {
            ct.push_back(double(s.timeMs - start) / 1000.0);
            allocated.push_back(s.allocatedCores);
            busy.push_back(s.busyCores);
        }
    }
    plot_->graph(0)->setData(et, ev, true);
    plot_->graph(1)->setData(ct, allocated, true);
    plot_->graph(2)->setData(ct, busy, true);
    plot_->rescaleAxes();
    plot_->yAxis->setRangeLower(0);
    plot_->yAxis->setRangeUpper(plot_->yAxis->range().upper * 1.15 + 1);
    plot_->yAxis2->setRange(0, plot_->yAxis2->range().upper * 1.15 + 1);
    plot_->replot();
}

std::vector<std::pair<double, double>> ExecutorChart::points(int series) const {
    std::vector<std::pair<double, double>> out;
    const QCPGraph* g = plot_->graph(series);
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.emplace_back(it->key, it->value);
    return out;
}

}  // namespace stagelight
