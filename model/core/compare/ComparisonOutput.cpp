// `stagelight compare` as JSON (the fields the README documents) and as text.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "compare/Compare.h"
#include "diagnosis/Slices.h"
#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace {

double pct(double before, double after) {
    return before != 0 ? (after - before) / before * 100.0 : 0.0;
}

double rounded(double v) {
    return std::round(v * 100) / 100;
}

void stageRef(JsonWriter& w, const ComparedStage& f) {
    w.beginObject()
        .field("stageId", f.stageId)
        .field("stageAttemptId", f.attemptId)
        .field("name", f.name)
        .field("durationMs", f.durationMs)
        .field("tasks", f.tasks)
        .field("inputBytes", f.inputBytes)
        .field("shuffleReadBytes", f.shuffleReadBytes)
        .field("shuffleWriteBytes", f.shuffleWriteBytes)
        .field("spillBytes", f.spillBytes)
        .field("gcTimeMs", f.gcTimeMs)
        .field("skewRatio", rounded(f.skewRatio))
        .endObject();
}

const char* kindName(FindingChange::Kind k) {
    return k == FindingChange::Kind::Introduced ? "introduced"
           : k == FindingChange::Kind::Resolved ? "resolved"
                                                : "unchanged";
}

std::string stageLabel(const ComparedStage& f) {
    return StageKey{f.stageId, f.attemptId}.str();
}

}  // namespace

std::string comparisonJson(const Comparison& c) {
    JsonWriter w;
    w.beginObject();
    w.key("matches").beginArray();
    for (const StageMatch& m : c.matches) {
        w.beginObject();
        w.key("baseline");
        stageRef(w, m.baseline);
        w.key("trial");
        stageRef(w, m.trial);
        w.field("confidence", rounded(m.confidence));
        w.key("deltas").beginObject();
        w.field("durationMs", m.trial.durationMs - m.baseline.durationMs)
            .field("durationPct",
                   rounded(pct(double(m.baseline.durationMs), double(m.trial.durationMs))))
            .field("tasks", m.trial.tasks - m.baseline.tasks)
            .field("tasksPct", rounded(pct(double(m.baseline.tasks), double(m.trial.tasks))))
            .field("inputBytes", m.trial.inputBytes - m.baseline.inputBytes)
            .field("shuffleReadBytes", m.trial.shuffleReadBytes - m.baseline.shuffleReadBytes)
            .field("shuffleWriteBytes", m.trial.shuffleWriteBytes - m.baseline.shuffleWriteBytes)
            .field("spillBytes", m.trial.spillBytes - m.baseline.spillBytes)
            .field("gcTimeMs", m.trial.gcTimeMs - m.baseline.gcTimeMs)
            .field("skewRatio", rounded(m.trial.skewRatio - m.baseline.skewRatio));
        w.endObject().endObject();
    }
    w.endArray();
    w.key("unmatchedBaseline").beginArray();
    for (const ComparedStage& f : c.unmatchedBaseline) stageRef(w, f);
    w.endArray();
    w.key("unmatchedTrial").beginArray();
    for (const ComparedStage& f : c.unmatchedTrial) stageRef(w, f);
    w.endArray();
    w.key("summary").beginObject();
    w.field("baselineWallMs", c.baselineWallMs).field("trialWallMs", c.trialWallMs);
    w.field("wallDeltaMs", c.trialWallMs - c.baselineWallMs)
        .field("wallDeltaPct", rounded(pct(double(c.baselineWallMs), double(c.trialWallMs))));
    w.field("baselineCriticalPathMs", c.baselineCriticalPathMs)
        .field("trialCriticalPathMs", c.trialCriticalPathMs);
    w.field("baselineIdleCores", rounded(c.baselineIdleCores))
        .field("trialIdleCores", rounded(c.trialIdleCores));
    w.key("findings").beginArray();
    for (const FindingChange& f : c.findings)
        w.beginObject()
            .field("change", kindName(f.kind))
            .field("rule", f.rule)
            .field("title", f.title)
            .field("baselineCostMs", f.baselineCostMs)
            .field("trialCostMs", f.trialCostMs)
            .endObject();
    w.endArray();
    w.key("explainedBy").beginArray();
    for (size_t i : c.explaining) {
        const StageMatch& m = c.matches[i];
        w.beginObject()
            .field("baselineStage", stageLabel(m.baseline))
            .field("trialStage", stageLabel(m.trial))
            .field("durationDeltaMs", m.trial.durationMs - m.baseline.durationMs)
            .endObject();
    }
    w.endArray();
    // The wall clock by kind of time in both runs (driver, waiting for executors, stages, …).
    w.key("wallClockByCause").beginArray();
    for (size_t k = 0; k < c.causes.size(); ++k) {
        const CauseChange& ch = c.causes[k];
        w.beginObject()
            .field("cause", std::string(sliceCauseName(ch.cause)))
            .field("baselineMs", ch.baselineMs)
            .field("trialMs", ch.trialMs)
            .field("deltaMs", ch.deltaMs())
            .field("explains", std::find(c.explainingCauses.begin(), c.explainingCauses.end(), k) !=
                                   c.explainingCauses.end())
            .endObject();
    }
    w.endArray();
    w.endObject();
    w.endObject();
    return w.str() + "\n";
}

