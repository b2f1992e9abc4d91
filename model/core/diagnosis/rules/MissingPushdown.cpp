// missing-pushdown: a file scan with empty PushedFilters and PartitionFilters right under a
// Filter: the query filters, but only after reading everything (DataFlint's fullScan alerts,
// generalised to any file source). Cost: the scan's share of its SQL execution cannot be
// separated in the log, so it is reported with no wall-clock cost, as a warning.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef missingPushdownRule() {
    RuleDef r;
    r.name = "missing-pushdown";
    r.checks = "scans that push no filter although the query filters";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        for (const SqlExecution& e : in.ctx.model.sqlExecutions)
            for (size_t i = 0; i < e.plan.nodes.size(); ++i) {
                const PlanNode& filter = e.plan.nodes[i];
                if (filter.nodeName != "Filter") continue;
                for (int32_t c : filter.children) {
                    if (c < 0 || size_t(c) >= e.plan.nodes.size()) continue;
                    const PlanNode& scan = e.plan.nodes[size_t(c)];
                    const auto pushed = nodeMetadata(scan, "PushedFilters");
                    const auto partition = nodeMetadata(scan, "PartitionFilters");
                    if (!pushed || *pushed != "[]" || (partition && *partition != "[]")) continue;
                    Finding f;
                    f.id = "missing-pushdown:sql-" + std::to_string(e.id) + "-node-" +
                           std::to_string(c);
                    f.title = "A scan pushes no filter down";
                    f.detail = scan.nodeName + " in SQL execution " + std::to_string(e.id) +
                               " has PushedFilters: [] and no partition filter while the query "
                               "filters right above it (" +
                               filter.simpleString.substr(0, 200) +
                               "): every row is read, then dropped.";
                    f.costMethod = "not measured: the log does not separate the scan's time";
                    f.minSeverity = Severity::Warning;
                    f.fix =
                        "Filter on plain columns (no UDF or cast on the column), on the "
                        "partition columns, and keep spark.sql.parquet.filterPushdown=true";
                    f.evidence = {Evidence::sqlNode(e.id, c, "the scan"),
                                  Evidence::sqlNode(e.id, int64_t(i), "the filter")};
                    out.push_back(std::move(f));
                }
            }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
