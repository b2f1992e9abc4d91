#include "charts/ExecutorMemoryChart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

#include "charts/ByteTicks.h"
#include "charts/QCustomPlotInclude.h"

namespace stagelight {
namespace {

constexpr int kNamedSeries = 8;  // the legend names the executors with the highest peaks

}  // namespace

ExecutorMemoryChart::ExecutorMemoryChart(QWidget* parent)
    : QWidget(parent),
      metric_(new QComboBox(this)),
      caption_(new QLabel(this)),
      message_(new QLabel(this)),
      plot_(new QCustomPlot(this)) {
    for (int i = 0; i < kMemoryMetricCount; ++i) {
        const std::string_view name = memoryMetricName(MemoryMetric(i));
        metric_->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    metric_->setToolTip(tr("The executor memory metric (peak per stage, StageExecutorMetrics)"));
    caption_->setTextFormat(Qt::PlainText);
    // Neither the caption nor the metric names may set the dock's width (a narrow dock cut the
    // executors chart's right axis off): the caption wraps, the box shows what fits.
    caption_->setWordWrap(true);
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    metric_->setMinimumContentsLength(14);
    auto* bar = new QHBoxLayout;
    bar->addWidget(metric_);
    bar->addWidget(caption_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    message_->setTextFormat(Qt::PlainText);
    message_->setWordWrap(true);
    message_->setAlignment(Qt::AlignCenter);
    message_->setMargin(12);
    message_->setForegroundRole(QPalette::PlaceholderText);
    message_->setObjectName(QStringLiteral("memoryMessage"));
    message_->hide();
    layout->addWidget(message_, 1);
    plot_->xAxis->setLabel(tr("seconds from the start"));
    plot_->legend->setFont(font());
    placeLegendAbove(plot_);  // a row above the plot, never over the lines
    applyChartPalette(plot_, palette());
    setMinimumWidth(200);  // the legend rewraps; its one-row width is not a minimum
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
}

void ExecutorMemoryChart::setModel(ModelPtr model) {
    model_ = std::move(model);
    rebuild();
}

void ExecutorMemoryChart::setMetric(MemoryMetric metric) {
    metric_->setCurrentIndex(int(metric));
}

int ExecutorMemoryChart::seriesCount() const {
    return plot_->graphCount();
}

QString ExecutorMemoryChart::caption() const {
    return message_->isHidden() ? caption_->text() : message_->text();
}

bool ExecutorMemoryChart::plotShown() const {
    return !plot_->isHidden();
}

void ExecutorMemoryChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLegendColumns(plot_, width());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ExecutorMemoryChart::rebuild() {
    plot_->clearGraphs();
    const MemoryMetric metric = MemoryMetric(std::max(0, metric_->currentIndex()));
    const auto series =
        model_ ? executorMemoryOverTime(*model_, metric) : std::vector<ExecutorMemorySeries>{};
    const int64_t start = model_ ? model_->application.startTime : 0;
    // The highest peaks get colours and legend entries; the rest are drawn thin and grey.
    std::vector<size_t> order(series.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return series[a].peak > series[b].peak; });
    std::vector<int> rank(series.size());
    for (size_t r = 0; r < order.size(); ++r) rank[order[r]] = int(r);
    double top = 0, right = 1;
    for (size_t i = 0; i < series.size(); ++i) {
        const ExecutorMemorySeries& s = series[i];
        QVector<double> t, v;
        for (const ExecutorMemoryPoint& p : s.points) {
            t.push_back(double(p.timeMs - start) / 1000.0);
            v.push_back(double(p.bytes));
            top = std::max(top, double(p.bytes));
            right = std::max(right, t.back());
        }
        QCPGraph* g = plot_->addGraph();
        g->setData(t, v, true);
        g->setName(QString::fromStdString(s.executorId));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
        if (rank[i] < kNamedSeries) {
            const QColor c = QColor::fromHsv((rank[i] * 360 / kNamedSeries + 200) % 360, 200, 200);
            g->setPen(QPen(c, 1.8));
        } else {
            g->setPen(QPen(palette().color(QPalette::Mid), 1));
            g->removeFromLegend();
        }
    }
    plot_->yAxis->setTicker(byteTicker(top));
    plot_->yAxis->setRange(0, std::max(1.0, top * 1.1));
    plot_->xAxis->setRange(0, right * 1.05);
    plot_->legend->setVisible(!series.empty());
    fitLegendColumns(plot_, width());
    const std::string_view name = memoryMetricName(metric);
    // Nothing measured: the reason alone, whole, where the plot would be (no empty axes).
    const bool measured = !model_ || !series.empty();
    plot_->setVisible(measured);
    message_->setVisible(!measured);
    caption_->clear();
    message_->clear();
    if (!measured)
        message_->setText(tr("The log has no per-stage executor peaks of %1 (Spark 3.0+ logs "
                             "StageExecutorMetrics; process RSS needs "
                             "spark.executor.processTreeMetrics.enabled)")
                              .arg(QString::fromUtf8(name.data(), qsizetype(name.size()))));
    else if (model_)
        caption_->setText(tr("%1 executors · peak %2 while each stage ran")
                              .arg(series.size())
                              .arg(QString::fromStdString(formatBytes(int64_t(top)))));
    plot_->replot();
}

}  // namespace stagelight
