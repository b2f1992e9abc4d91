#include "report/Summary.h"

#include <algorithm>
#include <cstdio>

#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight {

int64_t applicationWallClockMs(const EventLogModel& model) {
    const Application& app = model.application;
    const int64_t end = app.endTime >= 0 ? app.endTime : app.lastEventTime;
    return app.startTime >= 0 && end >= app.startTime ? end - app.startTime : -1;
}

Summary summarize(const EventLogModel& model) {
    Summary s;
    for (const Job& j : model.jobs) s.counts.jobs += j.started ? 1 : 0;
    for (const StageAttempt& st : model.stages)
        s.counts.stageAttempts += (st.submitted || st.completed) ? 1 : 0;
    const TaskTable& t = model.tasks;
    for (size_t r = 0; r < t.size(); ++r) {
        if (!t.hasFlag(r, kFinished)) continue;
        ++s.counts.tasks;
        if (t.endReason(r) != EndReason::Success) ++s.counts.failedTasks;
    }
    for (const Executor& e : model.executors) s.counts.executors += e.added ? 1 : 0;
    for (const SqlExecution& q : model.sqlExecutions) s.counts.sqlExecutions += q.started ? 1 : 0;
    s.counts.unknownEvents = int64_t(model.report.unknownEventCount());
    s.counts.malformedLines = int64_t(model.report.malformedLines);

    s.durationMs = applicationWallClockMs(model);

    for (StageTotals& st : computeStageTotals(model)) {
        const StageAttempt& stage = model.stages[st.stage];
        if (stage.submitted || stage.completed || st.tasks > 0) s.stages.push_back(st);
    }
    std::stable_sort(
        s.stages.begin(), s.stages.end(),
        [](const StageTotals& a, const StageTotals& b) { return a.durationMs > b.durationMs; });
    return s;
}

namespace {
void writeTime(JsonWriter& w, std::string_view key, int64_t t) {
    w.key(key);
    if (t >= 0)
        w.value(t);
    else
        w.null();
}
}  // namespace

std::string summaryJson(const EventLogModel& model, const Summary& s) {
    const Application& app = model.application;
    JsonWriter w;
    w.beginObject();
    w.key("application").beginObject();
    w.field("id", app.id)
        .field("attemptId", app.attemptId)
        .field("name", app.name)
        .field("user", app.user);
    w.field("sparkVersion", app.sparkVersion);
    writeTime(w, "startTime", app.startTime);
    writeTime(w, "endTime", app.endTime);
    w.key("durationMs");
    if (s.durationMs >= 0)
        w.value(s.durationMs);
    else
        w.null();
    w.field("complete", app.complete);
    w.endObject();

    w.key("source").beginObject();
    w.field("path", model.source.root.string()).field("layout", layoutName(model.source.layout));
    w.field("inProgress", model.source.inProgress);
    w.key("parts").beginArray();
    for (const LogPart& p : model.source.parts) {
        w.beginObject().field("path", p.path.string()).field("codec", codecName(p.codec));
        w.field("bytes", p.size).endObject();
    }
    w.endArray();
    w.field("bytesDecoded", model.report.bytesDecoded).field("loadMs", model.report.loadMillis);
    w.endObject();

    const SummaryCounts& c = s.counts;
    w.key("counts").beginObject();
    w.field("jobs", c.jobs).field("stageAttempts", c.stageAttempts).field("tasks", c.tasks);
    w.field("failedTasks", c.failedTasks).field("executors", c.executors);
    w.field("sqlExecutions", c.sqlExecutions).field("unknownEvents", c.unknownEvents);
    w.field("malformedLines", c.malformedLines);
    w.endObject();

    w.key("stages").beginArray();
    for (const StageTotals& st : s.stages) {
        const StageAttempt& stage = model.stages[st.stage];
        w.beginObject();
        w.field("stageId", stage.stageId)
            .field("attemptId", stage.attemptId)
            .field("name", stage.name);
        w.field("status", stageStatusName(stage.status()));
        w.field("numTasks", stage.numTasks).field("tasks", st.tasks);
        w.field("failedTasks", st.failedTasks).field("killedTasks", st.killedTasks);
        w.field("durationMs", st.durationMs);
        writeTime(w, "submissionTime", stage.submissionTime);
        writeTime(w, "firstTaskLaunchedTime", st.firstTaskLaunchTime);
        writeTime(w, "completionTime", stage.completionTime);
        w.field("executorRunTimeMs", st.sum(TaskField::ExecutorRunTime));
        w.field("inputBytes", st.sum(TaskField::InputBytesRead));
        w.field("outputBytes", st.sum(TaskField::OutputBytesWritten));
        w.field("shuffleReadBytes", st.shuffleReadBytes());
        w.field("shuffleWriteBytes", st.sum(TaskField::ShuffleBytesWritten));
        w.field("memoryBytesSpilled", st.sum(TaskField::MemoryBytesSpilled));
        w.field("diskBytesSpilled", st.sum(TaskField::DiskBytesSpilled));
        w.field("jvmGcTimeMs", st.sum(TaskField::JvmGcTime));
        w.endObject();
    }
    w.endArray();

    w.key("warnings").beginArray();
    for (const LoadWarning& warn : model.report.warnings) w.value(warn.toString());
    w.endArray();
    w.key("unknownEventTypes").beginObject();
    for (const auto& [name, count] : model.report.unknownEvents) w.field(name, count);
    w.endObject();
    w.endObject();
    return w.str() + "\n";
}

