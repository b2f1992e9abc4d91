#include "rest/RestTasks.h"

#include <algorithm>
#include <charconv>

#include "figures/TaskFigures.h"
#include "model/Numeric.h"

namespace stagelight {
namespace {

void writeTaskMetrics(JsonWriter& w, const TaskTable& t, uint32_t row) {
    auto f = [&](std::string_view key, TaskField field) { w.field(key, t.get(row, field)); };
    w.key("taskMetrics").beginObject();
    f("executorDeserializeTime", TaskField::ExecutorDeserializeTime);
    f("executorDeserializeCpuTime", TaskField::ExecutorDeserializeCpuTime);
    f("executorRunTime", TaskField::ExecutorRunTime);
    f("executorCpuTime", TaskField::ExecutorCpuTime);
    f("resultSize", TaskField::ResultSize);
    f("jvmGcTime", TaskField::JvmGcTime);
    f("resultSerializationTime", TaskField::ResultSerializationTime);
    f("memoryBytesSpilled", TaskField::MemoryBytesSpilled);
    f("diskBytesSpilled", TaskField::DiskBytesSpilled);
    f("peakExecutionMemory", TaskField::PeakExecutionMemory);
    w.key("inputMetrics").beginObject();
    f("bytesRead", TaskField::InputBytesRead);
    f("recordsRead", TaskField::InputRecordsRead);
    w.endObject().key("outputMetrics").beginObject();
    f("bytesWritten", TaskField::OutputBytesWritten);
    f("recordsWritten", TaskField::OutputRecordsWritten);
    w.endObject().key("shuffleReadMetrics").beginObject();
    f("remoteBlocksFetched", TaskField::ShuffleRemoteBlocksFetched);
    f("localBlocksFetched", TaskField::ShuffleLocalBlocksFetched);
    f("fetchWaitTime", TaskField::ShuffleFetchWaitTime);
    f("remoteBytesRead", TaskField::ShuffleRemoteBytesRead);
    f("remoteBytesReadToDisk", TaskField::ShuffleRemoteBytesReadToDisk);
    f("localBytesRead", TaskField::ShuffleLocalBytesRead);
    f("recordsRead", TaskField::ShuffleRecordsRead);
    f("remoteReqsDuration", TaskField::ShuffleRemoteReqsDuration);
    w.key("shufflePushReadMetrics").beginObject();
    f("corruptMergedBlockChunks", TaskField::PushCorruptMergedBlockChunks);
    f("mergedFetchFallbackCount", TaskField::PushMergedFetchFallbackCount);
    f("remoteMergedBlocksFetched", TaskField::PushMergedRemoteBlocksFetched);
    f("localMergedBlocksFetched", TaskField::PushMergedLocalBlocksFetched);
    f("remoteMergedChunksFetched", TaskField::PushMergedRemoteChunksFetched);
    f("localMergedChunksFetched", TaskField::PushMergedLocalChunksFetched);
    f("remoteMergedBytesRead", TaskField::PushMergedRemoteBytesRead);
    f("localMergedBytesRead", TaskField::PushMergedLocalBytesRead);
    f("remoteMergedReqsDuration", TaskField::PushMergedRemoteReqsDuration);
    w.endObject().endObject().key("shuffleWriteMetrics").beginObject();
    f("bytesWritten", TaskField::ShuffleBytesWritten);
    f("writeTime", TaskField::ShuffleWriteTime);
    f("recordsWritten", TaskField::ShuffleRecordsWritten);
    w.endObject().endObject();
}

// Spark sorts taskList by an index where failed tasks' metrics are stored negated (-(v) - 1)
// and tasks without metrics as -1, ties by task id.
int64_t runTimeKey(const TaskTable& t, uint32_t row) {
    if (!t.hasFlag(row, kHasMetrics)) return -1;
    const int64_t v = t.get(row, TaskField::ExecutorRunTime);
    return taskStatus(t, row) == "SUCCESS" ? v : -v - 1;
}

}  // namespace

void writePeakMetrics(JsonWriter& w, const std::array<int64_t, kExecutorMetricCount>& values) {
    // The History Server that wrote the expectations knows 21 metrics: ConcurrentGCCount and
    // ConcurrentGCTime (Spark 4.x) are not part of its answers, so they are not written here.
    w.beginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
        const ExecutorMetric m = ExecutorMetric(i);
        if (m == ExecutorMetric::ConcurrentGCCount || m == ExecutorMetric::ConcurrentGCTime)
            continue;
        w.field(executorMetricName(m), values[i]);
    }
    w.endObject();
}

