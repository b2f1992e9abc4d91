#include "timeline/StageTimelinePainter.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "text/Format.h"
#include "timeline/TimeAxis.h"

namespace stagelight {
namespace {

constexpr double kLabelWidth = 150, kAxisHeight = 22, kLegendHeight = 18;

// Spark's stage-page colours for the seven phases (timeline-view.css).
const QColor kPhaseColors[kTaskPhaseCount] = {QColor(0x80, 0xB1, 0xD3), QColor(0xFB, 0x80, 0x72),
                                              QColor(0xFD, 0xB4, 0x62), QColor(0xB3, 0xDE, 0x69),
                                              QColor(0xFF, 0xED, 0x6F), QColor(0xBC, 0x80, 0xBD),
                                              QColor(0x8D, 0xD3, 0xC7)};
const QColor kFailedColor(0xd6, 0x45, 0x3d);
const QColor kMergedColor(0x9c, 0xc6, 0x5a);  // a shade darker than computing: many tasks

}  // namespace

void StageTimelinePainter::setStage(ModelPtr model, size_t stageIndex) {
    model_ = std::move(model);
    lanes_ = model_ ? slotLanes(*model_, stageIndex) : SlotLanes{};
    highlighted_.assign(lanes_.byLane.size(), 0);
    gaps_.clear();
}

void StageTimelinePainter::setHighlightedTasks(const std::vector<int64_t>& taskIds) {
    highlighted_.assign(lanes_.byLane.size(), 0);
    if (!model_ || taskIds.empty()) return;
    std::vector<int64_t> sorted = taskIds;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < lanes_.byLane.size(); ++i) {
        const uint32_t row = lanes_.tasks[lanes_.byLane[i].task].row;
        highlighted_[i] = std::binary_search(sorted.begin(), sorted.end(),
                                             model_->tasks.get(row, TaskField::TaskId));
    }
}

QRectF StageTimelinePainter::plotArea(const QRectF& b) {
    return QRectF(b.left() + kLabelWidth, b.top() + kAxisHeight,
                  std::max(10.0, b.width() - kLabelWidth - 8),
                  std::max(10.0, b.height() - kAxisHeight - kLegendHeight - 4));
}

double StageTimelinePainter::laneHeight(const QRectF& area) const {
    const int lanes = std::max<int>(1, int(lanes_.laneLabels.size()));
    return std::clamp(area.height() / lanes, 1.0, 20.0);
}

QRectF StageTimelinePainter::barRect(size_t i, const TimeViewport& v, const QRectF& area) const {
    const LaneTask& lt = lanes_.tasks[i];
    const double h = laneHeight(area);
    const double y = area.top() + lt.lane * h;
    const double x0 = v.xOf(double(lt.start)), x1 = std::max(v.xOf(double(lt.end)), x0 + 1);
    // A one-pixel gap ends each wide bar, so back-to-back tasks of a slot stay apart.
    const double w = x1 - x0 > 4 ? x1 - x0 - 1 : x1 - x0;
    return QRectF(x0, y + (h > 4 ? 1 : 0), w, h > 4 ? h - 2 : h);
}

int64_t StageTimelinePainter::laneTaskAt(QPointF pos, const TimeViewport& v,
                                         const QRectF& area) const {
    const double h = laneHeight(area);
    const double laneF = std::floor((pos.y() - area.top()) / h);
    if (laneF < 0 || laneF >= double(lanes_.laneLabels.size())) return -1;
    const size_t lane = size_t(laneF);
    const auto begin = lanes_.byLane.begin() + lanes_.laneBegin[lane];
    const auto end = lanes_.byLane.begin() + lanes_.laneBegin[lane + 1];
    const double slack = v.span() / v.width;  // one pixel of time either side
    const double t = v.timeAt(pos.x());
    auto it = std::partition_point(
        begin, end, [&](const SlotLanes::Span& sp) { return double(sp.end) < t - slack; });
    for (; it != end && double(it->start) <= t + slack; ++it)
        if (barRect(it->task, v, area).adjusted(-1, 0, 1, 0).contains(pos)) return it->task;
    return -1;
}

