#include "charts/CacheUsageChart.h"

#include <QVBoxLayout>

#include "charts/ByteTicks.h"
#include "charts/QCustomPlotInclude.h"
#include "text/Format.h"
#include "style/Palette.h"

namespace stagelight {
namespace {

std::vector<std::pair<double, double>> points(const QCPGraph* g) {
    std::vector<std::pair<double, double>> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.emplace_back(it->key, it->value);
    return out;
}

}  // namespace

CacheUsageChart::CacheUsageChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->xAxis->setLabel(tr("seconds from the start"));
    plot_->yAxis->setLabel(tr("cached"));
    QCPGraph* memory = plot_->addGraph();
    memory->setName(tr("memory"));
    memory->setLineStyle(QCPGraph::lsStepLeft);
    memory->setPen(QPen(palette::kInfo, 2));
    QCPGraph* disk = plot_->addGraph();
    disk->setName(tr("disk"));
    disk->setLineStyle(QCPGraph::lsStepLeft);
    disk->setPen(QPen(palette::kWarning, 2, Qt::DashLine));
    placeLegendAbove(plot_);
    applyChartPalette(plot_, palette());
}

void CacheUsageChart::setUsage(const CacheUsage& usage, int64_t appStartMs, int64_t appEndMs) {
    QVector<double> t, memory, disk;
    double top = 1;
    if (!usage.series.empty()) {  // nothing is cached when the application starts
        t.push_back(0);
        memory.push_back(0);
        disk.push_back(0);
    }
    for (const CacheSample& s : usage.series) {
        t.push_back(double(s.timeMs - appStartMs) / 1000.0);
        memory.push_back(double(s.memoryBytes));
        disk.push_back(double(s.diskBytes));
        top = std::max({top, double(s.memoryBytes), double(s.diskBytes)});
    }
    if (!usage.series.empty() && appEndMs > usage.series.back().timeMs) {  // held to the end
        t.push_back(double(appEndMs - appStartMs) / 1000.0);
        memory.push_back(memory.back());
        disk.push_back(disk.back());
    }
    // Unpersist marks: the log gives no unpersist time, so each sits at the latest event logged
    // before it; the label names the RDD (plain text drawn by QCustomPlot).
    plot_->clearItems();
    marks_.clear();
    for (const CacheUnpersist& u : usage.unpersists) {
        const double x = double(u.timeMs - appStartMs) / 1000.0;
        marks_.push_back(x);
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(palette().color(QPalette::PlaceholderText), 1, Qt::DashLine));
        auto* label = new QCPItemText(plot_);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.97 - 0.08 * double(marks_.size() % 3));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(3, 0, 0, 0));
        label->setColor(palette().color(QPalette::Text));
        label->setText(tr("RDD %1 unpersisted").arg(u.rddId));
    }
    plot_->graph(0)->setData(t, memory, true);
    plot_->graph(1)->setData(t, disk, true);
    plot_->yAxis->setTicker(byteTicker(top));  // round steps: never "1295.5 MiB" by "2.5 GiB"
    plot_->yAxis->setRange(0, top * 1.1);
    plot_->xAxis->setRange(0, t.isEmpty() ? 1 : std::max(1.0, t.back() * 1.05));
    plot_->replot();
}

std::vector<std::pair<double, double>> CacheUsageChart::memoryPoints() const {
    return points(plot_->graph(0));
}

std::vector<std::pair<double, double>> CacheUsageChart::diskPoints() const {
    return points(plot_->graph(1));
}

}  // namespace stagelight
