#include "charts/TaskHistogramView.h"

#include <QPicture>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include "charts/QCustomPlotInclude.h"

#include <algorithm>

#include "text/Format.h"

namespace stagelight {
namespace {

constexpr HistogramMetric kMetrics[] = {HistogramMetric::Duration, HistogramMetric::ShuffleRead,
                                        HistogramMetric::Input, HistogramMetric::SpillDisk,
                                        HistogramMetric::GcTime};

QString valueText(HistogramMetric m, double v) {
    return QString::fromStdString(histogramMetricIsBytes(m) ? formatBytes(int64_t(v))
                                                            : formatDuration(int64_t(v)));
}

}  // namespace

TaskHistogramView::TaskHistogramView(QWidget* parent)
    : QWidget(parent),
      metric_(new QComboBox(this)),
      log_(new QCheckBox(tr("Log count"), this)),
      caption_(new QLabel(this)),
      plot_(new QCustomPlot(this)) {
    for (HistogramMetric m : kMetrics) {
        const std::string_view name = histogramMetricName(m);
        metric_->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    metric_->setToolTip(tr("The task metric to bin"));
    log_->setToolTip(tr("A logarithmic count axis shows the few tasks of a long tail"));
    caption_->setTextFormat(Qt::PlainText);
    auto* bar = new QHBoxLayout;
    bar->addWidget(metric_);
    bar->addWidget(log_);
    bar->addWidget(caption_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);

    bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    highlightBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    highlightBars_->setBrush(QColor(0xd6, 0x45, 0x3d));
    highlightBars_->setPen(Qt::NoPen);
    bars_->setPen(Qt::NoPen);
    bars_->setSelectable(QCP::stSingleData);
    plot_->setInteractions(QCP::iSelectPlottables);
    plot_->yAxis->setLabel(tr("tasks"));
    applyPalette();

    connect(metric_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(log_, &QCheckBox::toggled, this, [this] { redraw(); });
    connect(bars_, qOverload<const QCPDataSelection&>(&QCPAbstractPlottable::selectionChanged),
            this, [this](const QCPDataSelection& selection) {
                QList<qint64> ids;
                for (const QCPDataRange& range : selection.dataRanges())
                    for (int i = range.begin(); i < range.end(); ++i)
                        if (size_t(i) < histogram_.bins.size())
                            for (int64_t id : binTaskIds(values_, histogram_.bins[size_t(i)]))
                                ids.push_back(id);
                if (!ids.isEmpty()) Q_EMIT tasksSelected(ids);
            });
}

void TaskHistogramView::applyPalette() {
    const QPalette pal = palette();
    bars_->setBrush(pal.color(QPalette::Highlight).lighter(130));
    applyChartPalette(plot_, pal);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
}

void TaskHistogramView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        redraw();  // the markers take the text colour
    }
}

void TaskHistogramView::renderPlot(QPainter& p, const QRectF& rect) {
    plot_->resize(rect.size().toSize());
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    QPicture picture;  // recorded, so the chart stays vector in a PDF
    QCPPainter recorder(&picture);
    plot_->toPainter(&recorder, int(rect.width()), int(rect.height()));
    recorder.end();
    p.drawPicture(rect.topLeft(), picture);
}

void TaskHistogramView::setStage(ModelPtr model, size_t stageIndex) {
    model_ = std::move(model);
    stage_ = stageIndex;
    highlighted_.clear();
    rebuild();
}

void TaskHistogramView::setMetric(HistogramMetric metric) {
    metric_->setCurrentIndex(
        int(std::find(std::begin(kMetrics), std::end(kMetrics), metric) - std::begin(kMetrics)));
}

void TaskHistogramView::setHighlightedTasks(std::vector<int64_t> taskIds) {
    highlighted_ = std::move(taskIds);
    std::sort(highlighted_.begin(), highlighted_.end());
    redraw();
}

void TaskHistogramView::rebuild() {
    const HistogramMetric metric = kMetrics[std::max(0, metric_->currentIndex())];
    values_ = model_ ? taskValues(*model_, stage_, metric) : TaskValues{};
    histogram_ = binTaskValues(values_);
    redraw();
}

void TaskHistogramView::redraw() {
    const Histogram& h = histogram_;
    QVector<double> keys, counts, hot;
    for (const HistogramBin& b : h.bins) {
        keys.push_back((b.from + b.to) / 2);
        counts.push_back(double(b.count));
        double n = 0;
        for (size_t i = b.first; i < b.first + b.count && !highlighted_.empty(); ++i)
            n += std::binary_search(highlighted_.begin(), highlighted_.end(),
                                    values_.sorted[i].taskId)
                     ? 1
                     : 0;
        hot.push_back(n);
    }
    bars_->setData(keys, counts, true);
    highlightBars_->setData(keys, hot, true);
    const double width = h.bins.empty() ? 1 : h.bins.front().to - h.bins.front().from;
    bars_->setWidth(width * 0.9);
    highlightBars_->setWidth(width * 0.9);
    plot_->clearItems();
    const bool bytes = histogramMetricIsBytes(h.metric);
    const QString name = metric_->currentText();
    plot_->xAxis->setLabel(name);
    // Tick labels in Spark's units.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i <= 4 && h.max > 0; ++i)
        ticker->addTick(h.max * i / 4, valueText(h.metric, h.max * i / 4));
    plot_->xAxis->setTicker(ticker);
    const double top = counts.isEmpty() ? 1 : *std::max_element(counts.begin(), counts.end());
    if (log_->isChecked()) {
        plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        plot_->yAxis->setRange(0.8, std::max(2.0, top * 1.5));
    } else {
        plot_->yAxis->setScaleType(QCPAxis::stLinear);
        QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);  // task counts
        whole->setTickStep(1.0);
        whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        plot_->yAxis->setTicker(whole);
        plot_->yAxis->setRange(0, std::max(1.0, top * 1.15));
    }
    plot_->xAxis->setRange(-width, std::max(1.0, h.max) + width);
    auto marker = [&](double x, const QString& label, Qt::PenStyle style, bool leftOfLine) {
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(palette().color(QPalette::Text), 1, style));
        auto* text = new QCPItemText(plot_);
        text->setText(label);
        text->setColor(palette().color(QPalette::Text));
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(x, leftOfLine ? 0.12 : 0.02);  // the max label lower down
        text->setPositionAlignment((leftOfLine ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        text->setPadding(leftOfLine ? QMargins(0, 0, 4, 0) : QMargins(4, 0, 0, 0));
    };
    if (h.tasks > 0) {
        marker(h.median, tr("median %1").arg(valueText(h.metric, h.median)), Qt::DashLine, false);
        // The max sits at the right edge: its label goes to the left of the line, lower down.
        marker(h.max, tr("max %1").arg(valueText(h.metric, h.max)), Qt::DotLine, h.max > h.median);
    }
    caption_->setText(h.tasks == 0
                          ? tr("No finished tasks")
                          : tr("%1 tasks · %2").arg(h.tasks).arg(bytes ? tr("bytes") : tr("time")));
    plot_->replot();
}

}  // namespace stagelight
