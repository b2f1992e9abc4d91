// speculation-waste: speculative copies that lost the race (killed, or finishing after another
// attempt of the same task had already succeeded). sparkforensics' SPEC asks ≥ 5 losing attempts
// and ≥ 60 s; here ≥ 1 attempt and ≥ 1 s. The losing copies ran beside the attempts they copied,
// so what they cost is executor time, not wall clock: the finding states it and claims none.
#include <cstdlib>
#include <map>
#include <sstream>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {
namespace {
std::string formatNumber(double v) {  // 3 → "3", 0.9 → "0.9"
    std::ostringstream os;
    os << v;
    return os.str();
}
}  // namespace

RuleDef speculationWasteRule() {
    RuleDef r;
    r.name = "speculation-waste";
    r.checks = "speculative task copies that lost the race";
    r.defaults = {{"minLosingAttempts", 1},
                  {"minWastedMs", 1000},
                  {"suggestedMultiplier", 3},
                  {"suggestedQuantile", 0.9}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        int64_t losing = 0, wasted = 0;
        const StageFacts* worst = nullptr;
        int64_t worstWaste = 0;
        // The first success of each index of a stage; a later speculative success duplicated it.
        std::map<int64_t, int64_t> firstSuccess;
        const auto successesOf = [&](const StageFacts& s) {
            firstSuccess.clear();
            for (uint32_t r : s.rows)
                if (t.endReason(r) == EndReason::Success) {
                    auto [it, fresh] = firstSuccess.try_emplace(t.get(r, TaskField::Index),
                                                                in.ctx.model.taskFinish(r));
                    if (!fresh) it->second = std::min(it->second, in.ctx.model.taskFinish(r));
                }
        };
        const auto losingCopy = [&](uint32_t r) {
            const bool killedCopy = t.hasFlag(r, kKilled) && (t.hasFlag(r, kSpeculative) ||
                                                              t.get(r, TaskField::Attempt) > 0);
            const bool duplicate =
                t.hasFlag(r, kSpeculative) && t.endReason(r) == EndReason::Success &&
                firstSuccess[t.get(r, TaskField::Index)] < in.ctx.model.taskFinish(r);
            return killedCopy || duplicate;
        };
        for (const StageFacts& s : in.ctx.stages) {
            int64_t stageWaste = 0;
            successesOf(s);
            for (uint32_t r : s.rows) {
                if (losingCopy(r)) {
                    ++losing;
                    stageWaste += in.ctx.taskDuration(r);
                }
            }
            wasted += stageWaste;
            if (stageWaste > worstWaste) {
                worstWaste = stageWaste;
                worst = &s;
            }
        }
        if (double(losing) < p["minLosingAttempts"] || double(wasted) < p["minWastedMs"] || !worst)
            return RuleRun{};
        Finding f;
        f.id = "speculation-waste";
        f.title = countText(losing, "speculative copy", "speculative copies") + " lost the race";
        f.detail = "Copies that were killed or finished after another attempt used " +
                   formatDuration(wasted) + " of executor time" +
                   (worstWaste < wasted ? "; most in " : ", all in ") + in.ctx.stageLabel(*worst) + ".";
        f.estimatedCostMs = 0;
        f.costNotWallClock = true;
        f.costMethod =
            "executor time of the losing copies; they ran beside the attempts they "
            "copied, so no wall clock is claimed";
        // Speculate later than the settings in force (Spark's defaults 1.5 and 0.75).
        const double multiplier = std::strtod(
            sparkConf(in, "spark.speculation.multiplier").value_or("1.5").c_str(), nullptr);
        const double quantile = std::strtod(
            sparkConf(in, "spark.speculation.quantile").value_or("0.75").c_str(), nullptr);
        std::vector<std::string> later;
        if (multiplier < p["suggestedMultiplier"])
            later.push_back("spark.speculation.multiplier=" +
                            formatNumber(p["suggestedMultiplier"]));
        if (quantile < p["suggestedQuantile"])
            later.push_back("spark.speculation.quantile=" + formatNumber(p["suggestedQuantile"]));
        f.fix = later.empty()
                    ? "Speculation already starts late here; if copies rarely win, turn it off for "
                      "this job (spark.speculation=false), or fix what makes its tasks slow "
                      "(skew, a slow host)"
                    : "Speculate later (" +
                          (later.size() == 2 ? later[0] + " and " + later[1] : later[0]) +
                          "); where the slow tasks have a cause (skew, a slow host), fixing it "
                          "makes the copies unneeded";
        successesOf(*worst);
        const auto ids = topTasks(
            in.ctx, *worst, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); },
            [&](uint32_t r) { return losingCopy(r); });
        f.evidence = {Evidence::stage(worst->stageId, worst->attemptId),
                      Evidence::tasks(worst->stageId, worst->attemptId, ids, "losing copies")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
