// Spark's summary-metrics quantiles of a stage attempt (REST taskSummary, the stage page's
// Min / 25th / Median / 75th / Max table): each metric ranked on its own, value at index
// min(floor(q * N), N - 1), N = successful tasks with metrics.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

#define STAGELIGHT_SUMMARY_METRICS(X)                             \
    X(Duration, "duration")                                       \
    X(ExecutorDeserializeTime, "executorDeserializeTime")         \
    X(ExecutorDeserializeCpuTime, "executorDeserializeCpuTime")   \
    X(ExecutorRunTime, "executorRunTime")                         \
    X(ExecutorCpuTime, "executorCpuTime")                         \
    X(ResultSize, "resultSize")                                   \
    X(JvmGcTime, "jvmGcTime")                                     \
    X(ResultSerializationTime, "resultSerializationTime")         \
    X(GettingResultTime, "gettingResultTime")                     \
    X(SchedulerDelay, "schedulerDelay")                           \
    X(PeakExecutionMemory, "peakExecutionMemory")                 \
    X(MemoryBytesSpilled, "memoryBytesSpilled")                   \
    X(DiskBytesSpilled, "diskBytesSpilled")                       \
    X(InputBytes, "bytesRead")                                    \
    X(InputRecords, "recordsRead")                                \
    X(OutputBytes, "bytesWritten")                                \
    X(OutputRecords, "recordsWritten")                            \
    X(ShuffleReadBytes, "readBytes")                              \
    X(ShuffleReadRecords, "readRecords")                          \
    X(ShuffleRemoteBlocksFetched, "remoteBlocksFetched")          \
    X(ShuffleLocalBlocksFetched, "localBlocksFetched")            \
    X(ShuffleFetchWaitTime, "fetchWaitTime")                      \
    X(ShuffleRemoteBytesRead, "remoteBytesRead")                  \
    X(ShuffleRemoteBytesReadToDisk, "remoteBytesReadToDisk")      \
    X(ShuffleTotalBlocksFetched, "totalBlocksFetched")            \
    X(ShuffleRemoteReqsDuration, "remoteReqsDuration")            \
    X(PushCorruptMergedBlockChunks, "corruptMergedBlockChunks")   \
    X(PushMergedFetchFallbackCount, "mergedFetchFallbackCount")   \
    X(PushMergedRemoteBlocksFetched, "remoteMergedBlocksFetched") \
    X(PushMergedLocalBlocksFetched, "localMergedBlocksFetched")   \
    X(PushMergedRemoteChunksFetched, "remoteMergedChunksFetched") \
    X(PushMergedLocalChunksFetched, "localMergedChunksFetched")   \
    X(PushMergedRemoteBytesRead, "remoteMergedBytesRead")         \
    X(PushMergedLocalBytesRead, "localMergedBytesRead")           \
    X(PushMergedRemoteReqsDuration, "remoteMergedReqsDuration")   \
    X(ShuffleWriteBytes, "writeBytes")                            \
    X(ShuffleWriteRecords, "writeRecords")                        \
    X(ShuffleWriteTime, "writeTime")

enum class SummaryMetric : uint8_t {
#define STAGELIGHT_ENUM(name, json) name,
    STAGELIGHT_SUMMARY_METRICS(STAGELIGHT_ENUM)
#undef STAGELIGHT_ENUM
        Count_
};
constexpr size_t kSummaryMetricCount = size_t(SummaryMetric::Count_);
std::string_view summaryMetricJsonName(SummaryMetric m);

struct TaskSummary {
    std::vector<double> quantiles;  // sorted ascending
    int64_t taskCount = 0;          // successful tasks with metrics
    std::array<std::vector<double>, kSummaryMetricCount> values;
    const std::vector<double>& operator[](SummaryMetric m) const { return values[size_t(m)]; }
};

// Spark's quantile position: min(floor(q × n), n − 1), 0-based (n > 0).
inline int64_t quantileIndex(double q, int64_t n) {
    return std::min(int64_t(q * double(n)), n - 1);
}

// Rows of the task table the History Server keeps for a stage attempt (tasks whose start it
// saw, one per task id), ascending by task id.
std::vector<uint32_t> stageTaskRows(const EventLogModel& model, int32_t stageId, int32_t attemptId);

// Whether the log carries the metric at all (Spark 1.6 writes no Peak Execution Memory, no
// Output Metrics): a figure it never logged is shown as "—", not as 0. The REST answers keep
// the History Server's 0.
bool summaryMetricLogged(const EventLogModel& model, SummaryMetric m);

// How the values Spark derives (duration, scheduler delay, getting-result time, shuffle read
// and blocks fetched) are ranked. The History Server ranks them over every task (failed and
// killed attempts too) but indexes by the successful count, so its Max can be less than a
// successful task's duration; REST answers keep that. The window ranks successful tasks only,
// as it does every other metric, so its Max is the longest task the other views show.
enum class SummaryRanking { HistoryServer, SuccessfulTasks };

// nullopt when no task succeeded with metrics (Spark: "No tasks reported metrics").
std::optional<TaskSummary> taskSummary(const EventLogModel& model,
                                       const std::vector<uint32_t>& rows,
                                       std::vector<double> quantiles,
                                       SummaryRanking ranking = SummaryRanking::HistoryServer);

}  // namespace stagelight
