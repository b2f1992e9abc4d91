// applications/{id}/sql[?details=&planDescription=&offset=&length=] and …/sql/{executionId}
// (the History Server's SqlResource: ExecutionData with the plan graph's nodes, their metrics
// as the SQL tab prints them, and edges).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

namespace stagelight {

// SparkPlanGraph of a plan: node ids in Spark's order (depth first, a WholeStageCodegen a
// cluster numbered before its operators, InputAdapters and query stages not numbered, a reused
// exchange or subquery pointing at the first), edges from child to parent.
struct SparkGraphNode {
    int64_t id = 0;
    int32_t planNode = 0;      // index into SqlPlan::nodes
    int64_t codegenId = -1;    // "WholeStageCodegen (N)" of the cluster it is in, -1: none
    bool cluster = false;      // the WholeStageCodegen itself
};
struct SparkGraph {
    std::vector<SparkGraphNode> nodes;
    std::vector<std::pair<int64_t, int64_t>> edges;  // (fromId, toId)
};
SparkGraph sparkPlanGraph(const SqlPlan& plan);

// `next` indexes the segment after "sql".
RestResponse restSql(const EventLogModel& model, const RestRequest& request, size_t next);

}  // namespace stagelight
