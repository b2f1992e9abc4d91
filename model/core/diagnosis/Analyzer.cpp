#include "diagnosis/Analyzer.h"

#include <algorithm>
#include <set>

namespace stagelight {

std::unordered_map<int64_t, int64_t> accumulatorTotals(const EventLogModel& model) {
    std::unordered_map<int64_t, int64_t> totals;
    const TaskTable& t = model.tasks;
    for (size_t r = 0; r < t.size(); ++r)
        t.forEachAccumulable(r, [&](AccumulableUpdate a) { totals[a.id] += a.update; });
    for (const SqlExecution& e : model.sqlExecutions)
        for (const auto& [id, value] : e.driverAccumUpdates) totals[id] += value;
    return totals;
}

Analysis analyze(const EventLogModel& model, const RuleConfig& config) {
    Analysis a;
    const DiagnosisContext ctx(model);
    a.time = accountTime(ctx);
    a.whatIf = estimateWhatIf(ctx, a.time);
    const auto totals = accumulatorTotals(model);
    const RuleInput input{ctx, a.time, totals};
    for (const RuleDef& rule : allRules()) {
        if (!config.enabled(rule)) {
            a.notRunChecks.emplace_back(std::string(rule.name), "disabled in the rules file");
            continue;
        }
        std::vector<Finding> found;
        const RuleRun run = rule.run(input, config.paramsFor(rule), found);
        if (run.outcome == RuleRun::Outcome::NotRun) {
            a.notRunChecks.emplace_back(std::string(rule.name), run.reason);
            continue;
        }
        if (found.empty()) {
            a.cleanChecks.emplace_back(rule.name);
            continue;
        }
        for (Finding& f : found) {
            f.rule = rule.name;
            for (const Evidence& e : f.evidence)
                if (!f.stage.valid() && e.stageId >= 0) f.stage = {e.stageId, e.stageAttemptId};
            const double share =
                a.time.wallClockMs > 0 ? double(f.estimatedCostMs) / double(a.time.wallClockMs) : 0;
            f.severity = share >= config.criticalShare  ? Severity::Critical
                         : share >= config.warningShare ? Severity::Warning
                                                        : Severity::Info;
            f.severity = std::max(f.severity, f.minSeverity);
            a.findings.push_back(std::move(f));
        }
    }
    // Ids are unique: a rule that reports the same subject twice gets a suffix.
    std::set<std::string> seen;
    for (Finding& f : a.findings) {
        std::string id = f.id.empty() ? f.rule : f.id;
        for (int n = 2; !seen.insert(id).second; ++n)
            id = (f.id.empty() ? f.rule : f.id) + "#" + std::to_string(n);
        f.id = id;
    }
    std::stable_sort(a.findings.begin(), a.findings.end(), [](const Finding& x, const Finding& y) {
        if (x.estimatedCostMs != y.estimatedCostMs) return x.estimatedCostMs > y.estimatedCostMs;
        return x.severity > y.severity;
    });
    return a;
}

}  // namespace stagelight
