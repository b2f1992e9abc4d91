// oversized-broadcast: a broadcast exchange larger than executors should hold. Default from
// DataFlint's largeBroadcast and sparkforensics: > 1 GiB. The cost is memory and driver pressure,
// so the finding is at least a warning.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef oversizedBroadcastRule() {
    RuleDef r;
    r.name = "oversized-broadcast";
    r.checks = "broadcasts above a size executors hold comfortably";
    r.defaults = {{"maxBytes", double(1 << 30)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            if (n.nodeName.rfind("BroadcastExchange", 0) != 0) return;
            const auto size = nodeMetric(in, n, "data size");
            if (!size || double(*size) <= p["maxBytes"]) return;
            Finding f;
            f.id =
                "oversized-broadcast:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = "A " + formatBytes(*size) + " broadcast";
            f.detail = "SQL execution " + std::to_string(e.id) + " broadcast " +
                       formatBytes(*size) +
                       " to every executor: it is collected on the driver and held in each "
                       "executor's memory.";
            f.costMethod = "costs driver and executor memory (and risks OOM), not measured as time";
            f.minSeverity = Severity::Warning;
            f.fix =
                "Let this join shuffle: remove the broadcast hint or lower "
                "spark.sql.autoBroadcastJoinThreshold below " +
                formatBytes(*size);
            f.evidence = {Evidence::sqlNode(e.id, id, "the broadcast")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
