#include "timeline/StageTimelinePainter.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

#include "model/Numeric.h"
#include "style/Palette.h"
#include "text/Format.h"
#include "timeline/TimeAxis.h"

namespace stagelight {
namespace {

constexpr double kAxisHeight = 22, kLegendHeight = 18;

// Spark's stage-page colours for the seven phases (timeline-view.css).
const QColor kPhaseColors[kTaskPhaseCount] = {QColor(0x80, 0xB1, 0xD3), QColor(0xFB, 0x80, 0x72),
                                              QColor(0xFD, 0xB4, 0x62), QColor(0xB3, 0xDE, 0x69),
                                              QColor(0xFF, 0xED, 0x6F), QColor(0xBC, 0x80, 0xBD),
                                              QColor(0x8D, 0xD3, 0xC7)};
const QColor kFailedColor(0xd6, 0x45, 0x3d);
const QColor kMergedColor(0x9c, 0xc6, 0x5a);  // a shade darker than computing: many tasks

}  // namespace

double StageTimelinePainter::labelWidth(const QRectF& b) {
    return std::clamp(b.width() * 0.22, 84.0, 150.0);
}

void StageTimelinePainter::setStage(ModelPtr model, size_t stageIndex) {
    model_ = std::move(model);
    hasStage_ = model_ && stageIndex < model_->stages.size();
    lanes_ = model_ ? slotLanes(*model_, stageIndex) : SlotLanes{};
    marks_.assign(lanes_.byLane.size(), 0);
    gaps_.clear();
    folded_.assign(lanes_.executorNames.size(), 0);
    firstRow_ = 0;
    selectedTask_ = selectedLaneTask_ = -1;
    laneLongest_.assign(lanes_.laneLabels.size(), 0);
    for (size_t l = 0; l + 1 < lanes_.laneBegin.size() && l < laneLongest_.size(); ++l)
        for (uint32_t i = lanes_.laneBegin[l]; i < lanes_.laneBegin[l + 1]; ++i)
            laneLongest_[l] = std::max(laneLongest_[l],
                                       saturatingSub(lanes_.byLane[i].end, lanes_.byLane[i].start));
    findAnomalies();
    buildRows();
}

void StageTimelinePainter::findAnomalies() {
    anomalies_.clear();
    for (size_t i = 0; i < lanes_.byLane.size(); ++i)
        if ((lanes_.byLane[i].flags & (kFailed | kKilled)) || marks_[i])
            anomalies_.push_back(uint32_t(i));
    ++generation_;
}

void StageTimelinePainter::setExecutorFolded(size_t e, bool folded) {
    if (e >= folded_.size()) return;
    folded_[e] = folded;
    buildRows();
    ++generation_;
}

void StageTimelinePainter::foldAll(bool folded) {
    std::fill(folded_.begin(), folded_.end(), uint8_t(folded));
    buildRows();
    ++generation_;
}

bool StageTimelinePainter::lanesFit(const QRectF& area) const {
    return double(lanes_.laneLabels.size()) * 4 <= area.height();
}

void StageTimelinePainter::setSelectedTask(int64_t taskId) {
    selectedTask_ = taskId;
    selectedLaneTask_ = -1;
    if (!model_ || taskId < 0) return;
    for (size_t i = 0; i < lanes_.tasks.size(); ++i)
        if (model_->tasks.get(lanes_.tasks[i].row, TaskField::TaskId) == taskId) {
            selectedLaneTask_ = int64_t(i);
            return;
        }
}

void StageTimelinePainter::mark(const std::vector<int64_t>& taskIds, uint8_t bit) {
    std::vector<int64_t> sorted = taskIds;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < marks_.size(); ++i) {
        const uint32_t row = lanes_.tasks[lanes_.byLane[i].task].row;
        const bool on = model_ && std::binary_search(sorted.begin(), sorted.end(),
                                                     model_->tasks.get(row, TaskField::TaskId));
        marks_[i] = uint8_t(on ? marks_[i] | bit : marks_[i] & ~bit);
    }
    findAnomalies();
}

