// What the plan graph and the job DAG share: a QGraphicsScene view that pans by dragging and
// zooms with Ctrl+wheel, and draws a laid-out edge (Bézier path and arrowhead).
#pragma once

#include <QGraphicsView>

#include "dag/GraphLayout.h"

namespace stagelight {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);

protected:
    void addEdge(const LayoutResult::Path& path, const QColor& colour);
    void wheelEvent(QWheelEvent* event) override;
    virtual void zoomed() {}  // after a Ctrl+wheel zoom
};

}  // namespace stagelight
