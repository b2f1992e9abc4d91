// The event timeline of one stage as a widget: StageTimelinePainter draws it, TimelineWidget
// zooms and pans it; hovering shows a task's figures and clicking selects it. Painted directly:
// never an item per task.
#pragma once

#include <vector>

#include "timeline/StageTimelinePainter.h"
#include "timeline/TimelineWidget.h"

namespace stagelight {

class StageTimelineView : public TimelineWidget {
    Q_OBJECT
public:
    explicit StageTimelineView(QWidget* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    void setHighlightedTasks(std::vector<int64_t> taskIds);
    size_t highlightedTasks() const { return painter_.highlightedTasks(); }
    // Gaps of the time accounting inside this stage (drawn as shaded bands behind the bars).
    void setGaps(std::vector<std::pair<int64_t, int64_t>> windows);

    const SlotLanes& lanes() const { return painter_.lanes(); }
    // The task under a widget position, or -1.
    int64_t taskAt(const QPoint& pos) const;
    QRectF barRect(size_t laneTaskIndex) const;  // where a task is drawn (for tests)

Q_SIGNALS:
    void taskClicked(qint64 taskId);

protected:
    QRectF plotArea() const override { return StageTimelinePainter::plotArea(rect()); }
    std::pair<double, double> fullRange() const override;
    void clickedAt(const QPoint& pos) override;
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips

private:
    StageTimelinePainter painter_;
};

}  // namespace stagelight
