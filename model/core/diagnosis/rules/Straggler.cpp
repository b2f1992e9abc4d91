// straggler: tasks far slower than the median with no more data than it (a slow node, GC, a
// hot disk), holding the stage. Defaults from sparkforensics: ≥ 10 tasks; a straggler runs
// ≥ 3 × the median; its data ≤ 1.5 × the median task's; the stage waits ≥ 2 s on it.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef stragglerRule() {
    RuleDef r;
    r.name = "straggler";
    r.checks = "slow tasks that did not get more data than the others";
    r.defaults = {{"minTasks", 10}, {"minRatio", 3}, {"maxDataRatio", 1.5}, {"minTailMs", 2000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.rows.size()) < p["minTasks"] || s.p50 <= 0) continue;
            const double medianBytes = double(s.medianDataBytes);
            auto straggles = [&](uint32_t r) {
                return double(in.ctx.taskDuration(r)) >= p["minRatio"] * double(s.p50) &&
                       double(taskDataBytes(t, r)) <=
                           p["maxDataRatio"] * std::max(1.0, medianBytes);
            };
            int64_t worst = 0;
            std::vector<std::string> hosts;
            for (uint32_t r : s.rows)
                if (straggles(r)) {
                    worst = std::max(worst, in.ctx.taskDuration(r));
                    const std::string host(
                        in.ctx.model.strings.view(StrId(t.get(r, TaskField::Host))));
                    if (std::find(hosts.begin(), hosts.end(), host) == hosts.end())
                        hosts.push_back(host);
                }
            const int64_t cost = std::min(s.durationMs, worst) - s.p50;
            if (worst == 0 || double(cost) < p["minTailMs"]) continue;
            const auto ids = topTasks(
                in.ctx, s, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); }, straggles);
            Finding f;
            f.id = "straggler:stage-" + stageId(s.stageId, s.attemptId);
            f.title = "Straggling tasks hold " + in.ctx.stageLabel(s);
            std::string hostList;
            for (size_t i = 0; i < hosts.size() && i < 3; ++i)
                hostList += (i ? ", " : "") + hosts[i];
            f.detail = std::to_string(ids.size()) + " task(s) ran up to " + formatDuration(worst) +
                       " against a median of " + formatDuration(s.p50) +
                       " without reading more data than the median task; they ran on " + hostList +
                       (hosts.size() > 3 ? " and others" : "") + ".";
            f.estimatedCostMs = cost;
            f.costMethod = "the slowest straggler minus the median task";
            f.fix =
                "Turn on speculation (spark.speculation=true, spark.speculation.multiplier=3) "
                "and check the hosts named for disk, network or GC trouble";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId),
                          Evidence::tasks(s.stageId, s.attemptId, ids, "the straggling tasks"),
                          stageWindow(s)};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
