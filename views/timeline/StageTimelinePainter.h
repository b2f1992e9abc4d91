// Draws one stage's event timeline with a QPainter, for the widget and for reports: tasks in
// executor slot lanes, each bar split into Spark's seven phases, gaps shaded, failed/killed and
// highlighted tasks on top, a time axis and a legend. Before drawing it builds a draw list for
// the visible range: per lane only the visible tasks (found by binary search, since a lane's
// tasks never overlap), tasks narrower than three pixels (or in lanes under three pixels high)
// merged into runs of covered pixels,
// and rectangles batched by colour, so a million tasks draw in milliseconds while failed and
// highlighted tasks are never merged away.
#pragma once

#include <QPalette>
#include <QRectF>

#include <algorithm>
#include <array>
#include <vector>

#include "figures/SlotLanes.h"
#include "figures/TaskPhases.h"
#include "qt/MetaTypes.h"
#include "timeline/TimeViewport.h"

class QPainter;

namespace stagelight {

class StageTimelinePainter {
public:
    void setStage(ModelPtr model, size_t stageIndex);
    void setHighlightedTasks(const std::vector<int64_t>& taskIds);
    size_t highlightedTasks() const {  // of the stage's tasks, how many are highlighted
        return size_t(std::count(highlighted_.begin(), highlighted_.end(), uint8_t(1)));
    }
    void setGaps(std::vector<std::pair<int64_t, int64_t>> windows) { gaps_ = std::move(windows); }

    const SlotLanes& lanes() const { return lanes_; }
    const EventLogModel* model() const { return model_.get(); }
    // Where the bars go inside the whole drawing's bounds (labels left, axis above, legend below).
    static QRectF plotArea(const QRectF& bounds);
    double laneHeight(const QRectF& area) const;
    QRectF barRect(size_t laneTask, const TimeViewport& view, const QRectF& area) const;
    // The index into lanes().tasks of the bar under `pos`, or -1.
    int64_t laneTaskAt(QPointF pos, const TimeViewport& view, const QRectF& area) const;

    // Builds the draw list for `view` over `area` (the plot area); paint() calls it.
    void build(const TimeViewport& view, const QRectF& area);
    size_t drawListRects() const;  // rectangles in the last draw list (for the benchmark)
    void paint(QPainter& p, const QRectF& bounds, const TimeViewport& view, const QPalette& pal);

private:
    // Colours of the draw list: the seven phases, merged runs, failed, highlighted.
    static constexpr size_t kMerged = kTaskPhaseCount, kFailedKind = kMerged + 1,
                            kHighlightKind = kFailedKind + 1, kKinds = kHighlightKind + 1;
    void paintAxis(QPainter& p, const QRectF& area, const TimeViewport& view,
                   const QPalette& pal) const;
    void paintLegend(QPainter& p, const QRectF& bounds, const QPalette& pal) const;

    ModelPtr model_;
    SlotLanes lanes_;
    std::vector<uint8_t> highlighted_;  // by index into lanes_.byLane
    std::vector<std::pair<int64_t, int64_t>> gaps_;
    std::array<std::vector<QRectF>, kKinds> rects_;
    std::vector<QRectF> speculative_;  // outlined
};

}  // namespace stagelight