void StageTimelinePainter::build(const TimeViewport& v, const QRectF& area) {
    for (auto& r : rects_) r.clear();
    speculative_.clear();
    if (!model_) return;
    const TaskTable& t = model_->tasks;
    const int64_t now = model_->application.lastEventTime;
    const double h = laneHeight(area);
    const double barTop = h > 4 ? 1 : 0, barHeight = h > 4 ? h - 2 : h;
    // Phases need room to be seen: lanes under three pixels show where slots were busy.
    const bool phasesFit = h >= 3;
    const size_t visibleLanes =
        std::min(lanes_.laneLabels.size(), size_t(std::ceil(area.height() / h)));
    std::vector<uint32_t> late;               // failed and highlighted tasks, drawn on top
    const double scale = v.width / v.span();  // xOf without a division per task
    const SlotLanes::Span* spans = lanes_.byLane.data();
    for (size_t lane = 0; lane < visibleLanes; ++lane) {
        const double y = area.top() + double(lane) * h + barTop;
        const SlotLanes::Span* begin = spans + lanes_.laneBegin[lane];
        const SlotLanes::Span* end = spans + lanes_.laneBegin[lane + 1];
        const SlotLanes::Span* it = std::partition_point(
            begin, end, [&](const SlotLanes::Span& sp) { return double(sp.end) < v.start; });
        double runStart = 0, runEnd = -1;  // a run of covered pixel columns
        auto flush = [&] {
            if (runEnd > runStart)
                rects_[kMerged].emplace_back(runStart, y, runEnd - runStart, barHeight);
            runEnd = -1;
        };
        for (; it != end && double(it->start) <= v.end; ++it) {
            const bool anomaly =
                (it->flags & (kFailed | kKilled)) || highlighted_[size_t(it - spans)];
            if (anomaly) late.push_back(it->task);
            const double x0 = v.left + (double(it->start) - v.start) * scale;
            const double x1 = std::max(v.left + (double(it->end) - v.start) * scale, x0 + 1);
            if (x1 - x0 < 3 || !phasesFit) {
                const double px0 = std::floor(x0), px1 = std::max(px0 + 1, std::ceil(x1));
                if (runEnd >= px0) {
                    runEnd = std::max(runEnd, px1);
                } else {
                    flush();
                    runStart = px0;
                    runEnd = px1;
                }
                continue;
            }
            flush();
            if (anomaly) continue;
            const QRectF r = barRect(it->task, v, area);
            const auto phases = taskPhases(t, lanes_.tasks[it->task].row, now);
            const double total = std::max(1.0, double(it->end - it->start));
            double x = r.left();
            for (size_t ph = 0; ph < kTaskPhaseCount; ++ph) {
                const double w = r.width() * phases[ph] / total;
                if (w > 0) rects_[ph].emplace_back(x, r.top(), w, r.height());
                x += w;
            }
            if (it->flags & kSpeculative) speculative_.push_back(r);
        }
        flush();
    }
    for (uint32_t i : late) {
        QRectF r = barRect(i, v, area);
        if (r.width() < 2) r.setWidth(2);
        const bool failed = lanes_.tasks[i].flags & (kFailed | kKilled);
        rects_[failed ? kFailedKind : kHighlightKind].push_back(r);
    }
}

size_t StageTimelinePainter::drawListRects() const {
    size_t n = speculative_.size();
    for (const auto& r : rects_) n += r.size();
    return n;
}

