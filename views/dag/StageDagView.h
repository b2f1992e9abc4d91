// A job's stage DAG in Spark's own vocabulary (its DAG visualization): each stage a box of its
// RDD operations (RDD Info's name, scope and parent ids), edges inside stages and across shuffle
// boundaries, skipped stages dimmed, each stage's duration and shuffle bytes in its title, the
// slowest emphasized. Laid out by Graphviz dot; clicking a stage shows it everywhere.
#pragma once

#include "dag/GraphView.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class StageDagView : public GraphView {
    Q_OBJECT
public:
    explicit StageDagView(QWidget* parent = nullptr);
    void setJob(ModelPtr model, int32_t jobId);  // -1 clears
    const LayoutResult& layout() const { return layout_; }
    const std::vector<std::pair<int32_t, int32_t>>& stages() const { return stages_; }
    QPoint stagePosition(size_t stage) const;  // a point inside a stage's box (tests)

Q_SIGNALS:
    void stageClicked(qint32 stageId, qint32 attemptId);

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    ModelPtr model_;
    LayoutResult layout_;
    std::vector<std::pair<int32_t, int32_t>> stages_;  // by cluster index
};

}  // namespace stagelight
