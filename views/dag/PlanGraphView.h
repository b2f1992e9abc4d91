// The physical plan of one SQL execution as a graph (Spark's SQL tab): operators with their
// metrics as "total (min, med, max)", grouped in boxes by the stage whose tasks ran them, shuffle
// exchanges split into a write half (map stage) and a read half (reducing stage), shaded by their
// share of the plan's measured time; laid out by Graphviz dot, drawn with QGraphicsScene.
// Ctrl+wheel zooms, dragging pans, Home fits the plan; clicking an operator asks to show the
// stage that ran it and selects it (its metrics and details for a side panel). Any version of
// an adaptive plan can be shown. It opens fitted to the width; when that would make text
// unreadable, operators are drawn compact (name and table only). Scans show their table,
// PushedFilters and column count, joins their strategy and build side. Operators without a stage
// of their own (AQE query stages, shuffle reads) sit in the box of the stage that consumes them.
// Find dims the operators that do not match and steps through those that do. Every layout
// runs on a worker (Graphviz holds a process-wide lock, so the window never waits on another
// view's layout); a big plan shows "Laying out N operators…" meanwhile.
#pragma once

#include "dag/GraphView.h"
#include "figures/PlanGraph.h"
#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class MiniMap;

class PlanGraphView : public GraphView {
    Q_OBJECT
public:
    enum class Which { Final, Initial };
    explicit PlanGraphView(QWidget* parent = nullptr);
    // -1 clears; the initial plan is the one at the execution's start (the final one when AQE
    // never replaced it).
    void setExecution(ModelPtr model, int64_t executionId, Which which = Which::Final);
    // One version of the execution's plan (owned by the model), e.g. an AQE update's.
    void setPlan(ModelPtr model, int64_t executionId, const SqlPlan* plan);
    bool compact() const { return compact_; }
    void fitWidth();  // the scale that fits the width (never above 1), the top in view
    // Find: operators whose name, details or metrics contain `text` (case-insensitive); the
    // others are dimmed. Returns the number of matches; showMatch() centres one.
    int setSearch(const QString& text);
    const std::vector<int>& matches() const { return matches_; }
    int currentMatch() const { return currentMatch_; }
    void showMatch(int k);  // wraps around
    // A graph node, marked and reported by nodeSelected; -1 clears (not reported).
    void selectNode(int node);
    int selectedNode() const { return selected_; }
    QString nodeDetails(int node) const;  // everything known about one graph node, plain text
    void highlightNode(int64_t planNode);  // a finding's plan node (both halves of an exchange)
    int64_t highlightedNode() const { return highlighted_; }  // -1: none
    void fitAll();
    const LayoutResult& layout() const { return layout_; }
    const PlanGraph& graph() const { return graph_; }
    int nodeCount() const;                // operators and codegen boxes drawn
    int dimmedNodeCount() const;          // drawn operators a search leaves out, faded
    QPoint nodePosition(int node) const;  // centre of an operator, title of a codegen box
    int layoutIndex(int node) const { return layoutIndex_[size_t(node)]; }  // -1: not an operator box
    bool miniMapShown() const;
    QRect miniMapGeometry() const;  // in this widget's coordinates, beside the viewport
    bool layoutPending() const { return layouts_.isJobRunning() || relayout_; }  // on a worker

Q_SIGNALS:
    void stageRequested(qint32 stageId, qint32 attemptId);
    void laidOut();  // the plan's layout arrived and is drawn
    void nodeSelected(int node);

protected:
    void zoomed() override { placeMiniMap(); }
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void buildScene();
    void restyle();  // pens and opacity from highlight, selection and search
    void addItems(LayoutResult layout);
    void placeMiniMap();  // shown in the corner when the plan does not fit
    ModelPtr model_;
    PlanGraph graph_;
    LayoutResult layout_;
    std::vector<QStringList> lines_;  // each node's text, elided
    std::vector<std::string> clusterLabels_;
    std::vector<int> clusterNodes_;  // by cluster: the codegen node it draws, -1 for a stage box
    std::vector<int> layoutIndex_;   // by graph node: its index in the layout, -1 when undrawn
    std::vector<QGraphicsItem*> nodeItems_;
    std::vector<QString> searchText_;  // per node, lower case
    std::vector<int> matches_;
    QString query_;
    int currentMatch_ = -1, selected_ = -1;
    const SqlPlan* plan_ = nullptr;
    bool compact_ = false, relayout_ = false, placingMiniMap_ = false;
    uint64_t layoutGeneration_ = 0;  // a placeholder is for the layout it was scheduled for
    int64_t highlighted_ = -1;
    MiniMap* miniMap_;
    JobTracker layouts_{this};  // last: waits for a running layout before the rest goes
};

}  // namespace stagelight