void writeTaskData(JsonWriter& w, const EventLogModel& model, uint32_t row) {
    const TaskTable& t = model.tasks;
    const TaskTimes times = taskTimes(t, row, model.application.lastEventTime);
    const std::string_view executorId =
        model.strings.view(StrId(t.get(row, TaskField::ExecutorId)));
    w.beginObject();
    w.field("taskId", t.get(row, TaskField::TaskId)).field("index", t.get(row, TaskField::Index));
    w.field("attempt", t.get(row, TaskField::Attempt))
        .field("partitionId", t.get(row, TaskField::PartitionId));
    w.field("launchTime", restDate(t.get(row, TaskField::LaunchTime)));
    if (times.resultFetchStart > 0) w.field("resultFetchStart", restDate(times.resultFetchStart));
    // Spark leaves out a zero duration (TaskData.duration is None then).
    if (times.duration > 0) w.field("duration", times.duration);
    w.field("executorId", executorId);
    w.field("host", model.strings.view(StrId(t.get(row, TaskField::Host))));
    w.field("status", taskStatus(t, row));
    w.field("taskLocality", localityName(Locality(t.get(row, TaskField::Locality))));
    w.field("speculative", t.hasFlag(row, kSpeculative));
    w.key("accumulatorUpdates").beginArray();
    if (const auto* accums = t.userAccumulables(row))
        for (const TaskUserAccumulable& a : *accums) {
            w.beginObject().field("id", a.id).field("name", a.name);
            if (a.hasUpdate) w.field("update", a.update);
            w.field("value", a.value).endObject();
        }
    w.endArray();
    if (auto error = taskErrorMessage(t, row)) w.field("errorMessage", *error);
    if (t.hasFlag(row, kHasMetrics)) writeTaskMetrics(w, t, row);
    w.key("executorLogs").beginObject();
    auto exec = model.status.executors.find(std::string(executorId));
    if (exec != model.status.executors.end())
        for (const auto& [k, v] : exec->second.executorLogs) w.field(k, v);
    w.endObject();
    // In the task list Spark derives these from TaskData, where a zero duration is absent.
    const int64_t delay = times.duration > 0 ? times.schedulerDelay : 0;
    int64_t gettingResult = times.gettingResultTime;
    if (times.duration <= 0 && times.resultFetchStart > 0)
        gettingResult = jvmSub(model.application.lastEventTime, times.resultFetchStart);
    w.field("schedulerDelay", delay).field("gettingResultTime", gettingResult);
    w.endObject();
}

void writeTaskSummary(JsonWriter& w, const TaskSummary& s) {
    auto values = [&](SummaryMetric m) {
        w.key(summaryMetricJsonName(m)).beginArray();
        for (double v : s[m]) w.value(v);
        w.endArray();
    };
    auto range = [&](SummaryMetric from, SummaryMetric to) {
        for (size_t m = size_t(from); m <= size_t(to); ++m) values(SummaryMetric(m));
    };
    w.beginObject().key("quantiles").beginArray();
    for (double q : s.quantiles) w.value(q);
    w.endArray();
    range(SummaryMetric::Duration, SummaryMetric::DiskBytesSpilled);
    w.key("inputMetrics").beginObject();
    range(SummaryMetric::InputBytes, SummaryMetric::InputRecords);
    w.endObject().key("outputMetrics").beginObject();
    range(SummaryMetric::OutputBytes, SummaryMetric::OutputRecords);
    w.endObject().key("shuffleReadMetrics").beginObject();
    range(SummaryMetric::ShuffleReadBytes, SummaryMetric::ShuffleRemoteReqsDuration);
    w.key("shufflePushReadMetricsDist").beginObject();
    range(SummaryMetric::PushCorruptMergedBlockChunks, SummaryMetric::PushMergedRemoteReqsDuration);
    w.endObject().endObject().key("shuffleWriteMetrics").beginObject();
    range(SummaryMetric::ShuffleWriteBytes, SummaryMetric::ShuffleWriteTime);
    w.endObject().endObject();
}

