// The graph Stagelight draws for a SQL physical plan: one node per operator, except shuffle
// exchanges, which are split into the write half (run by the map stage's tasks: bytes and records
// written, write time, data size) and the read half (run by the reducing stage's tasks: blocks
// and bytes fetched, fetch wait), each in the stage that ran it, as Spark's own metrics place
// them. Edges follow the data, from a child to its parent. As in Spark's SQL UI, a
// WholeStageCodegen is drawn as a box around the operators compiled into it (down to its
// InputAdapter, which is not drawn): its node is a cluster, not an operator.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "figures/PlanMetrics.h"

namespace stagelight {

enum class ExchangeHalf { None, Write, Read };

struct PlanGraphNode {
    int32_t planNode = 0;  // index into SqlPlan::nodes
    ExchangeHalf half = ExchangeHalf::None;
    std::string title;  // the operator's name; "(write)"/"(read)" on exchange halves
    std::vector<PlanMetricValue> metrics;
    std::pair<int32_t, int32_t> stage{-1, -1};  // the stage whose tasks updated its metrics
    int64_t measuredTimeMs = 0;                 // what its timing metrics measured
    bool cluster = false;      // a WholeStageCodegen: drawn as the box around its operators
    bool hidden = false;       // an InputAdapter: the codegen boundary, not drawn
    int32_t codegen = -1;      // the codegen cluster (a node index) this operator was compiled into
    bool drawn() const { return !cluster && !hidden; }
};

struct PlanGraph {
    std::vector<PlanGraphNode> nodes;
    std::vector<std::pair<int32_t, int32_t>> edges;        // (from, to) indices into nodes
    std::vector<int32_t> nodesOf(int32_t planNode) const;  // both halves of an exchange
    // Edges between drawn operators: the ones through a codegen cluster or an InputAdapter
    // joined, so the data still flows from the compiled operators to the codegen's parent.
    std::vector<std::pair<int32_t, int32_t>> drawnEdges() const;
};

bool isWholeStageCodegen(const PlanNode& node);

// Whether an operator is a shuffle exchange (not a broadcast, not a reused exchange).
bool isShuffleExchange(const PlanNode& node);
// Whether a shuffle metric is updated by the reading side (Spark's shuffle read metrics).
bool isShuffleReadMetric(const std::string& name);

PlanGraph buildPlanGraph(const SqlPlan& plan, const PlanMetricTable& metrics);

}  // namespace stagelight
