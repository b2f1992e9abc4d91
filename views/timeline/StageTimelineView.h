// The event timeline of one stage: its tasks in executor slot lanes, each bar split into Spark's
// seven phases. Wheel zooms around the cursor, dragging pans, Shift-drag (or the right button)
// zooms into a time range, Backspace goes back, Home resets; hovering shows a task's figures and
// clicking selects it. Tasks narrower than a pixel are merged into one-pixel marks, failed ones
// drawn last so they stay visible. Painted directly: never an item per task.
#pragma once

#include <QWidget>

#include <vector>

#include "figures/SlotLanes.h"
#include "qt/LoadSession.h"

namespace stagelight {

class StageTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit StageTimelineView(QWidget* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    void setHighlightedTasks(std::vector<int64_t> taskIds);
    // Gaps of the time accounting inside this stage (drawn as shaded bands behind the bars).
    void setGaps(std::vector<std::pair<int64_t, int64_t>> windows);

    void zoomTo(int64_t startMs, int64_t endMs);  // pushes the current range on the history
    void zoomBack();
    void resetZoom();
    std::pair<int64_t, int64_t> visibleRange() const { return {viewStart_, viewEnd_}; }
    const SlotLanes& lanes() const { return lanes_; }
    // The task under a widget position, or -1.
    int64_t taskAt(const QPoint& pos) const;
    QRectF barRect(size_t laneTaskIndex) const;  // where a task is drawn (for tests)

Q_SIGNALS:
    void taskClicked(qint64 taskId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;  // tooltips

private:
    QRectF plotArea() const;
    double laneHeight() const;
    double xOf(double timeMs) const;
    double timeAt(double x) const;
    void setRange(double start, double end);

    ModelPtr model_;
    SlotLanes lanes_;
    std::vector<int64_t> highlighted_;  // sorted task ids
    std::vector<std::pair<int64_t, int64_t>> gaps_;
    double viewStart_ = 0, viewEnd_ = 1;
    std::vector<std::pair<double, double>> history_;
    QPoint pressPos_;
    double pressStart_ = 0, pressEnd_ = 0;
    bool panning_ = false, banding_ = false, moved_ = false;
    QPoint bandEnd_;
};

}  // namespace stagelight
