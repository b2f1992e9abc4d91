#include "charts/TaskHistogramView.h"

#include <QPicture>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>
#include "charts/ByteTicks.h"
#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <utility>

#include "figures/TaskFigures.h"
#include "style/Palette.h"
#include "text/Format.h"
#include "timeline/TimeAxis.h"

namespace stagelight {
namespace {

QString valueText(HistogramMetric m, double v) {
    if (histogramMetricIsCount(m)) return QString::number(qint64(std::llround(v)));
    return QString::fromStdString(histogramMetricIsBytes(m) ? formatBytes(int64_t(v))
                                                            : formatDuration(int64_t(v)));
}

// Round ticks in the metric's unit: powers of two of bytes (512 MiB, 1.0 GiB, 1.5 GiB), clock
// steps of time (500 ms, 1 s, 2 s, 30 s, 1:00), 1-2-5 of counts; about four over [lo, hi].
QSharedPointer<QCPAxisTickerText> valueTicker(HistogramMetric m, double lo, double hi) {
    if (histogramMetricIsBytes(m)) return byteTicker(lo, hi);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    if (!(hi > lo) || !std::isfinite(hi - lo)) return ticker;
    const double rough = (hi - lo) / 4;
    double step = 1;
    if (histogramMetricIsCount(m)) {
        const double magnitude = std::pow(10, std::floor(std::log10(std::max(1.0, rough))));
        step = magnitude * 10;
        for (double f : {1.0, 2.0, 5.0})
            if (magnitude * f >= rough) {
                step = magnitude * f;
                break;
            }
    } else {
        step = niceTimeStep(rough);
    }
    // By count, not by adding the step: a step lost to rounding next to a huge lo never ends.
    const double first = std::max(0.0, std::ceil(lo / step) * step);
    for (int i = 0; i < 64; ++i) {
        const double t = first + double(i) * step;
        if (t > hi + step * 1e-9) break;
        ticker->addTick(t, histogramMetricIsCount(m) ? valueText(m, t) : timeTickLabel(t, step));
    }
    return ticker;
}

// Up to this many tasks, each is a dot at its value (stacked where values meet) on an axis
// zoomed to their range: bars of one task each, from zero, say nothing.
constexpr size_t kDotStripTasks = 12;

}  // namespace

TaskHistogramView::TaskHistogramView(QWidget* parent)
    : QWidget(parent),
      metric_(new QComboBox(this)),
      log_(new QCheckBox(tr("Log count"), this)),
      caption_(new QLabel(this)),
      placeholder_(new QLabel(this)),
      plot_(new QCustomPlot(this)) {
    for (int i = 0; i < kHistogramMetricCount; ++i) {  // every task metric Spark has
        const std::string_view name = histogramMetricName(HistogramMetric(i));
        metric_->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    metric_->setMaxVisibleItems(kHistogramMetricCount);
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
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setForegroundRole(QPalette::PlaceholderText);
    placeholder_->setObjectName(QStringLiteral("histogramPlaceholder"));
    layout->addWidget(placeholder_, 1);

    bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    highlightBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    highlightBars_->setBrush(QColor(0xd6, 0x45, 0x3d));
    highlightBars_->setPen(Qt::NoPen);
    // Only the bars take clicks: an outlier overlay, a marker line or a label on top of a bar
    // would otherwise swallow the click (QCustomPlot gives it to the topmost selectable layer).
    highlightBars_->setSelectable(QCP::stNone);
    bars_->setPen(Qt::NoPen);
    bars_->setSelectable(QCP::stSingleData);
    bars_->selectionDecorator()->setBrush(palette::kChosen);
    bars_->selectionDecorator()->setPen(Qt::NoPen);
    dots_ = new QCPGraph(plot_->xAxis, plot_->yAxis);
    hotDots_ = new QCPGraph(plot_->xAxis, plot_->yAxis);
    for (QCPGraph* g : {dots_, hotDots_}) g->setLineStyle(QCPGraph::lsNone);
    hotDots_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0xd6, 0x45, 0x3d), 11));
    hotDots_->setSelectable(QCP::stNone);
    dots_->setSelectable(QCP::stSingleData);
    dots_->selectionDecorator()->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, palette::kChosen, 13), QCPScatterStyle::spAll);
    plot_->setInteractions(QCP::iSelectPlottables);
    plot_->yAxis->setLabel(tr("tasks"));
    applyPalette();

    connect(metric_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    // The user's new metric leaves no bar chosen: the views marking its tasks drop them too.
    connect(metric_, &QComboBox::activated, this, [this] {
        if (std::exchange(chosen_, false)) Q_EMIT barTasksChosen({});
    });
    connect(log_, &QCheckBox::toggled, this, [this] { redraw(); });
    connect(bars_, qOverload<const QCPDataSelection&>(&QCPAbstractPlottable::selectionChanged),
            this, [this](const QCPDataSelection& selection) {
                QList<qint64> ids;
                for (const QCPDataRange& range : selection.dataRanges())
                    for (int i = range.begin(); i < range.end(); ++i)
                        if (size_t(i) < histogram_.bins.size())
                            for (int64_t id : binTaskIds(values_, histogram_.bins[size_t(i)]))
                                ids.push_back(id);
                if (ids.isEmpty()) return;
                chosen_ = true;
                Q_EMIT barTasksChosen(ids);
            });
    connect(dots_, qOverload<const QCPDataSelection&>(&QCPAbstractPlottable::selectionChanged),
            this, [this](const QCPDataSelection& selection) {
                QList<qint64> ids;
                for (const QCPDataRange& range : selection.dataRanges())
                    for (int i = range.begin(); i < range.end(); ++i)
                        if (size_t(i) < values_.sorted.size()) ids.push_back(values_.sorted[size_t(i)].taskId);
                if (ids.isEmpty()) return;
                chosen_ = true;
                Q_EMIT barTasksChosen(ids);
            });
    connect(plot_, &QCustomPlot::afterLayout, this, &TaskHistogramView::layoutMarkerLabels);
    // A bar's range and count on hover (QCustomPlot has no per-bar tooltip of its own).
    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const int bin = binAt(event->pos());
        if (bin < 0)
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), binToolTip(bin), plot_);
    });
    rebuild();  // no stage yet: the placeholder
}

