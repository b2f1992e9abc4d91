// speculation-waste: speculative copies that lost the race (killed, or finishing after another
// attempt of the same task had already succeeded). sparkforensics' SPEC
// asks ≥ 5 losing attempts and ≥ 60 s; here ≥ 1 attempt and ≥ 1 s, since severity follows the
// wasted time's share of the run and small waste shows as info.
#include <map>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

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
            // The first success of each index; a later speculative success duplicated its work.
            std::map<int64_t, int64_t> firstSuccess;
            for (uint32_t r : s.rows)
                if (t.endReason(r) == EndReason::Success) {
                    auto [it, fresh] = firstSuccess.try_emplace(t.get(r, TaskField::Index),
                                                                in.ctx.model.taskFinish(r));
                    if (!fresh) it->second = std::min(it->second, in.ctx.model.taskFinish(r));
                }
            for (uint32_t r : s.rows) {
                const bool killedCopy = t.hasFlag(r, kKilled) && (t.hasFlag(r, kSpeculative) ||
                                                                  t.get(r, TaskField::Attempt) > 0);
                const bool duplicate =
                    t.hasFlag(r, kSpeculative) && t.endReason(r) == EndReason::Success &&
                    firstSuccess[t.get(r, TaskField::Index)] < in.ctx.model.taskFinish(r);
                if (killedCopy || duplicate) {
                    ++losing;
                    stageWaste += in.ctx.taskDuration(r);
                }
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
        f.detail = "Copies that were killed or finished after another attempt used " +
                   formatDuration(wasted) + " of executor time; most in " +
                   in.ctx.stageLabel(*worst) + ".";
        f.estimatedCostMs = saturatingInt64(double(wasted) / slots);
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