QRectF StageTimelinePainter::plotArea(const QRectF& b) {
    const double label = labelWidth(b);
    return QRectF(b.left() + label, b.top() + kAxisHeight, std::max(10.0, b.width() - label - 8),
                  std::max(10.0, b.height() - kAxisHeight - kLegendHeight - 4));
}

QRectF StageTimelinePainter::barRect(size_t i, const TimeViewport& v, const QRectF& area) const {
    const LaneTask& lt = lanes_.tasks[i];
    const int row = rowOfLane_[size_t(lt.lane)];
    const double h = rowHeight(row, area);
    const double y = rowTop(row, area);
    const double x0 = v.xOf(double(lt.start)), x1 = std::max(v.xOf(double(lt.end)), x0 + 1);
    // A one-pixel gap ends each wide bar, so back-to-back tasks of a slot stay apart.
    const double w = x1 - x0 > 4 ? x1 - x0 - 1 : x1 - x0;
    return QRectF(x0, y + (h > 4 ? 1 : 0), w, h > 4 ? h - 2 : std::max(h, 1.0));
}

int64_t StageTimelinePainter::laneTaskAt(QPointF pos, const TimeViewport& v,
                                         const QRectF& area) const {
    const int row = rowAt(pos.y(), area);
    if (row < 0 || rows_[size_t(row)].folded) return -1;
    const size_t lane = rows_[size_t(row)].firstLane;
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
    builtGeneration_ = generation_;
    builtView_ = v;
    builtArea_ = area;
    builtFirstRow_ = firstRow_;
    for (auto& r : rects_) r.clear();
    phaseWidths_.fill(0);
    speculative_.clear();
    tasksVisited_ = 0;
    lanesDrawn_ = 0;
    if (!model_) return;
    const RowHeights heights = rowHeights(area);
    // Phases need room to be seen: lanes under three pixels show where slots were busy.
    const bool phasesFit = heights.lane >= 3;
    std::vector<uint32_t> late;  // byLane indices of failed and marked tasks, drawn on top
    const int first = mode_ == LaneMode::Fit ? 0 : firstRow_;
    for (int r = first; r < int(rows_.size()); ++r) {
        const double top = rowTop(r, area);
        if (top >= area.bottom()) break;
        const Row& row = rows_[size_t(r)];
        const double h = row.folded ? heights.strip : heights.lane;
        const double barTop = h > 4 ? 1 : 0, barHeight = h > 4 ? h - 2 : std::max(h, 1.0);
        lanesDrawn_ += row.endLane - row.firstLane;
        if (row.folded)
            buildStrip(row, top + barTop, barHeight, v, area, late);
        else
            buildLane(row.firstLane, top + barTop, barHeight, phasesFit, v, area, late);
    }
    for (uint32_t b : late) {
        const size_t i = lanes_.byLane[b].task;
        QRectF r = barRect(i, v, area);
        if (r.width() < 2) r.setWidth(2);
        if (lanes_.tasks[i].flags & (kFailed | kKilled)) {
            rects_[kFailedKind].push_back(r);
            continue;
        }
        if (marks_[b] & kFindingMark) rects_[kHighlightKind].push_back(r);
        if (marks_[b] & kChosenMark) rects_[kChosenKind].push_back(r);
    }
    // How much of the view each phase covers: the legend explains the dominant colours first.
    for (size_t ph = 0; ph < kTaskPhaseCount; ++ph)
        for (const QRectF& r : rects_[ph]) phaseWidths_[ph] += r.width();
}