std::string causeChangeText(const CauseChange& ch) {
    const int64_t d = ch.deltaMs();
    std::string label(sliceCauseLabel(ch.cause));
    if (!label.empty()) label[0] = char(std::tolower(static_cast<unsigned char>(label[0])));
    return label + " " + formatDuration(ch.baselineMs) + " -> " + formatDuration(ch.trialMs) +
           " (" + (d >= 0 ? "+" : "-") + formatDuration(d >= 0 ? d : -d) + ")";
}

std::string comparisonText(const Comparison& c) {
    std::string o;
    char line[512];
    std::snprintf(line, sizeof line, "wall clock %s -> %s (%+.1f %%)\n",
                  formatDuration(c.baselineWallMs).c_str(), formatDuration(c.trialWallMs).c_str(),
                  pct(double(c.baselineWallMs), double(c.trialWallMs)));
    o += line;
    std::snprintf(line, sizeof line, "critical path %s -> %s\n",
                  formatDuration(c.baselineCriticalPathMs).c_str(),
                  formatDuration(c.trialCriticalPathMs).c_str());
    o += line;
    if (!c.explainingCauses.empty()) {
        o += "the wall clock changed mostly in:";
        for (size_t k = 0; k < c.explainingCauses.size(); ++k)
            o += (k ? "; " : " ") + causeChangeText(c.causes[c.explainingCauses[k]]);
        o += "\n";
    }
    if (!c.explaining.empty()) {
        o += "stages explaining most of the change in stage time:";
        for (size_t i : c.explaining) {
            const StageMatch& m = c.matches[i];
            const int64_t d = m.trial.durationMs - m.baseline.durationMs;
            o += " stage " + stageLabel(m.baseline) + "->" + stageLabel(m.trial) + " (" +
                 (d >= 0 ? "+" : "-") + formatDuration(d >= 0 ? d : -d) + ")";
        }
        o += "\n";
    }
    o += "\nbaseline  trial   conf  duration                   tasks        shuffle read           "
         "   skew       name\n";
    for (const StageMatch& m : c.matches) {
        std::snprintf(line, sizeof line,
                      "%-9s %-7s %4.2f  %8s -> %-8s %+6.0f%%  %5lld -> %-5lld %9s -> %-9s %5.1f -> "
                      "%-5.1f %s\n",
                      stageLabel(m.baseline).c_str(), stageLabel(m.trial).c_str(), m.confidence,
                      formatDuration(m.baseline.durationMs).c_str(),
                      formatDuration(m.trial.durationMs).c_str(),
                      pct(double(m.baseline.durationMs), double(m.trial.durationMs)),
                      (long long)m.baseline.tasks, (long long)m.trial.tasks,
                      formatBytes(m.baseline.shuffleReadBytes).c_str(),
                      formatBytes(m.trial.shuffleReadBytes).c_str(), m.baseline.skewRatio,
                      m.trial.skewRatio, m.trial.name.c_str());
        o += line;
    }
    for (const ComparedStage& f : c.unmatchedBaseline)
        o += "only in the baseline: stage " + stageLabel(f) + " " + f.name + " (" +
             formatDuration(f.durationMs) + ")\n";
    for (const ComparedStage& f : c.unmatchedTrial)
        o += "only in the trial: stage " + stageLabel(f) + " " + f.name + " (" +
             formatDuration(f.durationMs) + ")\n";
    if (!c.findings.empty()) o += "\nfindings:\n";
    for (const FindingChange& f : c.findings)
        o += std::string("  ") + kindName(f.kind) + ": " + f.title + "\n";
    return o;
}

}  // namespace stagelight
