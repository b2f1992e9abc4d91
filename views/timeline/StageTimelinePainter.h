// Draws one stage's event timeline with a QPainter, for the widget and for reports: tasks in
// executor slot lanes, each bar split into Spark's seven phases, gaps shaded, failed/killed and
// highlighted tasks on top, a time axis and a legend. Before drawing it builds a draw list for
// the visible range: per lane only the visible tasks (found by binary search, since a lane's
// tasks never overlap), tasks narrower than three pixels (or in lanes under three pixels high)
// merged into runs of covered pixels,
// and rectangles batched by colour, so a million tasks draw in milliseconds while failed and
// highlighted tasks are never merged away.
// Every lane stays reachable: rows are lanes or whole executors folded into one occupancy strip
// (shaded by the share of its slots busy); in Scroll mode rows keep a readable height (a folded
// strip never thinner than its label) and the rows from firstRow() on are drawn, in Fit mode every
// row shares the plot's height (below a pixel per row, several rows share a pixel row; none is
// dropped).
#pragma once

#include <QFont>
#include <QPalette>
#include <QRectF>

#include <algorithm>
#include <array>
#include <vector>

#include "figures/SlotLanes.h"
#include "figures/TaskPhases.h"
#include "qt/MetaTypes.h"
#include "timeline/TimeViewport.h"

class QFontMetricsF;
class QPainter;

namespace stagelight {

class StageTimelinePainter {
public:
    enum class LaneMode { Scroll, Fit };
    static constexpr double kScrollRowHeight = 12;  // rows when they do not all fit

    void setStage(ModelPtr model, size_t stageIndex);
    void setLaneMode(LaneMode mode) {
        mode_ = mode;
        ++generation_;
    }
    LaneMode laneMode() const { return mode_; }
    // Rows: a lane, or an executor's lanes folded into one strip.
    int rowCount() const { return int(rows_.size()); }
    int firstRow() const { return firstRow_; }
    void setFirstRow(int row, const QRectF& area);  // clamped so the last row can reach the bottom
    int rowsOnScreen(const QRectF& area) const;     // whole rows that fit (Fit: all)
    int rowAt(double y, const QRectF& area) const;  // -1 outside the rows
    // A row's label as drawn in `width` pixels: "executor " dropped, then the middle elided.
    QString fittedLabel(int row, const QFontMetricsF& metrics, double width) const;
    // The labels' font for rows this high: smaller when rows are narrow, never below 10 px.
    QFont labelFont(QFont font, const QRectF& area) const;
    // The rows labelled on screen, each with its label's top (every folded strip among them).
    std::vector<std::pair<int, double>> labelPlacement(const QRectF& area, double textHeight) const;
    size_t executorOfRow(int row) const { return rows_[size_t(row)].executor; }
    bool rowFolded(int row) const { return rows_[size_t(row)].folded; }
    size_t executorCount() const { return lanes_.executorNames.size(); }
    bool executorFolded(size_t e) const { return folded_[e] != 0; }
    void setExecutorFolded(size_t e, bool folded);
    void foldAll(bool folded);
    // Whether all lanes of the stage fit the area unfolded at three pixels (phases visible).
    bool lanesFit(const QRectF& area) const;
    size_t lanesDrawn() const { return lanesDrawn_; }  // in the last draw list (folded: all)
    void setSelectedTask(int64_t taskId);  // outlined on its bar; -1 clears
    int64_t selectedTask() const { return selectedTask_; }
    // A finding's tasks, framed in the critical colour.
    void setHighlightedTasks(const std::vector<int64_t>& taskIds) { mark(taskIds, kFindingMark); }
    size_t highlightedTasks() const { return marked(kFindingMark); }  // of the stage's tasks
    // The tasks of a histogram bar the user chose, framed in their own colour: they never
    // replace the finding's.
    void setChosenTasks(const std::vector<int64_t>& taskIds) { mark(taskIds, kChosenMark); }
    size_t chosenTasks() const { return marked(kChosenMark); }
    void setGaps(std::vector<std::pair<int64_t, int64_t>> windows) { gaps_ = std::move(windows); }
    const std::vector<std::pair<int64_t, int64_t>>& gaps() const { return gaps_; }

    const SlotLanes& lanes() const { return lanes_; }
    // What is drawn instead of lanes: "No stage selected", "No tasks in this stage", or "".
    QString emptyText() const;
    const EventLogModel* model() const { return model_.get(); }
    // Where the bars go inside the whole drawing's bounds (labels left, axis above, legend below).
    static QRectF plotArea(const QRectF& bounds);
    double laneHeight(const QRectF& area) const;  // the height of an unfolded lane's row
    double rowTop(int row, const QRectF& area) const;
    QRectF barRect(size_t laneTask, const TimeViewport& view, const QRectF& area) const;
    // The index into lanes().tasks of the bar under `pos`, or -1.
    int64_t laneTaskAt(QPointF pos, const TimeViewport& view, const QRectF& area) const;