HistogramMetric TaskHistogramView::metric() const {
    return HistogramMetric(std::clamp(metric_->currentIndex(), 0, kHistogramMetricCount - 1));
}

int TaskHistogramView::binAt(const QPoint& pos) const {
    if (dotStrip_) {
        QVariant details;
        const double d = dots_->selectTest(pos, false, &details);
        if (d < 0 || d > plot_->selectionTolerance()) return -1;
        const QCPDataSelection hit = details.value<QCPDataSelection>();
        const int i = hit.isEmpty() ? -1 : hit.dataRange(0).begin();
        return i >= 0 && size_t(i) < values_.sorted.size() ? i : -1;
    }
    if (histogram_.bins.empty()) return -1;
    QVariant details;
    if (bars_->selectTest(pos, false, &details) < 0 ||
        bars_->selectTest(pos, false, &details) > plot_->selectionTolerance())
        return -1;
    const QCPDataSelection hit = details.value<QCPDataSelection>();
    if (hit.isEmpty()) return -1;
    const int i = hit.dataRange(0).begin();
    return i >= 0 && size_t(i) < histogram_.bins.size() && histogram_.bins[size_t(i)].count > 0
               ? i
               : -1;
}

QString TaskHistogramView::binToolTip(int bin) const {
    if (dotStrip_) {
        if (bin < 0 || size_t(bin) >= values_.sorted.size()) return {};
        const TaskValue& tv = values_.sorted[size_t(bin)];
        return tr("task %1: %2\nclick to select it")
            .arg(tv.taskId)
            .arg(valueText(histogram_.metric, double(tv.value)));
    }
    if (bin < 0 || size_t(bin) >= histogram_.bins.size()) return {};
    const HistogramBin& b = histogram_.bins[size_t(bin)];
    const HistogramMetric m = histogram_.metric;
    const bool last = size_t(bin) + 1 == histogram_.bins.size();
    // The values of its tasks, not the bin's nominal edges, when it holds any.
    const double lo = b.count ? double(values_.sorted[b.first].value) : b.from;
    const double hi = b.count ? double(values_.sorted[b.first + b.count - 1].value) : b.to;
    QString text =
        tr("%1 to %2%3: %4")
            .arg(valueText(m, b.from), valueText(m, b.to), last ? tr(" (incl.)") : QString(),
                 QString::fromStdString(countText(int64_t(b.count), "task", "tasks")));
    if (b.count) text += tr("\nthese tasks: %1 – %2").arg(valueText(m, lo), valueText(m, hi));
    text += tr("\nclick to select them");
    return text;
}

