// What one adaptive re-plan changed, as a data engineer reads it: join strategies switched
// (SortMergeJoin → BroadcastHashJoin), shuffle partitions coalesced N → M, skewed partitions
// split, query stages added. Compares two successive plans of one SQL execution; the partition
// counts come from the exchange's partitioning and the shuffle read's metrics.
#pragma once

#include <string>
#include <vector>

#include "figures/PlanMetrics.h"

namespace stagelight {

struct PlanVersionInfo {
    std::string title;  // "Initial plan", "Update 2 of 3 · after stage 4.0 completed"
    std::vector<std::string> changes;  // empty: the update changed nothing of the above
    const SqlPlan* plan = nullptr;
};

std::vector<std::string> planChanges(const SqlPlan& before, const SqlPlan& after,
                                     const PlanMetricTable& metrics);

// The initial plan, then one entry per AdaptiveExecutionUpdate (the last is the final plan). An
// update names the stage of this execution's jobs that completed last before it; none when no
// stage of the query had completed (the first update is the adaptive plan as first submitted).
std::vector<PlanVersionInfo> planVersions(const EventLogModel& model, const SqlExecution& execution,
                                          const PlanMetricTable& metrics);

}  // namespace stagelight
