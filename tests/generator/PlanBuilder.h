// SQL physical plans for generated jobs: the operator tree (with metric accumulators), which
// metrics each stage updates, and the sparkPlanInfo / plan description JSON.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "Scenario.h"

namespace stagelight::gen {

enum class MetricRole {
    // Per-task values, derived from the task's own metrics by the generator.
    ScanFiles,
    ScanBytes,
    ScanRows,
    ScanTime,
    FilterRows,
    AggRows,
    AggBuildTime,
    AggPeakMemory,
    AggSpill,
    ShuffleBytesWritten,
    ShuffleRecordsWritten,
    ShuffleWriteTime,
    ShuffleRemoteBytes,
    ShuffleLocalBytes,
    ShuffleRecordsRead,
    ShuffleFetchWait,
    JoinRows,
    SortSpill,
    SortTime,
    PythonDataSent,
    PythonDataReturned,
    PythonExecTime,
    CodegenDuration,
    // Driver-side values (SparkListenerDriverAccumUpdates).
    WrittenFiles,
    WrittenBytes,
    WrittenRows,
    BroadcastDataSize,
    BroadcastRows,
    BroadcastBuildTime,
    None,
};

struct GenMetric {
    std::string name, type;
    int64_t accumulatorId = 0;
    MetricRole role = MetricRole::None;
    int stage = 0;  // index of the job's stage that updates it (driver metrics: -1)
};

struct GenPlanNode {
    std::string name, simpleString;
    std::vector<std::pair<std::string, std::string>> metadata;
    std::vector<GenMetric> metrics;
    std::vector<GenPlanNode> children;
};

struct GenPlan {
    GenPlanNode root;
    std::string description;  // physicalPlanDescription text
    std::vector<GenMetric> allMetrics() const;
};

// The plan an adaptive query starts with: the final plan without its query stages and shuffle
// reads, "isFinalPlan=false" (the same operators and accumulators, as Spark's AQE keeps them).
GenPlan initialAdaptivePlan(const GenPlan& finalPlan);

// `nextAccumulatorId` is advanced past the ids the plan uses.
GenPlan buildPlan(const JobSpec& job, int64_t& nextAccumulatorId, const std::string& table);

// sparkPlanInfo JSON of a node (recursive).
std::string planInfoJson(const GenPlanNode& node);

}  // namespace stagelight::gen
