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
    // The size each cluster title takes in this view's font, so Graphviz makes room for it.
    void measureClusterLabels(LayoutInput& in) const;
    // A cluster's title at its box's top left, over an opaque patch and above the edges (an
    // edge entering the box passes under it, never through the text); elided to the box.
    QGraphicsItem* addClusterTitle(const LayoutResult::Box& box, const QString& title,
                                   const QColor& colour);
    void wheelEvent(QWheelEvent* event) override;
    virtual void zoomed() {}  // after a Ctrl+wheel zoom
};

}  // namespace stagelight
