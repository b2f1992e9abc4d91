// What a plan operator's one-line description holds that matters when reading a plan, as short
// "key: value" lines: for a scan its table (or location), format, PushedFilters,
// PartitionFilters, DataFilters and the columns of its ReadSchema; for a join its strategy, join
// type and build side. Parsed from Spark's simpleString (Spark truncates long fields with "...")
// and the node's metadata where the log carries it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

bool isScanOperator(const PlanNode& node);
bool isJoinOperator(const PlanNode& node);
// (key, value) pairs, most useful first; empty for other operators.
std::vector<std::pair<std::string, std::string>> operatorDetails(const PlanNode& node);

}  // namespace stagelight
