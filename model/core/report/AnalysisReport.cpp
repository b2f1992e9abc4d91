#include "report/AnalysisReport.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "model/Numeric.h"
#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace {

void writeEvidence(JsonWriter& w, const Evidence& e) {
    w.beginObject().field("kind", evidenceKindName(e.kind));
    if (e.stageId >= 0) w.field("stageId", e.stageId).field("stageAttemptId", e.stageAttemptId);
    if (e.kind == Evidence::Kind::Tasks) {
        w.key("taskIds").beginArray();
        for (int64_t id : e.taskIds) w.value(id);
        w.endArray();
    }
    if (e.startMs >= 0) w.field("startMs", e.startMs).field("endMs", e.endMs);
    if (e.executionId >= 0) w.field("executionId", e.executionId).field("nodeId", e.nodeId);
    if (e.rddId >= 0) w.field("rddId", e.rddId);
    if (!e.executorId.empty()) w.field("executorId", e.executorId);
    if (!e.note.empty()) w.field("note", e.note);
    w.endObject();
}

}  // namespace

std::string evidenceText(const EventLogModel& model, const Evidence& e) {
    const StageKey stage{e.stageId, e.stageAttemptId};
    const int64_t origin = std::max<int64_t>(0, model.derived.span.startMs);
    const auto at = [&](int64_t t) { return formatOffset(std::max<int64_t>(0, t - origin)); };
    std::string s;
    switch (e.kind) {
        case Evidence::Kind::Stage:
            s = stage.label();
            break;
        case Evidence::Kind::Tasks:
            s = countText(int64_t(e.taskIds.size()), "task", "tasks") + " of " + stage.label();
            break;
        case Evidence::Kind::TimeWindow:
            s = at(e.startMs) + " to " + at(e.endMs) + " (" +
                formatDuration(std::max<int64_t>(0, e.endMs - e.startMs)) + ")" +
                (stage.valid() ? " in " + stage.label() : std::string());
            break;
        case Evidence::Kind::SqlNode:
            s = "SQL " + std::to_string(e.executionId) + ", plan node " + std::to_string(e.nodeId);
            break;
        case Evidence::Kind::Rdd:
            s = "RDD " + std::to_string(e.rddId);
            break;
        case Evidence::Kind::Executor:
            s = "executor " + e.executorId;
            break;
    }
    return e.note.empty() ? s : s + ": " + e.note;
}

namespace {

void writeTime(JsonWriter& w, const TimeAccounting& t, const WhatIf& wi) {
    w.beginObject();
    w.field("wallClockMs", t.wallClockMs).field("driverOnlyMs", t.driverOnlyMs);
    w.field("jobTimeMs", t.jobTimeMs).field("taskTimeMs", t.taskTimeMs);
    w.field("availableCoreMs", saturatingInt64(t.availableCoreMs));
    w.key("idleCores");
    if (t.idleCores >= 0)
        w.value(t.idleCores);
    else
        w.null();
    w.key("criticalPaths").beginArray();
    for (const CriticalPath& p : t.criticalPaths) {
        w.beginObject().field("jobId", p.jobId).field("jobDurationMs", p.jobDurationMs);
        w.field("pathMs", p.pathMs).key("stages").beginArray();
        for (const auto& [s, a] : p.stages)
            w.beginObject().field("stageId", s).field("stageAttemptId", a).endObject();
        w.endArray().endObject();
    }
    w.endArray().key("stages").beginArray();
    for (const StageShare& s : t.stages) {
        w.beginObject().field("stageId", s.stageId).field("stageAttemptId", s.stageAttemptId);
        w.field("durationMs", s.durationMs).field("wallShare", s.wallShare);
        w.key("idleCores");
        if (s.idleCores >= 0)
            w.value(s.idleCores);
        else
            w.null();
        w.field("onCriticalPath", s.onCriticalPath).endObject();
    }
    w.endArray().key("gaps").beginArray();
    for (const Gap& g : t.gaps) {
        w.beginObject().field("cause", gapCauseName(g.cause));
        w.field("startMs", g.startMs)
            .field("endMs", g.endMs)
            .field("durationMs", g.endMs - g.startMs);
        if (g.stageId >= 0) w.field("stageId", g.stageId).field("stageAttemptId", g.stageAttemptId);
        w.field("detail", g.detail).endObject();
    }
    w.endArray().key("slices").beginArray();
    for (const Slice& sl : t.slices) {
        w.beginObject().field("cause", sliceCauseName(sl.cause));
        w.field("startMs", sl.startMs).field("endMs", sl.endMs).field("durationMs", sl.durationMs());
        w.field("explainedMs", sl.explainedMs);
        if (sl.stage.valid())
            w.field("stageId", sl.stage.stage).field("stageAttemptId", sl.stage.attempt);
        w.key("jobs").beginArray();
        for (int32_t j : sl.jobs) w.value(int64_t(j));
        w.endArray();
        if (!sl.concurrent.empty()) {
            w.key("concurrentStages").beginArray();
            for (const StageKey& k : sl.concurrent) w.value(k.str());
            w.endArray();
        }
        w.field("busyCores", sl.durationMs() > 0 ? sl.taskMs / double(sl.durationMs()) : 0.0);
        w.field("allocatedCores", sl.durationMs() > 0 ? sl.coreMs / double(sl.durationMs()) : 0.0);
        if (sl.taskMs > 0) {
            static constexpr const char* keys[kTaskPhaseCount] = {
                "schedulerDelay", "deserialization", "shuffleRead",  "computing",
                "shuffleWrite",   "resultSerialization", "gettingResult"};
            w.key("phasesMs").beginObject();
            for (size_t i = 0; i < kTaskPhaseCount; ++i) w.field(keys[i], sl.phaseMs[i]);
            w.endObject();
        }
        if (!sl.sqlWithoutJobs.empty()) {
            w.key("sqlWithoutJobs").beginArray();
            for (int64_t q : sl.sqlWithoutJobs) w.value(q);
            w.endArray();
        }
        w.endObject();
    }
    w.endArray().key("coreSeries").beginArray();
    for (const CoreSample& c : t.coreSeries)
        w.beginObject()
            .field("timeMs", c.timeMs)
            .field("busyCores", c.busyCores)
            .field("allocatedCores", c.allocatedCores)
            .endObject();
    w.endArray().key("whatIf").beginObject();
    w.field("observedExecutors", wi.observedExecutors)
        .field("coresPerExecutor", wi.coresPerExecutor);
    w.field("modelErrorMs", wi.modelErrorMs);
    if (!wi.caveat.empty()) w.field("caveat", wi.caveat);
    w.key("points").beginArray();
    for (const WhatIfPoint& p : wi.points)
        w.beginObject()
            .field("percent", int64_t(p.percent))
            .field("executors", p.executors)
            .field("estimatedWallMs", p.estimatedWallMs)
            .field("utilization", p.utilization)
            .endObject();
    w.endArray().endObject().endObject();
}

}  // namespace

