#include "figures/TaskSummary.h"

#include <algorithm>
#include <cmath>

#include "figures/TaskFigures.h"
#include "model/Numeric.h"

namespace stagelight {

std::string_view summaryMetricJsonName(SummaryMetric m) {
    static constexpr std::string_view names[] = {
#define STAGELIGHT_NAME(name, json) json,
        STAGELIGHT_SUMMARY_METRICS(STAGELIGHT_NAME)
#undef STAGELIGHT_NAME
    };
    return names[size_t(m)];
}

std::vector<uint32_t> stageTaskRows(const EventLogModel& model, int32_t stageId,
                                    int32_t attemptId) {
    const StageAttempt* stage = model.stage(stageId, attemptId);
    if (!stage) return {};
    const TaskTable& t = model.tasks;
    // The History Server keeps one entry per task id (a later row of the same id replaces it),
    // and only tasks it saw start. The index lists a stage's rows in task-id order.
    std::vector<uint32_t> rows;
    for (uint32_t row : model.derived.stageRows.rows(size_t(stage - model.stages.data()))) {
        if (!t.hasFlag(row, kSawStart)) continue;
        if (!rows.empty() &&
            t.get(rows.back(), TaskField::TaskId) == t.get(row, TaskField::TaskId))
            rows.back() = std::max(rows.back(), row);
        else
            rows.push_back(row);
    }
    return rows;
}

namespace {

std::optional<TaskField> storedField(SummaryMetric m) {
    switch (m) {
#define STAGELIGHT_CASE(metric) \
    case SummaryMetric::metric: \
        return TaskField::metric;
        STAGELIGHT_CASE(ExecutorDeserializeTime)
        STAGELIGHT_CASE(ExecutorDeserializeCpuTime)
        STAGELIGHT_CASE(ExecutorRunTime)
        STAGELIGHT_CASE(ExecutorCpuTime)
        STAGELIGHT_CASE(ResultSize)
        STAGELIGHT_CASE(JvmGcTime)
        STAGELIGHT_CASE(ResultSerializationTime)
        STAGELIGHT_CASE(PeakExecutionMemory)
        STAGELIGHT_CASE(MemoryBytesSpilled)
        STAGELIGHT_CASE(DiskBytesSpilled)
        STAGELIGHT_CASE(ShuffleRemoteBlocksFetched)
        STAGELIGHT_CASE(ShuffleLocalBlocksFetched)
        STAGELIGHT_CASE(ShuffleFetchWaitTime)
        STAGELIGHT_CASE(ShuffleRemoteBytesRead)
        STAGELIGHT_CASE(ShuffleRemoteBytesReadToDisk)
        STAGELIGHT_CASE(ShuffleRemoteReqsDuration)
        STAGELIGHT_CASE(PushCorruptMergedBlockChunks)
        STAGELIGHT_CASE(PushMergedFetchFallbackCount)
        STAGELIGHT_CASE(PushMergedRemoteBlocksFetched)
        STAGELIGHT_CASE(PushMergedLocalBlocksFetched)
        STAGELIGHT_CASE(PushMergedRemoteChunksFetched)
        STAGELIGHT_CASE(PushMergedLocalChunksFetched)
        STAGELIGHT_CASE(PushMergedRemoteBytesRead)
        STAGELIGHT_CASE(PushMergedLocalBytesRead)
        STAGELIGHT_CASE(PushMergedRemoteReqsDuration)
        STAGELIGHT_CASE(ShuffleWriteTime)
#undef STAGELIGHT_CASE
        case SummaryMetric::ShuffleReadRecords:
            return TaskField::ShuffleRecordsRead;
        case SummaryMetric::InputBytes:
            return TaskField::InputBytesRead;
        case SummaryMetric::InputRecords:
            return TaskField::InputRecordsRead;
        case SummaryMetric::OutputBytes:
            return TaskField::OutputBytesWritten;
        case SummaryMetric::OutputRecords:
            return TaskField::OutputRecordsWritten;
        case SummaryMetric::ShuffleWriteBytes:
            return TaskField::ShuffleBytesWritten;
        case SummaryMetric::ShuffleWriteRecords:
            return TaskField::ShuffleRecordsWritten;
        default:
            return std::nullopt;
    }
}

}  // namespace

bool summaryMetricLogged(const EventLogModel& model, SummaryMetric m) {
    const TaskTable& t = model.tasks;
    if (const std::optional<TaskField> f = storedField(m)) return t.metricLogged(*f);
    switch (m) {
        case SummaryMetric::ShuffleReadBytes:
            return t.metricLogged(TaskField::ShuffleRemoteBytesRead) ||
                   t.metricLogged(TaskField::ShuffleLocalBytesRead);
        case SummaryMetric::ShuffleTotalBlocksFetched:
            return t.metricLogged(TaskField::ShuffleRemoteBlocksFetched) ||
                   t.metricLogged(TaskField::ShuffleLocalBlocksFetched);
        default:
            return true;  // from the task's times, which every log has
    }
}

std::optional<TaskSummary> taskSummary(const EventLogModel& model,
                                       const std::vector<uint32_t>& rows,
                                       std::vector<double> quantiles, SummaryRanking ranking) {
    const TaskTable& t = model.tasks;
    const int64_t now = model.application.lastEventTime;
    // Per task once, not once per metric: which rows count, and their derived times.
    std::vector<uint32_t> successful;
    std::vector<TaskTimes> times;
    std::vector<char> succeeded;
    times.reserve(rows.size());
    succeeded.reserve(rows.size());
    for (uint32_t row : rows) {
        succeeded.push_back(t.hasFlag(row, kHasMetrics) && taskStatus(t, row) == "SUCCESS");
        if (succeeded.back()) successful.push_back(row);
        times.push_back(taskTimes(t, row, now));
    }
    TaskSummary s;
    std::sort(quantiles.begin(), quantiles.end());
    s.quantiles = quantiles;
    s.taskCount = int64_t(successful.size());
    if (s.taskCount <= 0) return std::nullopt;
    const int64_t n = s.taskCount;
    std::vector<int64_t> values;
    values.reserve(rows.size());
    for (size_t m = 0; m < kSummaryMetricCount; ++m) {
        const SummaryMetric metric = SummaryMetric(m);
        values.clear();
        if (const auto field = storedField(metric)) {
            for (uint32_t row : successful) values.push_back(t.get(row, *field));
        } else {
            // Spark ranks these derived values over every task with metrics (duration: every
            // task) while counting N over successful ones only; kept as Spark does it.
            for (size_t i = 0; i < rows.size(); ++i) {
                const uint32_t row = rows[i];
                const bool metrics = t.hasFlag(row, kHasMetrics);
                if (ranking == SummaryRanking::SuccessfulTasks && !succeeded[i]) continue;
                switch (metric) {
                    case SummaryMetric::Duration:
                        values.push_back(times[i].duration);
                        break;
                    case SummaryMetric::GettingResultTime:
                        if (metrics) values.push_back(times[i].gettingResultTime);
                        break;
                    case SummaryMetric::SchedulerDelay:
                        if (metrics) values.push_back(times[i].schedulerDelay);
                        break;
                    case SummaryMetric::ShuffleReadBytes:
                        if (metrics)
                            values.push_back(jvmAdd(t.get(row, TaskField::ShuffleLocalBytesRead),
                                                    t.get(row, TaskField::ShuffleRemoteBytesRead)));
                        break;
                    case SummaryMetric::ShuffleTotalBlocksFetched:
                        if (metrics)
                            values.push_back(
                                jvmAdd(t.get(row, TaskField::ShuffleLocalBlocksFetched),
                                       t.get(row, TaskField::ShuffleRemoteBlocksFetched)));
                        break;
                    default:
                        break;
                }
            }
            std::erase_if(values, [](int64_t v) { return v < 0; });
        }
        std::sort(values.begin(), values.end());
        auto& out = s.values[m];
        for (double q : quantiles) {
            const int64_t index = quantileIndex(q, n);
            out.push_back(index >= 0 && index < int64_t(values.size())
                              ? double(values[size_t(index)])
                              : std::nan(""));
        }
    }
    return s;
}

}  // namespace stagelight
