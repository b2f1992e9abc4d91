#include "rest/RestStages.h"

#include <algorithm>
#include <cctype>

#include "figures/TaskFigures.h"
#include "rest/RestTasks.h"

namespace stagelight {
namespace {

struct StageQuery {
    bool details = false, withSummaries = false;
    std::vector<std::string> taskStatuses;
    std::vector<double> quantiles;
};


void writeMetricSums(JsonWriter& w, const MetricSums& m) {
    auto f = [&](std::string_view key, TaskField field) { w.field(key, m[field]); };
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
    f("inputBytes", TaskField::InputBytesRead);
    f("inputRecords", TaskField::InputRecordsRead);
    f("outputBytes", TaskField::OutputBytesWritten);
    f("outputRecords", TaskField::OutputRecordsWritten);
    f("shuffleRemoteBlocksFetched", TaskField::ShuffleRemoteBlocksFetched);
    f("shuffleLocalBlocksFetched", TaskField::ShuffleLocalBlocksFetched);
    f("shuffleFetchWaitTime", TaskField::ShuffleFetchWaitTime);
    f("shuffleRemoteBytesRead", TaskField::ShuffleRemoteBytesRead);
    f("shuffleRemoteBytesReadToDisk", TaskField::ShuffleRemoteBytesReadToDisk);
    f("shuffleLocalBytesRead", TaskField::ShuffleLocalBytesRead);
    w.field("shuffleReadBytes",
            m[TaskField::ShuffleLocalBytesRead] + m[TaskField::ShuffleRemoteBytesRead]);
    f("shuffleReadRecords", TaskField::ShuffleRecordsRead);
    f("shuffleCorruptMergedBlockChunks", TaskField::PushCorruptMergedBlockChunks);
    f("shuffleMergedFetchFallbackCount", TaskField::PushMergedFetchFallbackCount);
    f("shuffleMergedRemoteBlocksFetched", TaskField::PushMergedRemoteBlocksFetched);
    f("shuffleMergedLocalBlocksFetched", TaskField::PushMergedLocalBlocksFetched);
    f("shuffleMergedRemoteChunksFetched", TaskField::PushMergedRemoteChunksFetched);
    f("shuffleMergedLocalChunksFetched", TaskField::PushMergedLocalChunksFetched);
    f("shuffleMergedRemoteBytesRead", TaskField::PushMergedRemoteBytesRead);
    f("shuffleMergedLocalBytesRead", TaskField::PushMergedLocalBytesRead);
    f("shuffleRemoteReqsDuration", TaskField::ShuffleRemoteReqsDuration);
    f("shuffleMergedRemoteReqsDuration", TaskField::PushMergedRemoteReqsDuration);
    f("shuffleWriteBytes", TaskField::ShuffleBytesWritten);
    f("shuffleWriteTime", TaskField::ShuffleWriteTime);
    f("shuffleWriteRecords", TaskField::ShuffleRecordsWritten);
}

void writeExecutorSummary(JsonWriter& w, const ExecutorStageFigures& e) {
    const MetricSums& m = e.metrics;
    w.beginObject();
    w.field("taskTime", e.taskTime).field("failedTasks", e.failedTasks);
    w.field("succeededTasks", e.succeededTasks).field("killedTasks", e.killedTasks);
    w.field("inputBytes", m[TaskField::InputBytesRead])
        .field("inputRecords", m[TaskField::InputRecordsRead]);
    w.field("outputBytes", m[TaskField::OutputBytesWritten])
        .field("outputRecords", m[TaskField::OutputRecordsWritten]);
    w.field("shuffleRead",
            m[TaskField::ShuffleRemoteBytesRead] + m[TaskField::ShuffleLocalBytesRead]);
    w.field("shuffleReadRecords", m[TaskField::ShuffleRecordsRead]);
    w.field("shuffleWrite", m[TaskField::ShuffleBytesWritten])
        .field("shuffleWriteRecords", m[TaskField::ShuffleRecordsWritten]);
    w.field("memoryBytesSpilled", m[TaskField::MemoryBytesSpilled])
        .field("diskBytesSpilled", m[TaskField::DiskBytesSpilled]);
    w.field("isBlacklistedForStage", e.isExcluded);
    if (e.peak.isSet()) {
        w.key("peakMemoryMetrics");
        writePeakMetrics(w, e.peak.values);
    }
    w.field("isExcludedForStage", e.isExcluded);
    w.endObject();
}

// Spark's quantiles over the executors of a stage (ExecutorMetricsDistributions).
void writeExecutorDistributions(JsonWriter& w, const StageFigures& f,
                                const std::vector<double>& quantiles) {
    auto dist = [&](std::string_view key, auto get) {
        std::vector<double> v;
        for (const auto& [id, e] : f.executorSummaries) v.push_back(double(get(e)));
        std::sort(v.begin(), v.end());
        w.key(key).beginArray();
        const int64_t n = int64_t(v.size());
        for (double q : quantiles) w.value(v[size_t(quantileIndex(q, n))]);
        w.endArray();
    };
    using E = ExecutorStageFigures;
    auto sum = [](TaskField fld) { return [fld](const E& e) { return e.metrics[fld]; }; };
    w.beginObject().key("quantiles").beginArray();
    for (double q : quantiles) w.value(q);
    w.endArray();
    dist("taskTime", [](const E& e) { return e.taskTime; });
    dist("failedTasks", [](const E& e) { return e.failedTasks; });
    dist("succeededTasks", [](const E& e) { return e.succeededTasks; });
    dist("killedTasks", [](const E& e) { return e.killedTasks; });
    dist("inputBytes", sum(TaskField::InputBytesRead));
    dist("inputRecords", sum(TaskField::InputRecordsRead));
    dist("outputBytes", sum(TaskField::OutputBytesWritten));
    dist("outputRecords", sum(TaskField::OutputRecordsWritten));
    dist("shuffleRead", [](const E& e) {
        return e.metrics[TaskField::ShuffleRemoteBytesRead] +
               e.metrics[TaskField::ShuffleLocalBytesRead];
    });
    dist("shuffleReadRecords", sum(TaskField::ShuffleRecordsRead));
    dist("shuffleWrite", sum(TaskField::ShuffleBytesWritten));
    dist("shuffleWriteRecords", sum(TaskField::ShuffleRecordsWritten));
    dist("memoryBytesSpilled", sum(TaskField::MemoryBytesSpilled));
    dist("diskBytesSpilled", sum(TaskField::DiskBytesSpilled));
    w.key("peakMemoryMetrics").beginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
        const ExecutorMetric m = ExecutorMetric(i);
        if (m == ExecutorMetric::ConcurrentGCCount || m == ExecutorMetric::ConcurrentGCTime)
            continue;
        std::vector<double> v;
        for (const auto& [id, e] : f.executorSummaries)
            if (e.peak.isSet()) v.push_back(double(e.peak.values[i]));
        std::sort(v.begin(), v.end());
        const int64_t n = int64_t(v.size());
        w.key(executorMetricName(m)).beginArray();
        for (double q : quantiles)
            if (n > 0) w.value(v[size_t(quantileIndex(q, n))]);
        w.endArray();
    }
    w.endObject().endObject();
}

void writeStage(JsonWriter& w, const EventLogModel& model, const StageFigures& f,
                const StageQuery& q) {
    const StageAttempt* info = model.stage(f.stageId, f.attemptId);
    static const StageAttempt empty;
    const StageAttempt& s = info ? *info : empty;
    w.beginObject();
    w.field("status", stageStatusName(f.status));
    w.field("stageId", f.stageId).field("attemptId", f.attemptId);
    w.field("numTasks", s.numTasks).field("numActiveTasks", f.activeTasks);
    w.field("numCompleteTasks", f.completedTasks).field("numFailedTasks", f.failedTasks);
    w.field("numKilledTasks", f.killedTasks);
    w.field("numCompletedIndices", int64_t(f.completedIndices.size()));
    if (s.submissionTime > 0) w.field("submissionTime", restDate(s.submissionTime));
    if (f.firstLaunchTime >= 0) w.field("firstTaskLaunchedTime", restDate(f.firstLaunchTime));
    if (s.completionTime > 0) w.field("completionTime", restDate(s.completionTime));
    if (s.hasFailureReason) w.field("failureReason", s.failureReason);
    writeMetricSums(w, f.metrics);
    w.field("name", s.name);
    if (f.description) w.field("description", *f.description);
    w.field("details", s.details).field("schedulingPool", f.schedulingPool);
    w.key("rddIds").beginArray();
    for (const RddInfo& r : s.rdds) w.value(r.id);
    w.endArray();
    w.key("accumulatorUpdates").beginArray();
    std::vector<const AccumulableInfo*> accums;
    for (const AccumulableInfo& a : s.accumulables)
        if (!a.internal && a.metadata != "sql") accums.push_back(&a);
    std::sort(accums.begin(), accums.end(), [](auto* a, auto* b) { return a->id < b->id; });
    for (const AccumulableInfo* a : accums) {
        w.beginObject().field("id", a->id).field("name", a->name);
        if (a->hasUpdate) w.field("update", a->update);
        w.field("value", a->value).endObject();
    }
    w.endArray();
    if (q.details) {
        const TaskTable& t = model.tasks;
        w.key("tasks").beginObject();
        for (uint32_t row : stageTaskRows(model, f.stageId, f.attemptId)) {
            const std::string status(taskStatus(t, row));
            if (!q.taskStatuses.empty() && std::find(q.taskStatuses.begin(), q.taskStatuses.end(),
                                                     status) == q.taskStatuses.end())
                continue;
            w.key(std::to_string(t.get(row, TaskField::TaskId)));
            writeTaskData(w, model, row);
        }
        w.endObject();
        w.key("executorSummary").beginObject();
        for (const auto& [id, e] : f.executorSummaries) {
            w.key(id);
            writeExecutorSummary(w, e);
        }
        w.endObject();
        if (f.speculation) {
            const SpeculationFigures& sp = *f.speculation;
            w.key("speculationSummary").beginObject();
            w.field("numTasks", sp.numTasks).field("numActiveTasks", sp.numActiveTasks);
            w.field("numCompletedTasks", sp.numCompletedTasks)
                .field("numFailedTasks", sp.numFailedTasks);
            w.field("numKilledTasks", sp.numKilledTasks).endObject();
        }
    }
    w.key("killedTasksSummary").beginObject();
    for (const auto& [reason, count] : f.killedSummary) w.field(reason, count);
    w.endObject();
    w.field("resourceProfileId", s.resourceProfileId);
    if (f.peak.isSet()) {
        w.key("peakExecutorMetrics");
        writePeakMetrics(w, f.peak.values);
    }
    if (q.withSummaries) {
        const auto summary =
            taskSummary(model, stageTaskRows(model, f.stageId, f.attemptId), q.quantiles);
        if (summary) {
            w.key("taskMetricsDistributions");
            writeTaskSummary(w, *summary);
        }
        if (!f.executorSummaries.empty()) {
            w.key("executorMetricsDistributions");
            writeExecutorDistributions(w, f, summary ? summary->quantiles : q.quantiles);
        }
    }
    w.field("isShufflePushEnabled", s.shufflePushEnabled);
    w.field("shuffleMergersCount", s.shufflePushMergersCount);
    w.endObject();
}

bool parseInt(const std::string& text, int32_t& out) {
    if (text.empty() || !std::all_of(text.begin(), text.end(), ::isdigit) || text.size() > 9)
        return false;
    out = std::stoi(text);
    return true;
}

}  // namespace

