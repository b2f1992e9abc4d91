#include "report/ReportDocument.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <ctime>
#include <set>

#include "model/Numeric.h"
#include "report/Summary.h"
#include "text/Elide.h"
#include "text/Format.h"

namespace stagelight {
namespace {

std::string utcTime(int64_t epochMs) {
    return epochMs < 0 ? "unknown" : formatUtc(epochMs, "%Y-%m-%d %H:%M:%S UTC");
}

std::string stageName(const StageAttempt& s) {
    return StageKey{s.stageId, s.attemptId}.label();
}

std::string runTimeText(const AppSpan& span) {
    if (!span.known()) return "unknown";
    return formatDuration(span.wallMs()) +
           (span.fromApplicationEvents() ? "" : " (" + span.howFound() + ")");
}

std::string executorsText(const AppTotals& t) {
    std::string s = std::to_string(t.executors) + " (" + std::to_string(t.executorCores) + " cores";
    if (t.driverRunsTasks) s += "; local mode: the driver ran the tasks";
    return s + ")";
}

size_t stageIndexOf(const EventLogModel& m, int32_t stageId, int32_t attemptId) {
    const StageAttempt* s = m.stage(stageId, attemptId);
    return s ? size_t(s - m.stages.data()) : SIZE_MAX;
}

std::vector<std::string> planNodeLines(const EventLogModel& m, const Evidence& e,
                                       const std::unordered_map<int64_t, int64_t>& totals) {
    std::vector<std::string> lines;
    const SqlExecution* q = m.sqlExecution(e.executionId);
    if (!q) return lines;
    lines.push_back("SQL execution " + std::to_string(q->id) + ": " + q->description);
    if (e.nodeId < 0 || size_t(e.nodeId) >= q->plan.nodes.size()) return lines;
    const PlanNode& n = q->plan.nodes[size_t(e.nodeId)];
    lines.push_back("plan node " + std::to_string(e.nodeId) + ": " + n.nodeName);
    std::string simple = n.simpleString.substr(0, 400);
    if (n.simpleString.size() > 400) simple += " …";
    if (!simple.empty() && simple != n.nodeName) lines.push_back(simple);
    for (const PlanMetric& pm : n.metrics) {
        const auto it = totals.find(pm.accumulatorId);
        if (it == totals.end()) continue;
        const int64_t v = it->second;
        const std::string value = pm.metricType == "size"       ? formatBytes(v)
                                  : pm.metricType == "timing"   ? formatDuration(v)
                                  : pm.metricType == "nsTiming" ? formatDuration(v / 1000000)
                                                                : std::to_string(v);
        lines.push_back("  " + pm.name + ": " + value);
    }
    return lines;
}

std::vector<std::string> rddLines(const EventLogModel& m, int32_t rddId) {
    const auto it = m.rdds.find(rddId);
    if (it == m.rdds.end()) return {"RDD " + std::to_string(rddId)};
    const RddInfo& r = it->second;
    std::string level = r.storageLevel.useMemory ? "memory" : "";
    if (r.storageLevel.useDisk) level += level.empty() ? "disk" : " and disk";
    if (level.empty()) level = "not cached";
    return {"RDD " + std::to_string(r.id) + " " + r.name + " (" + r.callsite + ")",
            "storage: " + level + ", " + std::to_string(r.numCachedPartitions) + " of " +
                std::to_string(r.numPartitions) + " partitions cached, " +
                formatBytes(r.memorySize) + " in memory, " + formatBytes(r.diskSize) + " on disk"};
}

std::vector<std::string> executorLines(const EventLogModel& m, const std::string& id) {
    const Executor* e = m.executor(id);
    if (!e) return {"executor " + id};
    const int64_t start = m.application.startTime;
    std::string line =
        "executor " + e->id + " on " + e->host + ", " + std::to_string(e->totalCores) + " cores";
    if (e->addTime >= 0 && start >= 0)
        line += ", added at +" + formatDuration(saturatingSub(e->addTime, start));
    if (e->removeTime >= 0 && start >= 0)
        line += ", removed at +" + formatDuration(saturatingSub(e->removeTime, start)) + " (" +
                e->removeReason + ")";
    return {line};
}

std::vector<ReportFigure> figuresFor(const EventLogModel& m, const Finding& f,
                                     const std::unordered_map<int64_t, int64_t>& accum) {
    std::vector<ReportFigure> out;
    std::vector<int64_t> outliers;
    for (const Evidence& e : f.evidence)
        if (e.kind == Evidence::Kind::Tasks)
            outliers.insert(outliers.end(), e.taskIds.begin(), e.taskIds.end());
    bool histogram = false, timeline = false;
    const int64_t appStart = m.derived.span.startMs;
    for (const Evidence& e : f.evidence) {
        const size_t si = e.stageId >= 0 ? stageIndexOf(m, e.stageId, e.stageAttemptId) : SIZE_MAX;
        if (si != SIZE_MAX && !histogram &&
            (e.kind == Evidence::Kind::Tasks || e.kind == Evidence::Kind::Stage)) {
            ReportFigure fig;
            fig.kind = ReportFigure::Kind::Histogram;
            fig.stageIndex = si;
            fig.metric = f.focusMetric;  // the rule says which metric it is about
            fig.taskIds = outliers;
            fig.caption = std::string(histogramMetricName(fig.metric)) + " of the tasks of " +
                          stageName(m.stages[si]) +
                          (outliers.empty() ? "" : " (the finding's tasks in red)");
            out.push_back(std::move(fig));
            histogram = true;
        } else if (si != SIZE_MAX && !timeline && e.kind == Evidence::Kind::TimeWindow &&
                   e.endMs > e.startMs) {
            ReportFigure fig;
            fig.kind = ReportFigure::Kind::Timeline;
            fig.stageIndex = si;
            // Drawn within the log's plausible times (an absurd one is a log-quality note).
            const AppSpan& span = m.derived.span;
            fig.fromMs = std::clamp(e.startMs, span.saneFromMs, span.saneToMs);
            fig.toMs = std::clamp(e.endMs, span.saneFromMs, span.saneToMs);
            fig.taskIds = outliers;
            fig.caption = "Timeline of " + stageName(m.stages[si]) + " from " +
                          formatOffset(saturatingInt64(double(fig.fromMs) - double(appStart))) +
                          " to " +
                          formatOffset(saturatingInt64(double(fig.toMs) - double(appStart))) +
                          (e.note.empty() ? "" : ": " + e.note);
            out.push_back(std::move(fig));
            timeline = true;
        } else if (e.kind == Evidence::Kind::SqlNode) {
            out.push_back({ReportFigure::Kind::Lines,
                           "Plan node",
                           0,
                           HistogramMetric::Duration,
                           {},
                           0,
                           0,
                           planNodeLines(m, e, accum)});
        } else if (e.kind == Evidence::Kind::Rdd) {
            out.push_back({ReportFigure::Kind::Lines,
                           "Cached RDD",
                           0,
                           HistogramMetric::Duration,
                           {},
                           0,
                           0,
                           rddLines(m, e.rddId)});
        } else if (e.kind == Evidence::Kind::Executor) {
            out.push_back({ReportFigure::Kind::Lines,
                           "Executor",
                           0,
                           HistogramMetric::Duration,
                           {},
                           0,
                           0,
                           executorLines(m, e.executorId)});
        } else if (e.kind == Evidence::Kind::TimeWindow && e.stageId < 0 && e.endMs > e.startMs) {
            out.push_back(
                {ReportFigure::Kind::Lines,
                 "Time window",
                 0,
                 HistogramMetric::Duration,
                 {},
                 0,
                 0,
                 {"from " + formatOffset(saturatingInt64(double(e.startMs) - double(appStart))) +
                  " to " + formatOffset(saturatingInt64(double(e.endMs) - double(appStart))) + " (" +
                  formatDuration(saturatingInt64(double(e.endMs) - double(e.startMs))) +
                  ")" + (e.note.empty() ? "" : ": " + e.note)}});
        }
    }
    return out;
}

// Every name and text from the log in the document is bounded: a 50 MB application name is laid
// out as its first few hundred bytes and its length, in every format.
void elideLogText(ReportDocument& doc) {
    doc.title = elide(doc.title);
    for (auto& [k, v] : doc.facts) v = elide(v);
    for (ReportSection& s : doc.sections)
        for (ReportFigure& fig : s.figures) {
            fig.caption = elide(fig.caption);
            for (std::string& line : fig.lines) line = elide(line);
        }
    for (std::string& g : doc.gaps) g = elide(g);
    for (auto& [k, v] : doc.config) {
        k = elide(k);
        v = elide(v);
    }
}

}  // namespace

std::vector<std::string> sparkKeysIn(std::string_view text) {
    std::vector<std::string> keys;
    for (size_t at = text.find("spark."); at != std::string_view::npos;
         at = text.find("spark.", at + 1)) {
        if (at > 0 &&
            (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.'))
            continue;
        size_t end = at;
        while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                     text[end] == '.' || text[end] == '_' || text[end] == '-'))
            ++end;
        while (end > at && (text[end - 1] == '.' || text[end - 1] == '-')) --end;  // sentence end
        if (end > at + 6) keys.emplace_back(text.substr(at, end - at));
    }
    return keys;
}

ReportDocument buildReport(const EventLogModel& m, const Analysis& a, std::vector<LogDigest> files,
                           size_t slowest) {
    ReportDocument doc;
    const Application& app = m.application;
    const Summary summary = summarize(m);
    doc.title = app.name.empty() ? app.id : app.name;
    const AppTotals& totalsOfApp = m.derived.totals;
    doc.wallClockMs = m.derived.span.wallMs();
    doc.facts = {
        {"Application", doc.title},
        {"Application id", app.id + (app.attemptId.empty() ? "" : " attempt " + app.attemptId)},
        {"User", app.user},
        {"Spark version", app.sparkVersion.empty() ? "unknown" : app.sparkVersion},
        {"Started", utcTime(m.derived.span.startMs)},
        {"Run time", runTimeText(m.derived.span)},
        {"Completed", app.complete ? "yes" : "no (the log has no ApplicationEnd)"},
        {"Executors", executorsText(totalsOfApp)},
        {"Work", std::to_string(summary.counts.jobs) + " jobs, " +
                     std::to_string(summary.counts.stageAttempts) + " stage attempts, " +
                     std::to_string(summary.counts.tasks) + " tasks (" +
                     std::to_string(summary.counts.failedTasks) + " failed)"}};

    doc.files = std::move(files);

    const auto accum = accumulatorTotals(m);
    for (size_t i = 0; i < a.findings.size(); ++i) {
        doc.totalCostMs = saturatingAdd(doc.totalCostMs, a.findings[i].estimatedCostMs);
        doc.sections.push_back({i, figuresFor(m, a.findings[i], accum)});
    }
    doc.slowestStages.assign(
        summary.stages.begin(),
        summary.stages.begin() + ptrdiff_t(std::min(slowest, summary.stages.size())));

    const TimeAccounting& t = a.time;
    doc.timeFacts = {{"Wall clock", formatDuration(t.wallClockMs)},
                     {"Driver only (no job running)", formatDuration(t.driverOnlyMs)},
                     {"Jobs running", formatDuration(t.jobTimeMs)},
                     {"Task time", formatDuration(t.taskTimeMs)}};
    if (t.idleCores >= 0)
        doc.timeFacts.emplace_back("Idle cores",
                                   std::to_string(saturatingInt(t.idleCores * 100 + 0.5)) +
                                       " % of the executor cores' time");
    for (const SliceCauseTotal& c : sliceTotalsByCause(t.slices)) {
        const auto pct = [&](int64_t ms) {
            return std::to_string(t.wallClockMs > 0 ? saturatingInt(100.0 * double(ms) / double(t.wallClockMs) + 0.5) : 0);
        };
        doc.timeSlices.emplace_back(
            std::string(sliceCauseLabel(c.cause)),
            formatDuration(c.ms) + " (" + pct(c.ms) + " %), " +
                (c.explainedMs >= c.ms ? std::string("all explained by findings")
                 : c.explainedMs > 0   ? formatDuration(c.explainedMs) + " explained by findings"
                                       : std::string("not explained by a finding")));
    }
    {
        // What the tasks did in those slices: Spark's phases, largest first.
        std::array<double, kTaskPhaseCount> phases{};
        double total = 0;
        for (const Slice& sl : t.slices)
            for (size_t i = 0; i < kTaskPhaseCount; ++i) {
                phases[i] += sl.phaseMs[i];
                total += sl.phaseMs[i];
            }
        std::vector<size_t> order(kTaskPhaseCount);
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return phases[x] > phases[y]; });
        std::string line;
        for (size_t i : order) {
            const int pct = total > 0 ? saturatingInt(100.0 * phases[i] / total + 0.5) : 0;
            if (pct < 1) continue;
            line += (line.empty() ? "" : ", ") + std::string(taskPhaseName(TaskPhase(i))) + " " +
                    std::to_string(pct) + " %";
        }
        if (!line.empty()) doc.timeSlices.emplace_back("Task time by phase", line);
    }
    if (!a.whatIf.caveat.empty()) doc.timeFacts.emplace_back("What-if model error", a.whatIf.caveat);
    for (const WhatIfPoint& p : a.whatIf.points)
        if (p.percent == 200 || p.percent == 50)
            doc.timeFacts.emplace_back("With " + std::to_string(p.executors) + " executors (" +
                                           std::to_string(p.percent) + " %)",
                                       "about " + formatDuration(p.estimatedWallMs));
    for (const CriticalPath& cp : t.criticalPaths) {
        std::string chain;
        for (const auto& [s, at] : cp.stages)
            chain += (chain.empty() ? "" : " → ") + StageKey{s, at}.str();
        doc.criticalPaths.push_back("job " + std::to_string(cp.jobId) + " (" +
                                    formatDuration(cp.jobDurationMs) + "): critical path " +
                                    formatDuration(cp.pathMs) + " through stages " + chain);
    }
    std::vector<Gap> gaps = t.gaps;
    std::stable_sort(gaps.begin(), gaps.end(), [](const Gap& x, const Gap& y) {
        return x.endMs - x.startMs > y.endMs - y.startMs;
    });
    for (size_t i = 0; i < gaps.size() && i < 10; ++i) {
        const Gap& g = gaps[i];
        std::string line = formatDuration(g.endMs - g.startMs) + " at " +
                           formatOffset(g.startMs - app.startTime) + ": " +
                           std::string(gapCauseText(g.cause));
        if (g.stageId >= 0)
            line += " in " + StageKey{g.stageId, g.stageAttemptId}.label();
        if (!g.detail.empty()) line += " — " + g.detail;
        doc.gaps.push_back(line);
    }

    std::set<std::string> keys;
    for (const Finding& f : a.findings)
        for (const std::string& text : {f.fix, f.detail})
            for (std::string& k : sparkKeysIn(text)) keys.insert(std::move(k));
    for (const std::string& k : keys)
        doc.config.emplace_back(
            k, m.environment.sparkProperty(k).value_or("(not set: Spark's default)"));
    elideLogText(doc);
    return doc;
}

void addComparison(ReportDocument& doc, const EventLogModel& baseline, const std::string& file,
                   Comparison comparison) {
    doc.hasComparison = true;
    doc.comparison = std::move(comparison);
    doc.baselineTitle = elide(baseline.application.name.empty() ? baseline.application.id
                                                                : baseline.application.name);
    doc.baselineFile = elide(file);
}

}  // namespace stagelight
