// Metrics of one simulated task, derived from its duration and the problems planted in its stage,
// and the values the task reports for internal and SQL accumulators.
#pragma once

#include <array>
#include <cstdint>
#include <random>

#include "PlanBuilder.h"
#include "Scenario.h"
#include "TaskSim.h"

namespace stagelight::gen {

// The internal.metrics.* accumulators a task reports (non-zero ones only, as executors do).
constexpr size_t kInternalMetricCount = 23;
extern const char* const kInternalMetricNames[kInternalMetricCount];
std::array<int64_t, kInternalMetricCount> internalValues(const TaskSim& t);

// The task's update of a SQL metric with this role.
int64_t roleValue(MetricRole role, const TaskSim& t);

// What the map side of the shuffle this stage reads wrote.
struct UpstreamShuffle {
    int64_t bytesWritten = 0;
    int mapTasks = 0;
};

void simulateTaskMetrics(TaskSim& t, const StageSpec& s, const UpstreamShuffle& upstream,
                         int64_t duration, int activeExecutors, std::mt19937_64& rng);

}  // namespace stagelight::gen
