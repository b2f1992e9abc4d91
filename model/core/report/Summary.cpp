#include "report/Summary.h"

#include <algorithm>
#include <cstdio>

#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight {

Summary summarize(const EventLogModel& model) {
    Summary s;
    const Derived& d = model.derived;
    s.counts.jobs = d.totals.jobs;
    s.counts.stageAttempts = d.totals.stageAttempts;
    s.counts.tasks = d.totals.tasks;
    s.counts.failedTasks = d.totals.failedTasks;
    s.counts.resubmittedTasks = d.totals.resubmittedTasks;
    s.counts.executors = d.totals.executors;
    s.counts.sqlExecutions = d.totals.sqlExecutions;
    s.counts.unknownEvents = int64_t(model.report.unknownEventCount());
    s.counts.malformedLines = int64_t(model.report.malformedLines);
    s.durationMs = d.span.known() ? d.span.wallMs() : -1;
    for (const StageTotals& st : d.stageTotals) {
        const StageAttempt& stage = model.stages[st.stage];
        if (stage.submitted || stage.completed || st.attempts > 0) s.stages.push_back(st);
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
    w.key("durationFrom").beginObject();
    w.field("start", model.derived.span.startName()).field("end", model.derived.span.endName());
    w.endObject();
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
    w.field("failedTasks", c.failedTasks).field("resubmittedTasks", c.resubmittedTasks);
    w.field("executors", c.executors);
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
        w.field("numTasks", stage.numTasks).field("tasks", st.attempts);
        w.field("completedTasks", st.completedTasks).field("failedTasks", st.failedTasks);
        w.field("killedTasks", st.killedTasks).field("resubmittedTasks", st.resubmitted);
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
           (s.durationMs >= 0 && !model.derived.span.fromApplicationEvents()
                ? "  (" + model.derived.span.howFound() + ")"
                : std::string()) +
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
        const std::string id = st.key.str();
        std::snprintf(line, sizeof line, "%8s %9s %7d %11s %11s %11s %11s %11s %9s  %.60s\n",
                      id.c_str(), formatDuration(st.durationMs).c_str(), st.attempts,
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
