// A job's stage DAG in Spark's own vocabulary (its DAG visualization): each stage a box of its
// RDD operations (RDD Info's name, scope and parent ids), edges inside stages and across shuffle
// boundaries, skipped stages dimmed, each stage's duration and shuffle bytes in its title, the
// stage shown in the other views outlined in the selection colour, the slowest in red. Laid out by
// Graphviz dot on a worker (never on the GUI thread, which would wait for any other view's layout);
// clicking a stage shows it everywhere.
#pragma once

#include <QGraphicsRectItem>
#include <QString>

#include <vector>

#include "dag/GraphView.h"
#include "model/Derived.h"
#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class StageDagView : public GraphView {
    Q_OBJECT
public:
    explicit StageDagView(QWidget* parent = nullptr);
    void setJob(ModelPtr model, int32_t jobId);  // -1 clears; the layout follows (laidOut)
    // The stage the other views show (outlined; none: {-1, -1}), kept across setJob.
    void setCurrentStage(int32_t stageId, int32_t attemptId);
    std::pair<int32_t, int32_t> currentStage() const { return current_; }
    bool stageOutlined(size_t cluster) const;  // drawn as the current stage (tests)
    const LayoutResult& layout() const { return layout_; }
    const std::vector<std::pair<int32_t, int32_t>>& stages() const { return stages_; }
    QPoint stagePosition(size_t stage) const;  // a point inside a stage's box (tests)
    bool layoutPending() const { return layouts_.isJobRunning(); }

Q_SIGNALS:
    void stageClicked(qint32 stageId, qint32 attemptId);
    void laidOut();  // the job's layout arrived and is drawn

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void addItems(LayoutResult layout);  // the scene, once laid out

    ModelPtr model_;
    LayoutResult layout_;
    std::vector<std::pair<int32_t, int32_t>> stages_;  // by cluster index
    // What setJob measured, for drawing the layout when it arrives.
    LayoutInput input_;
    std::vector<QString> labels_;
    std::vector<const StageAttempt*> attempts_;
    std::vector<StageTotals> totals_;
    std::vector<QGraphicsRectItem*> boxes_;  // by cluster index, once drawn
    std::pair<int32_t, int32_t> current_{-1, -1};
    void outlineBoxes();
    JobTracker layouts_{this};  // last: waits for a running layout before the rest goes
};

}  // namespace stagelight