void StageTimelinePainter::buildLane(size_t lane, double y, double barHeight, bool phasesFit,
                                     const TimeViewport& v, const QRectF& area,
                                     std::vector<uint32_t>& late) {
    const TaskTable& t = model_->tasks;
    const int64_t now = model_->application.lastEventTime;
    const double scale = v.width / v.span();  // xOf without a division per task
    const SlotLanes::Span* spans = lanes_.byLane.data();
    const SlotLanes::Span* begin = spans + lanes_.laneBegin[lane];
    const SlotLanes::Span* end = spans + lanes_.laneBegin[lane + 1];
    const SlotLanes::Span* it = std::partition_point(
        begin, end, [&](const SlotLanes::Span& sp) { return double(sp.end) < v.start; });
    double runStart = 0, runEnd = -1;  // a run of covered pixel columns
    // Every task of the lane is under three pixels (or phases are not drawn): each one that
    // starts inside a run only lengthens it, so all but the last of them can be jumped over.
    // Only where a lane has more tasks in view than two per pixel does a search pay.
    const double inView = double(end - begin) *
                          std::min(1.0, v.span() / std::max(1.0, double(lanes_.end - lanes_.start)));
    const bool skip = runSkipping_ && inView > 2 * v.width &&
                      (!phasesFit || double(laneLongest_[lane]) * scale < 3);
    auto flush = [&] {
        if (runEnd > runStart) rects_[kMerged].emplace_back(runStart, y, runEnd - runStart, barHeight);
        runEnd = -1;
    };
    for (; it != end && double(it->start) <= v.end; ++it) {
        ++tasksVisited_;
        const bool anomaly = (it->flags & (kFailed | kKilled)) || marks_[size_t(it - spans)];
        if (anomaly) late.push_back(uint32_t(it - spans));
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
            if (skip && end - it > 2) {
                // Tasks starting inside the run end before the last of them starts; a search
                // only when the task after next starts inside too.
                // (A task ends before the next one starts, so each but the last of those
                // starting left of the run's end ends inside it, its one-pixel minimum too.)
                const double runRight = runEnd;
                const auto inside = [&](const SlotLanes::Span& sp) {
                    return v.left + (double(sp.start) - v.start) * scale < runRight;
                };
                if (inside(it[2])) {
                    const SlotLanes::Span* lo = it + 2;  // inside; gallop to an outside one
                    ptrdiff_t step = 2;
                    while (end - lo > step && inside(lo[step])) lo += step, step *= 2;
                    const SlotLanes::Span* next =
                        std::partition_point(lo + 1, lo + std::min(step, ptrdiff_t(end - lo)), inside);
                    // Failed and marked ones among those jumped over are still drawn on top.
                    const auto from = uint32_t(it + 1 - spans), to = uint32_t(next - 1 - spans);
                    for (auto a = std::lower_bound(anomalies_.begin(), anomalies_.end(), from);
                         a != anomalies_.end() && *a < to; ++a)
                        late.push_back(*a);
                    it = next - 2;  // the loop goes on with the last task inside the run
                }
            }
            continue;
        }
        flush();
        if (it->flags & (kFailed | kKilled)) continue;  // filled red on top; a finding's tasks keep their phases
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

// One strip for a folded executor: per pixel column, the share of its slots busy (busy time
// covered by its tasks), in four shades.
void StageTimelinePainter::buildStrip(const Row& row, double y, double barHeight,
                                      const TimeViewport& v, const QRectF& area,
                                      std::vector<uint32_t>& late) {
    const double origin = std::floor(area.left());
    const size_t columns = size_t(std::ceil(area.right() - origin)) + 1;
    cover_.assign(columns + 1, 0);
    partial_.assign(columns + 1, 0);
    const double scale = v.width / v.span(), maxX = double(columns);
    const SlotLanes::Span* spans = lanes_.byLane.data();
    for (uint32_t lane = row.firstLane; lane < row.endLane; ++lane) {
        const SlotLanes::Span* begin = spans + lanes_.laneBegin[lane];
        const SlotLanes::Span* end = spans + lanes_.laneBegin[lane + 1];
        const SlotLanes::Span* it = std::partition_point(
            begin, end, [&](const SlotLanes::Span& sp) { return double(sp.end) < v.start; });
        for (; it != end && double(it->start) <= v.end; ++it) {
            if ((it->flags & (kFailed | kKilled)) || marks_[size_t(it - spans)])
                late.push_back(uint32_t(it - spans));
            const double x0 = std::clamp(v.left - origin + (double(it->start) - v.start) * scale, 0.0, maxX);
            const double x1 = std::clamp(v.left - origin + (double(it->end) - v.start) * scale, x0, maxX);
            const size_t c0 = size_t(x0), c1 = std::min(size_t(x1), columns - 1);
            if (c0 >= c1) {
                partial_[c0] += std::max(x1 - x0, 0.05);  // a task under a pixel still shows
                continue;
            }
            partial_[c0] += double(c0 + 1) - x0;
            partial_[c1] += x1 - double(c1);
            cover_[c0 + 1] += 1;
            cover_[c1] -= 1;
        }
    }
    const double slots = double(row.endLane - row.firstLane);
    double running = 0, runStart = 0;
    int runLevel = -1;
    for (size_t c = 0; c <= columns; ++c) {
        int level = -1;
        if (c < columns) {
            running += cover_[c];
            const double busy = (running + partial_[c]) / slots;
            if (busy > 1e-6)
                level = std::min(int(kOccupancyLevels) - 1, int(std::ceil(busy * 4 - 1e-9)) - 1);
        }
        if (level == runLevel) continue;
        if (runLevel >= 0)
            rects_[kOccupancy + size_t(runLevel)].emplace_back(origin + runStart, y,
                                                                double(c) - runStart, barHeight);
        runLevel = level;
        runStart = double(c);
    }
}

QString StageTimelinePainter::emptyText() const {
    if (!hasStage_) return QObject::tr("No stage selected");
    return lanes_.tasks.empty() ? QObject::tr("No tasks in this stage") : QString();
}

size_t StageTimelinePainter::drawListRects() const {
    size_t n = speculative_.size();
    for (const auto& r : rects_) n += r.size();
    return n;
}

void StageTimelinePainter::paint(QPainter& p, const QRectF& bounds, const TimeViewport& v,
                                 const QPalette& pal) {
    p.fillRect(bounds, pal.color(QPalette::Base));
    if (const QString empty = emptyText(); !empty.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(bounds, Qt::AlignCenter, empty);
        return;
    }
    const QRectF area = plotArea(bounds);
    if (generation_ != builtGeneration_ || area != builtArea_ || firstRow_ != builtFirstRow_ ||
        v.start != builtView_.start || v.end != builtView_.end || v.left != builtView_.left ||
        v.width != builtView_.width)
        build(v, area);
    paintAxis(p, area, v, pal);
    paintLabels(p, bounds, area, pal);
    p.save();
    p.setClipRect(area);
    // Gaps first, so bars draw over them: hatched bands across every lane.
    const double lanesBottom =
        std::min(area.bottom(), rowTop(int(rows_.size()), area));
    for (const auto& [from, to] : gaps_) {
        const QRectF band(v.xOf(double(from)), area.top(), v.xOf(double(to)) - v.xOf(double(from)),
                          lanesBottom - area.top());
        p.fillRect(band, QColor(0xd6, 0x45, 0x3d, 28));
        p.fillRect(band, QBrush(QColor(0xd6, 0x45, 0x3d, 70), Qt::BDiagPattern));
    }
    p.setPen(Qt::NoPen);
    for (size_t kind = 0; kind < kKinds; ++kind) {
        if (rects_[kind].empty() || kind == kHighlightKind || kind == kChosenKind)
            continue;  // those are framed below
        QColor occupancy = kMergedColor;
        if (kind >= kOccupancy) occupancy.setAlphaF(0.25 + 0.25 * double(kind - kOccupancy));
        p.setBrush(kind < kTaskPhaseCount  ? kPhaseColors[kind]
                   : kind == kMerged       ? kMergedColor
                   : kind == kFailedKind   ? kFailedColor
                                            : occupancy);
        p.drawRects(rects_[kind].data(), int(rects_[kind].size()));
    }
    // Marked tasks keep their phase colours; a frame marks them (a fill would hide the phases
    // and read as one of them). A chosen bar's frame sits inside a finding's, so both show.
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(palette::kCritical, 2));
    for (const QRectF& r : rects_[kHighlightKind]) p.drawRect(r.adjusted(-1, 0, 1, 0));
    p.setPen(QPen(palette::kChosen, 2));
    for (const QRectF& r : rects_[kChosenKind])
        p.drawRect(r.width() > 4 && r.height() > 6 ? r.adjusted(1, 1, -1, -1) : r);
    p.setPen(Qt::NoPen);
    if (!speculative_.empty()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(pal.color(QPalette::Text), 1, Qt::DashLine));
        p.drawRects(speculative_.data(), int(speculative_.size()));
    }
    if (selectedLaneTask_ >= 0) {  // the clicked task, outlined on its bar (or its strip)
        QRectF r = barRect(size_t(selectedLaneTask_), v, area);
        if (r.width() < 3) r.adjust(-1, 0, 2, 0);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(pal.color(QPalette::Text), 2));
        p.drawRect(r.adjusted(-1, -1, 1, 1));
    }
    p.restore();
    paintLegend(p, bounds, pal);
}

