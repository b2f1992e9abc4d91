// The event timeline of one stage as a widget: StageTimelinePainter draws it, TimelineWidget
// zooms and pans it; hovering shows a task's figures and clicking selects it (outlined on its
// bar). Every lane is reachable: a scroll bar (or the wheel over the lane labels, PgUp/PgDn,
// End) moves through rows that do not fit, a click on an executor's label folds its slots into
// one occupancy strip or unfolds them, and "Fit" keeps the whole stage on screen. Painted
// directly: never an item per task.
#pragma once

#include <vector>

#include "timeline/StageTimelinePainter.h"
#include "timeline/TimelineWidget.h"

class QScrollBar;
class QToolButton;

namespace stagelight {

class StageTimelineView : public TimelineWidget {
    Q_OBJECT
public:
    explicit StageTimelineView(QWidget* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    void setHighlightedTasks(std::vector<int64_t> taskIds);
    size_t highlightedTasks() const { return painter_.highlightedTasks(); }
    // A histogram bar's tasks, marked apart from a finding's (empty: none).
    void setChosenTasks(const std::vector<int64_t>& taskIds);
    size_t chosenTasks() const { return painter_.chosenTasks(); }
    // Gaps of the time accounting inside this stage (drawn as shaded bands behind the bars).
    void setGaps(std::vector<std::pair<int64_t, int64_t>> windows);
    const std::vector<std::pair<int64_t, int64_t>>& gaps() const { return painter_.gaps(); }
    void setSelectedTask(int64_t taskId);  // outlined on its bar
    int64_t selectedTask() const { return painter_.selectedTask(); }

    // Rows and lanes: Scroll keeps rows readable and scrolls, Fit shows every row at once.
    void setLaneMode(StageTimelinePainter::LaneMode mode);
    StageTimelinePainter::LaneMode laneMode() const { return painter_.laneMode(); }
    void foldExecutors(bool folded);
    void toggleFold(int row);  // the executor of that row
    void scrollToRow(int row);
    const StageTimelinePainter& painter() const { return painter_; }
    QScrollBar* laneScrollBar() const { return scroll_; }

    const SlotLanes& lanes() const { return painter_.lanes(); }
    // The task under a widget position, or -1.
    int64_t taskAt(const QPoint& pos) const;
    QRectF barRect(size_t laneTaskIndex) const;  // where a task is drawn (for tests)
    QRectF plotRect() const { return plotArea(); }
    // A task's tooltip (plain text): ids, executor, phases, shuffle bytes and spill.
    QString taskToolTip(size_t laneTask) const;

Q_SIGNALS:
    void taskClicked(qint64 taskId);

protected:
    QRectF plotArea() const override { return StageTimelinePainter::plotArea(drawBounds()); }
    std::pair<double, double> fullRange() const override;
    void clickedAt(const QPoint& pos) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;  // tooltips

private:
    QRectF drawBounds() const;  // the widget less the scroll bar
    void updateScrollBar();
    StageTimelinePainter painter_;
    QScrollBar* scroll_;
    QToolButton* fit_;
    QToolButton* fold_;
    bool autoFoldPending_ = false;  // decided once the widget has its size
};

}  // namespace stagelight