std::vector<int64_t> TaskHistogramView::binTasks(int bin) const {
    if (dotStrip_)
        return bin >= 0 && size_t(bin) < values_.sorted.size()
                   ? std::vector<int64_t>{values_.sorted[size_t(bin)].taskId}
                   : std::vector<int64_t>{};
    if (bin < 0 || size_t(bin) >= histogram_.bins.size()) return {};
    return binTaskIds(values_, histogram_.bins[size_t(bin)]);
}

QList<QRectF> TaskHistogramView::markerLabelRects() const {
    QList<QRectF> rects;
    for (int i = 0; i < plot_->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot_->item(i)))
            rects << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
    return rects;
}

void TaskHistogramView::clearBarChoice() {
    chosen_ = false;
    if (!barChosen()) return;
    bars_->setSelection(QCPDataSelection());
    dots_->setSelection(QCPDataSelection());
    plot_->replot();
}

bool TaskHistogramView::barChosen() const {
    return bars_->selected() || dots_->selected();
}

QString TaskHistogramView::placeholderText() const {
    return plot_->isHidden() ? placeholder_->text() : QString();
}

void TaskHistogramView::setSelectedTask(int64_t taskId) {
    if (selectedTask_ == taskId) return;
    selectedTask_ = taskId;
    redraw();
}

void TaskHistogramView::applyPalette() {
    const QPalette pal = palette();
    bars_->setBrush(pal.color(QPalette::Highlight).lighter(130));
    dots_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                           QPen(pal.color(QPalette::Highlight), 1.5),
                                           pal.color(QPalette::Highlight).lighter(130), 11));
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
    selectedTask_ = -1;
    chosen_ = false;
    rebuild();
}

void TaskHistogramView::refreshStage(ModelPtr model, size_t stageIndex) {
    model_ = std::move(model);
    stage_ = stageIndex;
    chosen_ = false;  // the bars are binned anew
    rebuild();
}

void TaskHistogramView::setMetric(HistogramMetric metric) {
    metric_->setCurrentIndex(std::clamp(int(metric), 0, kHistogramMetricCount - 1));
}

void TaskHistogramView::setHighlightedTasks(std::vector<int64_t> taskIds) {
    highlighted_ = std::move(taskIds);
    std::sort(highlighted_.begin(), highlighted_.end());
    redraw();
}

QString TaskHistogramView::maxLabelText() const {
    return maxLabel_ ? maxLabel_->text() : QString();
}

void TaskHistogramView::rebuild() {
    const HistogramMetric metric = this->metric();
    values_ = model_ ? taskValues(*model_, stage_, metric) : TaskValues{};
    histogram_ = binTaskValues(values_);
    // A bar of another metric or stage means nothing here.
    bars_->setSelection(QCPDataSelection());
    dots_->setSelection(QCPDataSelection());
    // Once per stage and metric, not per redraw (highlights redraw on every navigation).
    maxSucceeded_ = true;
    if (model_ && !values_.sorted.empty() && stage_ < model_->stages.size()) {
        const TaskTable& t = model_->tasks;
        const int64_t id = values_.sorted.back().taskId;
        for (uint32_t r : model_->derived.stageRows.rows(stage_))
            if (t.get(r, TaskField::TaskId) == id) {
                maxSucceeded_ = taskStatus(t, r) == "SUCCESS";
                break;
            }
    }
    redraw();
}

