#include "diagnosis/Analyzer.h"

#include <algorithm>
#include <map>
#include <set>

#include "diagnosis/Claims.h"
#include "diagnosis/Unexplained.h"
#include "model/Numeric.h"

namespace stagelight {

std::unordered_map<int64_t, int64_t> accumulatorTotals(const EventLogModel& model) {
    std::unordered_map<int64_t, int64_t> totals;
    const TaskTable& t = model.tasks;
    for (size_t r = 0; r < t.size(); ++r)
        t.forEachAccumulable(r, [&](AccumulableUpdate a) {
            int64_t& total = totals[a.id];  // one lookup per update: this runs for every task
            total = jvmAdd(total, a.update);
        });
    for (const SqlExecution& e : model.sqlExecutions)
        for (const auto& [id, value] : e.driverAccumUpdates) {
            int64_t& total = totals[id];
            total = jvmAdd(total, value);
        }
    return totals;
}

Analysis analyze(const EventLogModel& model, const RuleConfig& config) {
    Analysis a;
    const DiagnosisContext ctx(model);
    a.time = accountTime(ctx);
    a.whatIf = estimateWhatIf(ctx, a.time);
    const auto totals = accumulatorTotals(model);
    std::vector<SlowTaskAnalysis> slowTasks;
    slowTasks.reserve(ctx.stages.size());
    for (const StageFacts& s : ctx.stages) slowTasks.push_back(explainSlowTasks(ctx, s));
    const RuleInput input{ctx, a.time, totals, slowTasks};
    std::vector<RankedFinding> found;
    for (const RuleDef& rule : allRules()) {
        if (!config.enabled(rule)) {
            a.notRunChecks.emplace_back(std::string(rule.name), "disabled in the rules file");
            continue;
        }
        std::vector<Finding> out;
        const RuleRun run = rule.run(input, config.paramsFor(rule), out);
        if (run.outcome == RuleRun::Outcome::NotRun) {
            a.notRunChecks.emplace_back(std::string(rule.name), run.reason);
            continue;
        }
        if (out.empty()) {
            a.cleanChecks.emplace_back(rule.name);
            continue;
        }
        for (Finding& f : out) {
            f.rule = rule.name;
            // A title is a sentence: "Stage 0.0 waited …", whatever the rule put first.
            if (!f.title.empty() && f.title[0] >= 'a' && f.title[0] <= 'z') f.title[0] = char(f.title[0] - 'a' + 'A');
            if (f.cause.empty()) f.cause = rule.name;
            for (const Evidence& e : f.evidence)
                if (!f.stage.valid() && e.stageId >= 0) f.stage = {e.stageId, e.stageAttemptId};
            found.push_back({std::move(f), rule.precedence});
        }
    }
    // Ids are unique: a rule that reports the same subject twice gets a suffix.
    std::set<std::string> seen;
    for (RankedFinding& rf : found) {
        Finding& f = rf.finding;
        std::string id = f.id.empty() ? f.rule : f.id;
        for (int n = 2; !seen.insert(id).second; ++n)
            id = (f.id.empty() ? f.rule : f.id) + "#" + std::to_string(n);
        f.id = id;
    }
    resolveClaims(a.time.slices, found);
    for (const RankedFinding& rf : found)
        for (const SliceClaim& c : rf.finding.claims)
            if (c.slice < a.time.slices.size()) a.time.slices[c.slice].explainedMs += c.ms;
    if (std::optional<Finding> u = unexplainedTime(a.time)) found.push_back({std::move(*u), 100});
    std::map<std::string, const Finding*> byId;
    for (const RankedFinding& rf : found) byId[rf.finding.id] = &rf.finding;
    for (RankedFinding& rf : found) {
        Finding& f = rf.finding;
        const double share =
            a.time.wallClockMs > 0 ? double(f.estimatedCostMs) / double(a.time.wallClockMs) : 0;
        f.severity = share >= config.criticalShare  ? Severity::Critical
                     : share >= config.warningShare ? Severity::Warning
                                                    : Severity::Info;
        f.severity = std::max(f.severity, f.minSeverity);
        if (!f.symptomOf.empty())
            if (const auto it = byId.find(f.symptomOf); it != byId.end())
                f.detail += " A symptom of \u201c" + it->second->title +
                            "\u201d: that finding's cost holds this time.";
    }
    // Headlines (a result not produced) first; then by the wall clock each would save, a
    // finding whose cost is not wall clock ranked at its severity's lower bound.
    const auto rankMs = [&](const Finding& f) {
        // A finding critical whatever its share (a failed job) ranks at the critical floor too.
        const bool floored = f.costNotWallClock || f.minSeverity == Severity::Critical;
        if (!floored || a.time.wallClockMs <= 0) return double(f.estimatedCostMs);
        const double floor = f.severity == Severity::Critical ? config.criticalShare
                             : f.severity == Severity::Warning ? config.warningShare
                                                               : 0.0;
        return std::max(double(f.estimatedCostMs), floor * double(a.time.wallClockMs));
    };
    std::stable_sort(found.begin(), found.end(), [&](const RankedFinding& x, const RankedFinding& y) {
        if (x.finding.headline != y.finding.headline) return x.finding.headline;
        const double rx = rankMs(x.finding), ry = rankMs(y.finding);
        if (rx != ry) return rx > ry;
        return x.finding.severity > y.finding.severity;
    });
    for (RankedFinding& rf : found) a.findings.push_back(std::move(rf.finding));
    return a;
}

}  // namespace stagelight
