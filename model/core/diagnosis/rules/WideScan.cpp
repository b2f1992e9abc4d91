// wide-scan: a file scan reading many columns (ReadSchema), often `SELECT *` on a wide table.
// Default: more than 50 columns (no anchor tool has this rule; 50 keeps ordinary fact tables
// quiet).
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef wideScanRule() {
    RuleDef r;
    r.name = "wide-scan";
    r.checks = "scans reading many columns";
    r.defaults = {{"maxColumns", 50}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const auto schema = nodeMetadata(n, "ReadSchema");
            if (!schema || schema->rfind("struct<", 0) != 0) return;
            // Top-level fields: commas outside nested <...>.
            int depth = 0;
            int64_t columns = schema->size() > 8 ? 1 : 0;
            for (size_t i = 7; i < schema->size(); ++i) {
                const char c = (*schema)[i];
                depth += c == '<' ? 1 : c == '>' ? -1 : 0;
                if (c == ',' && depth == 0) ++columns;
            }
            if (double(columns) <= p["maxColumns"]) return;
            Finding f;
            f.id = "wide-scan:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = "A scan reads " + std::to_string(columns) + " columns";
            f.detail = n.nodeName + " in SQL execution " + std::to_string(e.id) + " reads " +
                       std::to_string(columns) +
                       " columns; columnar formats read only the columns asked for.";
            f.costMethod = "not measured: the log does not split scan time by column";
            f.fix =
                "Select only the columns the query needs (avoid SELECT * before joins and writes)";
            f.evidence = {Evidence::sqlNode(e.id, id, "the scan")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