void TaskHistogramView::redraw() {
    const Histogram& h = histogram_;
    dotStrip_ = h.tasks > 0 && h.tasks <= kDotStripTasks && values_.sorted.size() == h.tasks;
    const auto isHot = [&](int64_t taskId) {
        return std::binary_search(highlighted_.begin(), highlighted_.end(), taskId);
    };
    QVector<double> keys, counts, hot;
    if (!dotStrip_)
        for (const HistogramBin& b : h.bins) {
            keys.push_back((b.from + b.to) / 2);
            counts.push_back(double(b.count));
            double n = 0;
            for (size_t i = b.first; i < b.first + b.count && !highlighted_.empty(); ++i)
                n += isHot(values_.sorted[i].taskId) ? 1 : 0;
            hot.push_back(n);
        }
    bars_->setData(keys, counts, true);
    highlightBars_->setData(keys, hot, true);
    const double width = h.bins.empty() ? 1 : h.bins.front().to - h.bins.front().from;
    bars_->setWidth(width * 0.9);
    highlightBars_->setWidth(width * 0.9);
    // The dot strip's axis: the few values with a margin (a single value centred).
    double lo = -width, hi = std::max(1.0, h.max) + width;
    QVector<double> dotX, dotY, hotX, hotY;
    dotY_.clear();
    if (dotStrip_) {
        const double first = double(values_.sorted.front().value);
        const double last = double(values_.sorted.back().value);
        const double pad = last > first ? (last - first) * 0.12 : std::max(1.0, std::abs(last) * 0.1);
        lo = first - pad;
        hi = last + pad;
        if (first >= 0) lo = std::max(lo, -pad * 0.25);  // no negative durations or bytes
        // Values closer than a dot's width stack upwards.
        const double near = (hi - lo) / 40;
        for (size_t i = 0; i < values_.sorted.size(); ++i) {
            const double x = double(values_.sorted[i].value);
            double y = 1;
            for (size_t j = 0; j < i; ++j)
                if (std::abs(double(values_.sorted[j].value) - x) < near) y = std::max(y, dotY_[j] + 1);
            dotY_.push_back(y);
            dotX.push_back(x);
            dotY.push_back(y);
            if (isHot(values_.sorted[i].taskId)) hotX.push_back(x), hotY.push_back(y);
        }
    }
    dots_->setData(dotX, dotY, true);
    hotDots_->setData(hotX, hotY, true);
    plot_->clearItems();
    const bool bytes = histogramMetricIsBytes(h.metric);
    const QString name = metric_->currentText();
    plot_->xAxis->setLabel(name);
    plot_->xAxis->setTicker(dotStrip_ ? valueTicker(h.metric, lo, hi) : valueTicker(h.metric, 0, h.max));
    const double top = dotStrip_ ? (dotY.isEmpty() ? 1 : *std::max_element(dotY.begin(), dotY.end()))
                       : counts.isEmpty() ? 1
                                          : *std::max_element(counts.begin(), counts.end());
    if (log_->isChecked() && !dotStrip_) {
        plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
        plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        plot_->yAxis->setRange(0.8, std::max(2.0, top * 1.5));
    } else {
        plot_->yAxis->setScaleType(QCPAxis::stLinear);
        QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);  // task counts
        whole->setTickStep(1.0);
        whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        plot_->yAxis->setTicker(whole);
        plot_->yAxis->setRange(0, dotStrip_ ? top + 1.5 : std::max(1.0, top * 1.15));
    }
    plot_->yAxis->setLabel(dotStrip_ ? tr("one dot per task") : tr("tasks"));
    plot_->yAxis->setTickLabels(!dotStrip_);
    log_->setEnabled(!dotStrip_);
    plot_->xAxis->setRange(lo, hi);
    auto line = [&](double x, Qt::PenStyle style) {
        auto* l = new QCPItemStraightLine(plot_);
        l->point1->setCoords(x, 0);
        l->point2->setCoords(x, 1);
        l->setPen(QPen(palette().color(QPalette::Text), 1, style));
    };
    auto label = [&](double x, const QString& text) {
        auto* t = new QCPItemText(plot_);
        t->setText(text);
        t->setColor(palette().color(QPalette::Text));
        t->setBrush(palette().color(QPalette::Base));  // readable over the bars
        t->setClipToAxisRect(false);
        t->position->setTypeY(QCPItemPosition::ptAbsolute);
        t->position->setCoords(x, 0);
        return t;
    };
    medianLabel_ = maxLabel_ = nullptr;
    if (h.tasks > 0) {
        line(h.median, Qt::DashLine);
        if (h.max > h.median) {
            line(h.max, Qt::DotLine);
            medianLabel_ = label(h.median, tr("median %1").arg(valueText(h.metric, h.median)));
            // The bars hold every finished attempt; a max that is not a successful task's
            // says so (the findings and Summary metrics count successful tasks).
            maxLabel_ = label(h.max, tr("max %1").arg(valueText(h.metric, h.max)) +
                                         (maxSucceeded_ ? QString() : tr(" (not a success)")));
        } else {  // every task has the same value: one label, not two drawn over each other
            medianLabel_ = label(h.median, tr("median = max %1").arg(valueText(h.metric, h.max)));
        }
    }
    // The selected task (in the table or the timeline): an arrow down onto its bar.
    if (selectedTask_ >= 0)
        for (const TaskValue& tv : values_.sorted)
            if (tv.taskId == selectedTask_) {
                const auto bin =
                    std::find_if(h.bins.begin(), h.bins.end(), [&](const HistogramBin& b) {
                        return double(tv.value) >= b.from &&
                               (double(tv.value) < b.to || &b == &h.bins.back());
                    });
                double y = bin == h.bins.end() ? 0 : double(bin->count);
                if (dotStrip_) y = dotY_[size_t(&tv - values_.sorted.data())] + 0.25;
                auto* arrow = new QCPItemLine(plot_);
                arrow->setObjectName(QStringLiteral("selectedTaskMarker"));
                arrow->start->setCoords(double(tv.value), y);
                arrow->end->setCoords(double(tv.value), y);
                arrow->start->setTypeY(QCPItemPosition::ptAbsolute);
                arrow->start->setParentAnchorY(arrow->end);
                arrow->start->setCoords(double(tv.value), -22);
                arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 9, 11));
                arrow->setPen(QPen(palette().color(QPalette::Link), 2));
                arrow->setClipToAxisRect(false);
                break;
            }
    for (int i = 0; i < plot_->itemCount(); ++i) plot_->item(i)->setSelectable(false);
    const bool stage = model_ && stage_ < model_->stages.size();
    placeholder_->setText(!stage ? tr("No stage selected") : tr("No finished tasks in this stage"));
    placeholder_->setVisible(h.tasks == 0);
    plot_->setVisible(h.tasks > 0);
    caption_->setText(h.tasks == 0 ? QString()
                                   : tr("%1 · %2")
                                         .arg(QString::fromStdString(
                                             countText(int64_t(h.tasks), "task", "tasks")))
                                         .arg(bytes                              ? tr("bytes")
                                              : histogramMetricIsCount(h.metric) ? tr("records")
                                                                                 : tr("time")));
    plot_->replot();
}

void TaskHistogramView::layoutMarkerLabels() {
    if (!medianLabel_) return;
    // In pixels, on every layout (a resize too): each label beside its line and inside the axis
    // rect, the max label a row lower when the two would touch.
    const QRect area = plot_->axisRect()->rect();
    auto span = [&](QCPItemText* t, int row) {
        const double x = t->position->key();
        const double px = plot_->xAxis->coordToPixel(x);
        const QFontMetrics fm(t->font());
        const double w = fm.horizontalAdvance(t->text()) + 8;  // the padding included
        const bool right = px + w <= area.right() || px - w < area.left();
        t->setPositionAlignment((right ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
        t->setPadding(QMargins(4, 0, 4, 0));
        const double top = area.top() + 2 + row * (fm.height() + 4);
        t->position->setCoords(x, top);
        return QRectF(right ? px : px - w, top, w, fm.height());
    };
    const QRectF a = span(medianLabel_, 0);
    if (maxLabel_ && span(maxLabel_, 0).adjusted(-4, 0, 4, 0).intersects(a)) span(maxLabel_, 1);
}

}  // namespace stagelight
