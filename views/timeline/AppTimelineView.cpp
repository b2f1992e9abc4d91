#include "timeline/AppTimelineView.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "model/Numeric.h"
#include "qt/StageText.h"
#include "text/Elide.h"
#include "text/Format.h"
#include "timeline/TimeAxis.h"

namespace stagelight {
namespace {

constexpr double kLeft = 60, kRight = 8, kAxis = 20, kCores = 70, kGap = 6;

QColor statusColor(StageStatus s) {
    switch (s) {
        case StageStatus::Failed:
            return QColor(0xd6, 0x45, 0x3d);
        case StageStatus::Active:
            return QColor(0x80, 0xB1, 0xD3);
        case StageStatus::Skipped:
            return QColor(0xbb, 0xbb, 0xbb);
        default:
            return QColor(0xB3, 0xDE, 0x69);
    }
}

}  // namespace

AppTimelineView::AppTimelineView(QWidget* parent) : TimelineWidget(parent) {
    setMinimumHeight(140);
}

void AppTimelineView::setModel(ModelPtr model) {
    model_ = std::move(model);
    analysis_.reset();
    bars_.clear();
    rows_ = 0;
    if (model_) {
        const Derived& d = model_->derived;
        for (size_t s = 0; s < model_->stages.size(); ++s) {
            const StageTotals& t = d.stageTotals[s];
            if (d.stageTimelineRow[s] < 0) continue;  // ran no task
            const StageAttempt& a = model_->stages[s];
            const int64_t start = t.firstTaskLaunchTime;
            bars_.push_back({a.stageId, a.attemptId, start, saturatingAdd(start, t.durationMs),
                             model_->stageWaitStart(s), d.stageTimelineRow[s], a.status()});
        }
        std::sort(bars_.begin(), bars_.end(),
                  [](const StageBar& a, const StageBar& b) { return a.start < b.start; });
        rows_ = d.stageTimelineRows;
        start_ = d.span.startMs >= 0 ? d.span.startMs : (bars_.empty() ? 0 : bars_.front().start);
        end_ = std::max(start_ + 1, d.span.endMs);
    }
    clearHistory();
    resetZoom();
}

void AppTimelineView::setAnalysis(AnalysisPtr analysis) {
    analysis_ = std::move(analysis);
    update();
}

void AppTimelineView::setSelectedStage(int32_t stageId, int32_t attemptId) {
    selected_ = {stageId, attemptId};
    update();
}

QRectF AppTimelineView::plotArea() const {
    return QRectF(kLeft, kAxis, std::max(10.0, width() - kLeft - kRight),
                  std::max(10.0, height() - kAxis - kCores - kGap));
}

QRectF AppTimelineView::coreArea() const {
    const QRectF s = plotArea();
    return QRectF(s.left(), s.bottom() + kGap, s.width(), kCores - 4);
}

double AppTimelineView::rowHeight() const {
    return std::clamp(plotArea().height() / std::max(1, rows_), 2.0, 18.0);
}

QRectF AppTimelineView::barRect(size_t i) const {
    const StageBar& b = bars_[i];
    const double h = rowHeight();
    const TimeViewport v = viewport();
    const double x0 = v.xOf(double(b.start));
    const double x1 = std::max(v.xOf(double(b.end)) - 1, x0 + 2);  // 1 px apart
    return QRectF(x0, plotArea().top() + b.row * h + (h > 4 ? 1 : 0), x1 - x0, h > 4 ? h - 2 : h);
}

std::pair<int32_t, int32_t> AppTimelineView::stageAt(const QPoint& pos) const {
    for (size_t i = 0; i < bars_.size(); ++i)
        if (barRect(i).adjusted(-1, 0, 1, 0).contains(pos))
            return {bars_[i].stageId, bars_[i].attemptId};
    return {-1, -1};
}

void AppTimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    if (!model_) return;
    const QRectF area = plotArea(), cores = coreArea();
    const TimeViewport v = viewport();
    auto xOf = [&](int64_t t) { return v.xOf(double(t)); };
    // Axis from the application's start.
    const double step = niceTickStep(v.span(), area.width());
    for (double tick :
         tickOffsets(double(start_), v.start, v.end, step, size_t(area.width()) + 2, 0)) {
        const double x = v.xOf(double(start_) + tick);
        p.setPen(pal.color(QPalette::Midlight));
        p.drawLine(QPointF(x, area.top()), QPointF(x, cores.bottom()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x - 50, 1, 100, kAxis - 3), Qt::AlignCenter,
                   timeTickLabel(tick, step));
    }
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRectF(0, area.top(), kLeft - 6, 16), Qt::AlignRight, tr("stages"));
    p.drawText(QRectF(0, cores.top(), kLeft - 6, 16), Qt::AlignRight, tr("cores"));
    p.save();
    p.setClipRect(QRectF(area.left(), area.top(), area.width(), cores.bottom() - area.top() + 1));
    // Driver-only time shaded: no job ran.
    if (analysis_)
        for (const Gap& g : analysis_->time.gaps)
            if (g.cause == Gap::Cause::Driver || g.cause == Gap::Cause::NoExecutors)
                p.fillRect(QRectF(xOf(g.startMs), area.top(), xOf(g.endMs) - xOf(g.startMs),
                                  cores.bottom() - area.top()),
                           QBrush(QColor(0x99, 0x99, 0x99, 60), Qt::BDiagPattern));
    // Stage bars, each led in by the wait between its submission and its first task.
    for (size_t i = 0; i < bars_.size(); ++i) {
        const QRectF r = barRect(i);
        if (const double x = xOf(bars_[i].submitted); r.left() - x >= 3) {
            p.setPen(QPen(statusColor(bars_[i].status).darker(150), 2, Qt::DashLine));
            p.drawLine(QPointF(x, r.center().y()), QPointF(r.left(), r.center().y()));
            p.drawLine(QPointF(x, r.top() + 2), QPointF(x, r.bottom() - 2));
        }
        const bool selected = selected_ == std::make_pair(bars_[i].stageId, bars_[i].attemptId);
        p.fillRect(r, selected ? pal.color(QPalette::Highlight) : statusColor(bars_[i].status));
        // The label in the part of the bar on screen: a bar running past the right edge kept
        // its label at its start, cut off ("56.").
        const QString label = stageIdText(bars_[i].stageId, bars_[i].attemptId);
        const QRectF shown = r.intersected(QRectF(area.left(), r.top(), area.width(), r.height()));
        if (shown.width() > fontMetrics().horizontalAdvance(label) + 6 &&
            r.height() >= fontMetrics().height() - 4) {
            p.setPen(selected ? pal.color(QPalette::HighlightedText) : QColor(Qt::black));
            p.drawText(shown.adjusted(3, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
        }
    }
    // Cores allocated (outline) and busy (filled) over time.
    p.setPen(pal.color(QPalette::Mid));
    p.drawRect(cores);
    if (analysis_ && !analysis_->time.coreSeries.empty()) {
        double top = 1;
        for (const CoreSample& c : analysis_->time.coreSeries)
            top = std::max(top, c.allocatedCores);
        // The most cores sit below the label's line, so the outline never strikes through it.
        const double room = std::max(4.0, cores.height() - 18);
        auto y = [&](double v) { return cores.bottom() - v / top * room; };
        const auto& series = analysis_->time.coreSeries;
        QPainterPath busy, allocated;
        busy.moveTo(xOf(series.front().timeMs), cores.bottom());
        for (size_t i = 0; i < series.size(); ++i) {
            const double x = xOf(series[i].timeMs);
            const double next = i + 1 < series.size() ? xOf(series[i + 1].timeMs) : xOf(end_);
            busy.lineTo(x, y(series[i].busyCores));
            busy.lineTo(next, y(series[i].busyCores));
            if (i == 0) allocated.moveTo(x, y(series[i].allocatedCores));
            allocated.lineTo(x, y(series[i].allocatedCores));
            allocated.lineTo(next, y(series[i].allocatedCores));
        }
        busy.lineTo(xOf(end_), cores.bottom());
        p.fillPath(busy, QColor(0xB3, 0xDE, 0x69));
        p.setPen(QPen(pal.color(QPalette::Text), 1.2));
        p.drawPath(allocated);
        p.restore();
        p.drawText(QRectF(cores.left() + 4, cores.top() + 2, 300, 14), Qt::AlignLeft,
                   tr("%1 cores allocated at most; green: busy").arg(int(top)));
    } else {
        p.restore();
    }
    paintRubberBand(p);
}

void AppTimelineView::clickedAt(const QPoint& pos) {
    const auto [stage, attempt] = stageAt(pos);
    if (stage >= 0) Q_EMIT stageClicked(stage, attempt);
}

bool AppTimelineView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip || !model_) return TimelineWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const auto [stage, attempt] = stageAt(help->pos());
    const StageAttempt* s = stage >= 0 ? model_->stage(stage, attempt) : nullptr;
    if (!s) {
        QToolTip::hideText();
        return true;
    }
    for (const StageBar& b : bars_)
        if (b.stageId == stage && b.attemptId == attempt) {
            QString text =
                tr("Stage %1 · %2\n%3, from %4")
                    .arg(stageIdText(stage, attempt))
                    .arg(QString::fromStdString(elide(s->name)))
                    .arg(QString::fromStdString(formatDuration(saturatingSub(b.end, b.start))))
                    .arg(QString::fromStdString(formatDuration(saturatingSub(b.start, start_))));
            if (b.submitted < b.start)
                text += tr("\nwaited %1 for its first task after its submission")
                            .arg(QString::fromStdString(formatDuration(b.start - b.submitted)));
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<p style='white-space:pre'>") +
                                   text.toHtmlEscaped() + QStringLiteral("</p>"),
                               this);
        }
    return true;
}

}  // namespace stagelight