RestResponse restStages(const EventLogModel& model, const RestRequest& request, size_t next) {
    const auto& seg = request.segments;
    const bool list = next == seg.size();
    StageQuery q;
    q.details = boolParameter(request, "details", !list);
    q.withSummaries = boolParameter(request, "withSummaries", false);
    std::string error;
    q.taskStatuses = taskStatusFilter(request.values("taskStatus"), error);
    if (!error.empty()) return {kBadParameterStatus, error};
    const auto quantileText = request.values("quantiles");
    parseQuantiles(quantileText.empty() ? "0.0,0.25,0.5,0.75,1.0" : quantileText.front(),
                   q.quantiles, error);
    if (!error.empty()) return {400, error};  // Spark's own check (BadParameterException)
    std::sort(q.quantiles.begin(), q.quantiles.end());
    const auto& stages = model.status.stages;

    if (list) {
        std::vector<std::string> statuses;
        for (const std::string& s : request.values("status")) {
            const std::string u = upperAscii(s);
            if (u != "ACTIVE" && u != "COMPLETE" && u != "FAILED" && u != "PENDING" &&
                u != "SKIPPED")
                return {kBadParameterStatus, "Illegal value for StageStatus: " + s};
            statuses.push_back(u);
        }
        JsonWriter w;
        w.beginArray();
        // The History Server lists the newest stage (and attempt) first.
        for (auto it = stages.rbegin(); it != stages.rend(); ++it) {
            const StageFigures& f = it->second;
            const std::string status(stageStatusName(f.status));
            if (!statuses.empty() &&
                std::find(statuses.begin(), statuses.end(), status) == statuses.end())
                continue;
            if (q.details && !q.taskStatuses.empty()) {
                const int64_t unknown = (model.stage(f.stageId, f.attemptId)
                                             ? model.stage(f.stageId, f.attemptId)->numTasks
                                             : 0) -
                                        f.failedTasks - f.killedTasks - f.activeTasks -
                                        f.completedTasks;
                const bool any = std::any_of(q.taskStatuses.begin(), q.taskStatuses.end(),
                                             [&](const std::string& ts) {
                                                 return (ts == "FAILED" && f.failedTasks > 0) ||
                                                        (ts == "KILLED" && f.killedTasks > 0) ||
                                                        (ts == "RUNNING" && f.activeTasks > 0) ||
                                                        (ts == "SUCCESS" && f.completedTasks > 0) ||
                                                        (ts == "UNKNOWN" && unknown > 0);
                                             });
                if (!any) continue;
            }
            writeStage(w, model, f, q);
        }
        w.endArray();
        return {200, w.str() + "\n"};
    }

    int32_t stageId = 0;
    if (!parseInt(seg[next], stageId)) return {404, "unknown stage: " + seg[next]};
    if (next + 1 == seg.size()) {
        JsonWriter w;
        w.beginArray();
        bool any = false;
        for (const auto& [key, f] : stages)
            if (key.first == stageId) {
                writeStage(w, model, f, q);
                any = true;
            }
        w.endArray();
        if (!any) return {404, "unknown stage: " + std::to_string(stageId)};
        return {200, w.str() + "\n"};
    }
    int32_t attemptId = 0;
    if (!parseInt(seg[next + 1], attemptId)) return {404, "unknown attempt: " + seg[next + 1]};
    const StageFigures* f = model.status.stage(stageId, attemptId);
    if (next + 2 < seg.size()) {
        if (next + 3 != seg.size()) return {404, "unsupported endpoint"};
        if (seg[next + 2] == "taskList") {
            if (!f) return {404, "unknown stage: " + std::to_string(stageId)};
            return restTaskList(model, request, stageId, attemptId);
        }
        if (seg[next + 2] == "taskSummary")
            return restTaskSummary(model, request, stageId, attemptId);
        return {404, "unsupported endpoint: stages/.../" + seg[next + 2]};
    }
    if (!f) {
        std::string ids;
        for (const auto& [key, fig] : stages)
            if (key.first == stageId) ids += (ids.empty() ? "" : ",") + std::to_string(key.second);
        if (ids.empty()) return {404, "unknown stage: " + std::to_string(stageId)};
        return {404, "unknown attempt for stage " + std::to_string(stageId) +
                         ".  Found attempts: [" + ids + "]"};
    }
    JsonWriter w;
    writeStage(w, model, *f, q);
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
