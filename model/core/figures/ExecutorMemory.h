// Memory of each executor over time, from the per-stage peaks Spark logs (StageExecutorMetrics,
// Spark 3.0+): one point per stage attempt an executor took part in, at the stage's end, holding
// that executor's peak while the stage ran. Logs without those events yield no series.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

enum class MemoryMetric { JvmHeap, OnHeapExecution, OnHeapStorage, OffHeapUnified, ProcessRss };
constexpr int kMemoryMetricCount = 5;
std::string_view memoryMetricName(MemoryMetric m);  // "JVM heap", ...

struct ExecutorMemoryPoint {
    int64_t timeMs = 0;  // the stage's completion (or the last event, if it did not complete)
    int64_t bytes = 0;
    int32_t stageId = 0, attemptId = 0;
};

struct ExecutorMemorySeries {
    std::string executorId;
    std::vector<ExecutorMemoryPoint> points;  // by time; only stages where the peak was logged
    int64_t peak = 0;
};

// Executors with at least one logged (non-zero) value of `metric`, in the model's executor order
// ("driver" included when the log has its peaks).
std::vector<ExecutorMemorySeries> executorMemoryOverTime(const EventLogModel& model,
                                                         MemoryMetric metric);

}  // namespace stagelight