std::string summaryText(const EventLogModel& model, const Summary& s) {
    const Application& app = model.application;
    std::string out;
    char line[512];
    out += "Application  " + (app.name.empty() ? std::string("(unnamed)") : app.name) + "  [" +
           app.id + (app.attemptId.empty() ? "" : " attempt " + app.attemptId) + "]\n";
    out += "Spark        " +
           (app.sparkVersion.empty() ? std::string("unknown") : app.sparkVersion) +
           (app.sparkVersionFromDatabricks ? " (Databricks runtime)" : "") + "\n";
    out += "Wall clock   " +
           (s.durationMs >= 0 ? formatDuration(s.durationMs) : std::string("unknown")) +
           (app.complete ? "" : "  (incomplete log)") + "\n";
    std::snprintf(
        line, sizeof line,
        "Counts       %lld jobs, %lld stage attempts, %lld tasks (%lld failed), %lld executors, "
        "%lld SQL executions\n",
        (long long)s.counts.jobs, (long long)s.counts.stageAttempts, (long long)s.counts.tasks,
        (long long)s.counts.failedTasks, (long long)s.counts.executors,
        (long long)s.counts.sqlExecutions);
    out += line;
    out += "\nStages by duration\n";
    std::snprintf(line, sizeof line, "%8s %9s %7s %11s %11s %11s %11s %11s %9s  %s\n", "stage",
                  "duration", "tasks", "input", "shuf.read", "shuf.write", "spill mem",
                  "spill disk", "GC", "name");
    out += line;
    for (const StageTotals& st : s.stages) {
        const StageAttempt& stage = model.stages[st.stage];
        const std::string id =
            std::to_string(stage.stageId) + "." + std::to_string(stage.attemptId);
        std::snprintf(line, sizeof line, "%8s %9s %7d %11s %11s %11s %11s %11s %9s  %.60s\n",
                      id.c_str(), formatDuration(st.durationMs).c_str(), st.tasks,
                      formatBytes(st.sum(TaskField::InputBytesRead)).c_str(),
                      formatBytes(st.shuffleReadBytes()).c_str(),
                      formatBytes(st.sum(TaskField::ShuffleBytesWritten)).c_str(),
                      formatBytes(st.sum(TaskField::MemoryBytesSpilled)).c_str(),
                      formatBytes(st.sum(TaskField::DiskBytesSpilled)).c_str(),
                      formatDuration(st.sum(TaskField::JvmGcTime)).c_str(), stage.name.c_str());
        out += line;
    }
    return out;
}

}  // namespace stagelight
