// speculation-waste: speculative copies that lost the race and were killed. sparkforensics' SPEC
// asks ≥ 5 losing attempts and ≥ 60 s; here ≥ 1 attempt and ≥ 1 s, since severity follows the
// wasted time's share of the run and small waste shows as info.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef speculationWasteRule() {
    RuleDef r;
    r.name = "speculation-waste";
    r.checks = "speculative task copies that were killed";
    r.defaults = {{"minLosingAttempts", 1}, {"minWastedMs", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        int64_t losing = 0, wasted = 0;
        double slots = 1;
        const StageFacts* worst = nullptr;
        int64_t worstWaste = 0;
        for (const StageFacts& s : in.ctx.stages) {
            int64_t stageWaste = 0;
            for (uint32_t r : s.rows)
                if (t.hasFlag(r, kKilled) &&
                    (t.hasFlag(r, kSpeculative) || t.get(r, TaskField::Attempt) > 0)) {
                    ++losing;
                    stageWaste += in.ctx.taskDuration(r);
                }
            wasted += stageWaste;
            if (stageWaste > worstWaste) {
                worstWaste = stageWaste;
                worst = &s;
                slots = averageSlots(s);
            }
        }
        if (double(losing) < p["minLosingAttempts"] || double(wasted) < p["minWastedMs"] || !worst)
            return RuleRun{};
        Finding f;
        f.id = "speculation-waste";
        f.title = std::to_string(losing) + " speculative copies lost the race";
        f.detail = "Killed copies used " + formatMs(wasted) + " of executor time; most in " +
                   in.ctx.stageLabel(*worst) + ".";
        f.estimatedCostMs = int64_t(double(wasted) / slots);
        f.costMethod = "the killed copies' run time, spread over the cores";
        f.fix =
            "Speculate later: raise spark.speculation.multiplier (e.g. 3) and "
            "spark.speculation.quantile (0.9); fix the skew or slow host that triggers it";
        const auto ids = topTasks(
            in.ctx, *worst, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); },
            [&](uint32_t r) { return t.hasFlag(r, kKilled); });
        f.evidence = {Evidence::stage(worst->stageId, worst->attemptId),
                      Evidence::tasks(worst->stageId, worst->attemptId, ids, "killed copies")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