std::vector<std::string> taskStatusFilter(const std::vector<std::string>& values,
                                          std::string& error) {
    static const std::vector<std::string> known = {"RUNNING", "KILLED", "FAILED", "SUCCESS",
                                                   "UNKNOWN"};
    std::vector<std::string> out;
    for (const std::string& v : values) {
        const std::string u = upperAscii(v);
        if (std::find(known.begin(), known.end(), u) == known.end()) {
            error = "Illegal value for TaskStatus: " + v;
            return {};
        }
        out.push_back(u);
    }
    return out;
}

bool parseQuantiles(const std::string& text, std::vector<double>& out, std::string& error) {
    out.clear();
    size_t from = 0;
    while (from <= text.size()) {
        const size_t comma = std::min(text.find(',', from), text.size());
        const std::string part = text.substr(from, comma - from);
        double q = 0;
        const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), q);
        if (part.empty() || ec != std::errc() || ptr != part.data() + part.size()) {
            error = "quantiles: not a double: " + part;
            return false;
        }
        if (!(q >= 0 && q <= 1)) {  // NaN too: the History Server refuses these
            error = "quantiles: not between 0 and 1: " + part;
            return false;
        }
        out.push_back(q);
        from = comma + 1;
    }
    return true;
}

RestResponse restTaskList(const EventLogModel& model, const RestRequest& request, int32_t stageId,
                          int32_t attemptId) {
    int64_t offset = 0, length = 20;
    std::string sortBy = "ID";
    if (!intParameter(request, "offset", 0, offset) || !intParameter(request, "length", 20, length))
        return {kBadParameterStatus, "offset and length are integers"};
    if (auto v = request.values("sortBy"); !v.empty()) sortBy = v.front();
    std::string error;
    const std::vector<std::string> statuses = taskStatusFilter(request.values("status"), error);
    if (!error.empty()) return {kBadParameterStatus, error};
    const TaskTable& t = model.tasks;
    std::vector<uint32_t> rows = stageTaskRows(model, stageId, attemptId);
    const std::string sort = upperAscii(sortBy);
    if (sort == "RUNTIME" || sort == "INCREASING_RUNTIME" || sort == "-RUNTIME" ||
        sort == "DECREASING_RUNTIME") {
        const bool descending = sort == "-RUNTIME" || sort == "DECREASING_RUNTIME";
        std::stable_sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) {
            return runTimeKey(t, a) < runTimeKey(t, b);
        });
        if (descending) std::reverse(rows.begin(), rows.end());
    } else if (sort != "ID") {
        return {kBadParameterStatus, "Illegal value for TaskSorting: " + sortBy};
    }
    if (!statuses.empty())
        std::erase_if(rows, [&](uint32_t row) {
            return std::find(statuses.begin(), statuses.end(), std::string(taskStatus(t, row))) ==
                   statuses.end();
        });
    JsonWriter w;
    w.beginArray();
    for (int64_t i = std::max<int64_t>(0, offset);
         i < int64_t(rows.size()) && i < offset + std::max<int64_t>(0, length); ++i)
        writeTaskData(w, model, rows[size_t(i)]);
    w.endArray();
    return {200, w.str() + "\n"};
}

RestResponse restTaskSummary(const EventLogModel& model, const RestRequest& request,
                             int32_t stageId, int32_t attemptId) {
    std::string text = "0.05,0.25,0.5,0.75,0.95";
    if (auto v = request.values("quantiles"); !v.empty()) text = v.front();
    std::vector<double> quantiles;
    std::string error;
    if (!parseQuantiles(text, quantiles, error)) return {400, error};
    if (!model.status.stage(stageId, attemptId))
        return {404, "unknown stage: " + std::to_string(stageId)};
    const auto summary = taskSummary(model, stageTaskRows(model, stageId, attemptId), quantiles);
    if (!summary)
        return {404, "No tasks reported metrics for " + std::to_string(stageId) + " / " +
                         std::to_string(attemptId) + " yet."};
    JsonWriter w;
    writeTaskSummary(w, *summary);
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