std::string analysisJson(const EventLogModel& model, const Analysis& a) {
    const Application& app = model.application;
    JsonWriter w;
    w.beginObject().field("schemaVersion", int64_t(kAnalysisSchemaVersion));
    w.key("application").beginObject();
    w.field("id", app.id).field("attemptId", app.attemptId).field("name", app.name);
    w.field("sparkVersion", app.sparkVersion).field("startTime", app.startTime);
    w.field("endTime", app.sawApplicationEnd ? app.endTime : int64_t(-1));
    w.field("complete", app.complete).endObject();
    w.key("timeAccounting");
    writeTime(w, a.time, a.whatIf);
    w.key("findings").beginArray();
    for (const Finding& f : a.findings) {
        w.beginObject().field("id", f.id).field("rule", f.rule).field("cause", f.cause);
        w.field("severity", severityName(f.severity)).field("title", f.title);
        w.field("detail", f.detail).field("estimatedCostMs", f.estimatedCostMs);
        w.field("costMethod", f.costMethod).field("fix", f.fix);
        if (f.stage.valid())
            w.field("stageId", f.stage.stage).field("stageAttemptId", f.stage.attempt);
        w.field("askedMs", f.askedMs).field("headline", f.headline);
        if (!f.symptomOf.empty()) w.field("symptomOf", f.symptomOf);
        w.key("claims").beginArray();
        for (const SliceClaim& c : f.claims)
            w.beginObject().field("slice", int64_t(c.slice)).field("ms", c.ms).endObject();
        w.endArray().key("evidence").beginArray();
        for (const Evidence& e : f.evidence) writeEvidence(w, e);
        w.endArray().endObject();
    }
    w.endArray().key("cleanChecks").beginArray();
    for (const std::string& c : a.cleanChecks) w.value(c);
    w.endArray().key("notRunChecks").beginArray();
    for (const auto& [rule, why] : a.notRunChecks)
        w.beginObject().field("rule", rule).field("reason", why).endObject();
    w.endArray().endObject();
    return w.str() + "\n";
}

std::string analysisText(const EventLogModel& model, const Analysis& a) {
    const TimeAccounting& t = a.time;
    std::string out = model.application.name + " (" + model.application.id + "), wall clock " +
                      formatDuration(t.wallClockMs) + ": jobs " + formatDuration(t.jobTimeMs) +
                      ", driver only " + formatDuration(t.driverOnlyMs);
    if (t.idleCores >= 0) {
        char idle[48];
        std::snprintf(idle, sizeof idle, ", %.0f %% of executor cores idle", t.idleCores * 100);
        out += idle;
    }
    out += "\n";
    // Where the wall clock went, by cause (the slices of timeAccounting.slices).
    const std::vector<SliceCauseTotal> causes = sliceTotalsByCause(t.slices);
    if (!causes.empty()) {
        out += "Where the time went:";
        for (const SliceCauseTotal& c : causes)
            out += " " + std::string(sliceCauseName(c.cause)) + " " + formatDuration(c.ms) + ",";
        out.back() = '\n';
    }
    out += "\n";
    if (a.findings.empty()) out += "No findings.\n";
    int n = 0;
    for (const Finding& f : a.findings) {
        out += std::to_string(++n) + ". [" + std::string(severityName(f.severity)) + "] " + f.title;
        if (f.estimatedCostMs > 0) out += "  (~" + formatDuration(f.estimatedCostMs) + ")";
        out += "\n   " + f.detail + "\n   Fix: " + f.fix + "\n";
        for (const Evidence& e : f.evidence)
            out += "   Evidence: " + evidenceText(model, e) + "\n";
        out += "\n";
    }
    out += "Clean: ";
    for (size_t i = 0; i < a.cleanChecks.size(); ++i) out += (i ? ", " : "") + a.cleanChecks[i];
    out += "\n";
    for (const auto& [rule, why] : a.notRunChecks) out += "Not run: " + rule + " (" + why + ")\n";
    return out;
}

}  // namespace stagelight
