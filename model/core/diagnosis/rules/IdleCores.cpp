// idle-cores: executors kept but not given tasks. Default: more than 50 % of executor core time
// idle (DataFlint's idleCoresTooHigh, sparkforensics' MEM). The cost is executor hours, not wall
// clock, so the finding is at least a warning whatever its time share.
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef idleCoresRule() {
    RuleDef r;
    r.name = "idle-cores";
    r.checks = "executor cores allocated but idle";
    r.defaults = {{"maxIdleShare", 0.5}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TimeAccounting& ta = in.time;
        if (ta.idleCores < 0) return RuleRun::notRun("no executor cores are logged");
        if (ta.idleCores <= p["maxIdleShare"]) return RuleRun{};
        const int64_t idleCoreMs = saturatingInt64(ta.availableCoreMs * ta.idleCores);
        const bool dynamic =
            sparkConf(in, "spark.dynamicAllocation.enabled").value_or("") == "true";
        char buf[160];
        std::snprintf(buf, sizeof buf, "%.0f %% of executor core time was idle (",
                      ta.idleCores * 100);
        Finding f;
        f.id = "idle-cores";
        f.title = "Most executor cores were idle";
        f.detail = std::string(buf) + formatDuration(idleCoreMs) +
                   " of core time): " + formatDuration(ta.taskTimeMs) + " of task time against " +
                   formatDuration(saturatingInt64(ta.availableCoreMs)) + " of core time allocated.";
        f.estimatedCostMs = 0;
        f.costMethod = "costs executor hours rather than wall clock";
        f.minSeverity = Severity::Warning;
        f.fix = dynamic ? "Release idle executors sooner: lower "
                          "spark.dynamicAllocation.executorIdleTimeout and "
                          "spark.dynamicAllocation.executorAllocationRatio"
                        : "Ask for fewer executors or cores (spark.executor.instances, "
                          "spark.executor.cores), or turn on spark.dynamicAllocation.enabled";
        f.evidence = {Evidence::window(in.ctx.appStart, in.ctx.appEnd, "the application's run")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
