// incomplete-log: the log has no ApplicationEnd (still running, killed, or cut short), so every
// other figure covers only what was logged (sparkforensics' INCMP).
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef incompleteLogRule() {
    RuleDef r;
    r.name = "incomplete-log";
    r.checks = "a log without ApplicationEnd";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        const Application& app = in.ctx.model.application;
        if (app.sawApplicationEnd && !in.ctx.model.source.inProgress) return RuleRun{};
        Finding f;
        f.id = "incomplete-log";
        f.title = "The log is incomplete";
        f.detail =
            in.ctx.model.source.inProgress
                ? "The log is still being written (.inprogress): figures stop at its last event."
                : "The log has no ApplicationEnd: the application was killed or the log was cut "
                  "short; figures stop at its last event.";
        f.estimatedCostMs = 0;
        f.costMethod = "not a cost: a caveat on every other figure";
        f.minSeverity = Severity::Warning;
        f.fix = "Analyze the log once the application has ended, or check why the driver died";
        f.evidence = {Evidence::window(in.ctx.appStart, in.ctx.appEnd, "what the log covers")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
