// cartesian-join: CartesianProduct or BroadcastNestedLoopJoin (every row against every row).
// Default from sparkforensics' PLAN: ≥ 1 M output rows (DataFlint flags scanned rows > 1e10).
// Cost: the log does not time operators; half the SQL execution's duration is used, and said so.
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef cartesianJoinRule() {
    RuleDef r;
    r.name = "cartesian-join";
    r.checks = "cartesian and nested-loop joins";
    r.defaults = {{"minOutputRows", 1e6}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const bool cartesian = n.nodeName.rfind("CartesianProduct", 0) == 0;
            const bool nestedLoop = n.nodeName.rfind("BroadcastNestedLoopJoin", 0) == 0;
            if (!cartesian && !nestedLoop) return;
            const auto rows = nodeMetric(in, n, "number of output rows");
            if (rows && double(*rows) < p["minOutputRows"]) return;
            Finding f;
            f.id = "cartesian-join:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = std::string(cartesian ? "A cartesian product" : "A nested-loop join") +
                      " in SQL execution " + std::to_string(e.id);
            f.detail = n.nodeName + " compares every row of one side with every row of the other" +
                       (rows ? " and produced " + formatCount(*rows) + " rows." : ".");
            const int64_t duration =
                e.endTime > e.startTime ? saturatingSub(e.endTime, e.startTime) : 0;
            f.estimatedCostMs = duration / 2;
            f.costMethod = "half the SQL execution's duration (the log does not time operators)";
            f.fix =
                "Add an equality join key so Spark can hash or sort-merge join; check for a "
                "missing ON condition or a non-equi condition that can be rewritten";
            f.evidence = {Evidence::sqlNode(e.id, id, "the join")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