void StageTimelinePainter::paintAxis(QPainter& p, const QRectF& area, const TimeViewport& v,
                                     const QPalette& pal) const {
    const double step = niceTickStep(v.span(), area.width());
    const double origin = double(lanes_.start);
    for (double tick : tickOffsets(origin, v.start, v.end, step, size_t(area.width()) + 2)) {
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
    // A swatch filled with `brush`, or with `framed` an empty square in the frame's colour.
    auto entry = [&](const QBrush& brush, const QString& name, bool framed = false) {
        const double w = 20 + fm.horizontalAdvance(name);
        if (lx + w > bounds.right()) return;  // no half-cut entries on narrow docks
        if (framed) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(brush.color(), 2));
            p.drawRect(QRectF(lx + 1, ly + 5, 8, 8));
        } else {
            p.fillRect(QRectF(lx, ly + 4, 10, 10), brush);
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(lx + 13, ly + 13), name);
        lx += w;
    };
    static const char* shortNames[kTaskPhaseCount] = {
        "Scheduler delay", "Deserialization",      "Shuffle read",  "Computing",
        "Shuffle write",   "Result serialization", "Getting result"};
    // The finding's tasks first (they are why it is open), then the phases by the width they
    // cover; phases not drawn keep Spark's order after them.
    if (!rects_[kHighlightKind].empty()) entry(palette::kCritical, QObject::tr("finding's tasks"), true);
    if (!rects_[kChosenKind].empty())
        entry(palette::kChosen, QObject::tr("tasks of the chosen bar"), true);
    std::array<size_t, kTaskPhaseCount> order{};
    for (size_t ph = 0; ph < kTaskPhaseCount; ++ph) order[ph] = ph;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return phaseWidths_[a] > phaseWidths_[b]; });
    for (size_t ph : order) entry(kPhaseColors[ph], QObject::tr(shortNames[ph]));
    // The rest only when they are on screen.
    if (!rects_[kMerged].empty()) entry(kMergedColor, QObject::tr("many tasks"));
    if (!rects_[kFailedKind].empty()) entry(kFailedColor, QObject::tr("failed / killed"));
    bool strips = false;
    for (size_t l = 0; l < kOccupancyLevels; ++l) strips |= !rects_[kOccupancy + l].empty();
    if (strips)
        entry(kMergedColor, QObject::tr("▸ folded executor: shade = share of its lanes busy"));
    if (!gaps_.empty())
        entry(QBrush(QColor(0xd6, 0x45, 0x3d, 90), Qt::BDiagPattern), QObject::tr("gap"));
}

}  // namespace stagelight