    // Builds the draw list for `view` over `area` (the plot area); paint() calls it when the
    // view, the area or what is drawn changed since the last one (a hover repaints only).
    void build(const TimeViewport& view, const QRectF& area);
    void invalidateDrawList() { ++generation_; }
    // Zoomed out, a lane's tasks that start inside a run of covered pixels are jumped over by
    // binary search instead of visited one by one; off, every task is visited (tests compare
    // the two draw lists).
    void setRunSkipping(bool on) {
        runSkipping_ = on;
        ++generation_;
    }
    size_t drawListRects() const;  // rectangles in the last draw list (for the benchmark)
    size_t drawKinds() const { return rects_.size(); }
    size_t tasksVisited() const { return tasksVisited_; }  // by the last build's lanes
    const std::vector<QRectF>& drawList(size_t kind) const { return rects_[kind]; }
    void paint(QPainter& p, const QRectF& bounds, const TimeViewport& view, const QPalette& pal);

private:
    // Colours of the draw list: the seven phases, merged runs, failed, a finding's tasks, a
    // chosen bar's tasks.
    static constexpr size_t kMerged = kTaskPhaseCount, kFailedKind = kMerged + 1,
                            kHighlightKind = kFailedKind + 1, kChosenKind = kHighlightKind + 1,
                            kOccupancy = kChosenKind + 1, kOccupancyLevels = 4,
                            kKinds = kOccupancy + kOccupancyLevels;
    static constexpr uint8_t kFindingMark = 1, kChosenMark = 2;  // bits of marks_
    void mark(const std::vector<int64_t>& taskIds, uint8_t bit);
    size_t marked(uint8_t bit) const {
        return size_t(std::count_if(marks_.begin(), marks_.end(),
                                    [bit](uint8_t m) { return (m & bit) != 0; }));
    }
    struct Row {
        uint32_t firstLane, endLane;
        size_t executor;
        bool folded;
    };
    // Lane labels take up to 150 px, less in a narrow view (two timelines side by side in the
    // comparison), so the bars keep most of the width; labels are elided to fit. At least the
    // width of the Fit and Fold buttons above them.
    static double labelWidth(const QRectF& bounds);
    void buildRows();
    void buildLane(size_t lane, double y, double barHeight, bool phasesFit,
                   const TimeViewport& v, const QRectF& area, std::vector<uint32_t>& late);
    void buildStrip(const Row& row, double y, double barHeight, const TimeViewport& v,
                    const QRectF& area, std::vector<uint32_t>& late);
    QString rowLabel(const Row& row) const;
    // Lanes are `lane` high; a folded strip keeps a labelled row in Scroll mode.
    struct RowHeights {
        double lane, strip;
    };
    RowHeights rowHeights(const QRectF& area) const;
    double rowHeight(int row, const QRectF& area) const;
    double offsetOf(int row, const RowHeights& h) const;  // from the first row's top
    void paintLabels(QPainter& p, const QRectF& bounds, const QRectF& area,
                     const QPalette& pal) const;

    void paintAxis(QPainter& p, const QRectF& area, const TimeViewport& view,
                   const QPalette& pal) const;
    void paintLegend(QPainter& p, const QRectF& bounds, const QPalette& pal) const;

    ModelPtr model_;
    bool hasStage_ = false;  // a stage is set (it may have no tasks)
    SlotLanes lanes_;
    std::vector<uint8_t> marks_;  // by index into lanes_.byLane: kFindingMark | kChosenMark
    std::vector<std::pair<int64_t, int64_t>> gaps_;
    std::array<std::vector<QRectF>, kKinds> rects_;
    std::array<double, kTaskPhaseCount> phaseWidths_{};  // pixels each phase covers in rects_
    std::vector<QRectF> speculative_;  // outlined
    LaneMode mode_ = LaneMode::Fit;
    std::vector<uint8_t> folded_;  // by executor
    std::vector<Row> rows_;
    std::vector<int> foldedBefore_{0};  // by row (and one past the last): folded rows above it
    std::vector<int> rowOfLane_;
    int firstRow_ = 0;
    size_t lanesDrawn_ = 0;
    int64_t selectedTask_ = -1;
    int64_t selectedLaneTask_ = -1;  // its index into lanes_.tasks
    std::vector<double> cover_, partial_;  // scratch for occupancy strips
    std::vector<uint32_t> anomalies_;      // byLane indices of failed or marked tasks
    std::vector<int64_t> laneLongest_;     // by lane: its longest task (ms)
    bool runSkipping_ = true;
    size_t tasksVisited_ = 0;
    void findAnomalies();
    // What the last draw list was built for; paint() builds again when any of it changed.
    uint64_t generation_ = 0, builtGeneration_ = ~uint64_t(0);
    TimeViewport builtView_{};
    QRectF builtArea_;
    int builtFirstRow_ = -1;
};

}  // namespace stagelight