void StageTimelinePainter::paint(QPainter& p, const QRectF& bounds, const TimeViewport& v,
                                 const QPalette& pal) {
    p.fillRect(bounds, pal.color(QPalette::Base));
    if (!model_ || lanes_.tasks.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(bounds, Qt::AlignCenter, QObject::tr("No tasks in this stage"));
        return;
    }
    const QRectF area = plotArea(bounds);
    build(v, area);
    paintAxis(p, area, v, pal);
    const double h = laneHeight(area);
    p.setPen(pal.color(QPalette::Text));
    // Lane labels in a smaller font when lanes are narrow; none below eight pixels.
    if (h >= 8) {
        p.save();
        QFont font = p.font();
        if (QFontMetricsF(font).height() > h + 1) font.setPixelSize(std::max(7, int(h) - 1));
        p.setFont(font);
        for (size_t l = 0; l < lanes_.laneLabels.size() && double(l) * h < area.height(); ++l)
            p.drawText(QRectF(bounds.left() + 4, area.top() + double(l) * h, kLabelWidth - 8, h),
                       Qt::AlignVCenter | Qt::AlignRight,
                       QString::fromStdString(lanes_.laneLabels[l]));
        p.restore();
    }
    p.save();
    p.setClipRect(area);
    // Gaps first, so bars draw over them: hatched bands across every lane.
    const double lanesBottom =
        std::min(area.bottom(), area.top() + double(lanes_.laneLabels.size()) * h);
    for (const auto& [from, to] : gaps_) {
        const QRectF band(v.xOf(double(from)), area.top(), v.xOf(double(to)) - v.xOf(double(from)),
                          lanesBottom - area.top());
        p.fillRect(band, QColor(0xd6, 0x45, 0x3d, 28));
        p.fillRect(band, QBrush(QColor(0xd6, 0x45, 0x3d, 70), Qt::BDiagPattern));
    }
    p.setPen(Qt::NoPen);
    for (size_t kind = 0; kind < kKinds; ++kind) {
        if (rects_[kind].empty()) continue;
        p.setBrush(kind < kTaskPhaseCount ? kPhaseColors[kind]
                   : kind == kMerged      ? kMergedColor
                   : kind == kFailedKind  ? kFailedColor
                                          : pal.color(QPalette::Highlight));
        p.drawRects(rects_[kind].data(), int(rects_[kind].size()));
    }
    if (!speculative_.empty()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(pal.color(QPalette::Text), 1, Qt::DashLine));
        p.drawRects(speculative_.data(), int(speculative_.size()));
    }
    p.restore();
    paintLegend(p, bounds, pal);
}

void StageTimelinePainter::paintAxis(QPainter& p, const QRectF& area, const TimeViewport& v,
                                     const QPalette& pal) const {
    const double step = niceTickStep(v.span(), area.width());
    const double origin = double(lanes_.start);
    for (double tick = std::ceil((v.start - origin) / step) * step; origin + tick <= v.end;
         tick += step) {
        const double x = v.xOf(origin + tick);
        p.setPen(pal.color(QPalette::Midlight));
        p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x - 50, area.top() - kAxisHeight + 2, 100, kAxisHeight - 4),
                   Qt::AlignCenter, timeTickLabel(tick, step));
    }
}

void StageTimelinePainter::paintLegend(QPainter& p, const QRectF& bounds,
                                       const QPalette& pal) const {
    const QFontMetricsF fm(p.font());
    double lx = bounds.left() + 8;
    const double ly = bounds.bottom() - kLegendHeight;
    auto entry = [&](const QBrush& brush, const QString& name) {
        const double w = 20 + fm.horizontalAdvance(name);
        if (lx + w > bounds.right()) return;  // no half-cut entries on narrow docks
        p.fillRect(QRectF(lx, ly + 4, 10, 10), brush);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(lx + 13, ly + 13), name);
        lx += w;
    };
    static const char* shortNames[kTaskPhaseCount] = {
        "Scheduler delay", "Deserialization",      "Shuffle read",  "Computing",
        "Shuffle write",   "Result serialization", "Getting result"};
    for (size_t ph = 0; ph < kTaskPhaseCount; ++ph)
        entry(kPhaseColors[ph], QObject::tr(shortNames[ph]));
    // The rest only when they are on screen.
    if (!rects_[kMerged].empty()) entry(kMergedColor, QObject::tr("many tasks"));
    if (!rects_[kFailedKind].empty()) entry(kFailedColor, QObject::tr("failed / killed"));
    if (!gaps_.empty())
        entry(QBrush(QColor(0xd6, 0x45, 0x3d, 90), Qt::BDiagPattern), QObject::tr("gap"));
}

}  // namespace stagelight
