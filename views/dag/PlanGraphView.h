// The physical plan of one SQL execution as a graph (Spark's SQL tab): operators with their
// metrics as "total (min, med, max)", grouped in boxes by the stage whose tasks ran them, shaded
// by their share of the plan's measured time; laid out by Graphviz dot, drawn with
// QGraphicsScene. Ctrl+wheel zooms, dragging pans, Home fits the plan; clicking an operator asks
// to show the stage that ran it.
#pragma once

#include "dag/GraphView.h"
#include "qt/LoadSession.h"

namespace stagelight {

class MiniMap;

class PlanGraphView : public GraphView {
    Q_OBJECT
public:
    explicit PlanGraphView(QWidget* parent = nullptr);
    void setExecution(ModelPtr model, int64_t executionId);  // -1 clears
    void highlightNode(int64_t nodeId);                      // a finding's plan node
    void fitAll();
    const LayoutResult& layout() const { return layout_; }
    int nodeCount() const { return int(layout_.nodes.size()); }
    QPoint nodePosition(int node) const;  // centre of a node in viewport coordinates (tests)
    bool miniMapShown() const;

Q_SIGNALS:
    void stageRequested(qint32 stageId, qint32 attemptId);

protected:
    void zoomed() override { placeMiniMap(); }
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    ModelPtr model_;
    LayoutResult layout_;
    std::vector<std::pair<int32_t, int32_t>> nodeStage_;  // the stage of each node, or (-1, -1)
    std::vector<QGraphicsItem*> nodeItems_;
    void placeMiniMap();  // shown in the corner when the plan does not fit
    MiniMap* miniMap_;
};

}  // namespace stagelight
