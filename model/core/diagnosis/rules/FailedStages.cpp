// failed-stages: stage attempts that failed (any failure reason; sparkforensics' SFAIL). The cost
// is the failed attempt's duration: its work is redone by the next attempt.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef failedStagesRule() {
    RuleDef r;
    r.name = "failed-stages";
    r.checks = "stage attempts that failed";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        for (const StageFacts& s : in.ctx.stages) {
            const StageAttempt& a = in.ctx.model.stages[s.stageIndex];
            if (!a.hasFailureReason) continue;
            std::string reason = a.failureReason.substr(0, a.failureReason.find('\n'));
            if (reason.size() > 300) reason = reason.substr(0, 300) + "…";
            const bool fetch = a.failureReason.find("FetchFailed") != std::string::npos ||
                               a.failureReason.find("fetch") != std::string::npos;
            Finding f;
            f.id = "failed-stages:stage-" + stageId(s.stageId, s.attemptId);
            f.title = in.ctx.stageLabel(s) + " failed";
            f.detail = "The attempt ran " + formatDuration(s.durationMs) + " and failed: " + reason;
            f.estimatedCostMs = s.durationMs;
            f.costMethod = "the failed attempt's duration, redone by the next attempt";
            f.fix = fetch
                        ? "Shuffle output was lost: enable spark.shuffle.service.enabled=true (or "
                          "spark.decommission.enabled) and check executor losses"
                        : "See the failed tasks of this attempt for the error";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId),
                          stageWindow(s, "the failed attempt")};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
