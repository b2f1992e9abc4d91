// missing-pushdown: a Parquet or ORC scan with empty PushedFilters and PartitionFilters right
// under a Filter on its columns: the query filters, but only after reading everything
// (DataFlint's fullScan alerts). Text, CSV and JSON sources skip nothing by a pushed filter, so
// they are left out; so are filters that reference no column. Cost: the scan's share of its SQL
// execution cannot be separated in the log, so it is reported with no wall-clock cost.
#include "diagnosis/rules/FileScan.h"
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef missingPushdownRule() {
    RuleDef r;
    r.name = "missing-pushdown";
    r.checks = "Parquet/ORC scans that push no filter although the query filters";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        for (const SqlExecution& e : in.ctx.model.sqlExecutions)
            for (size_t i = 0; i < e.plan.nodes.size(); ++i) {
                const PlanNode& filter = e.plan.nodes[i];
                if (filter.nodeName != "Filter") continue;
                // A condition on columns ("amount#2"): only those could be pushed to a source.
                if (filter.simpleString.find('#') == std::string::npos) continue;
                for (int32_t c : filter.children) {
                    if (c < 0 || size_t(c) >= e.plan.nodes.size()) continue;
                    const PlanNode& scan = e.plan.nodes[size_t(c)];
                    const std::string format = scanFormat(scan);
                    if (!columnarFormat(format)) continue;
                    const auto pushed = nodeMetadata(scan, "PushedFilters");
                    const auto partition = nodeMetadata(scan, "PartitionFilters");
                    if (!pushed || *pushed != "[]" || (partition && *partition != "[]")) continue;
                    const std::string setting = format == "orc"
                                                    ? "spark.sql.orc.filterPushdown"
                                                    : "spark.sql.parquet.filterPushdown";
                    Finding f;
                    f.id = "missing-pushdown:sql-" + std::to_string(e.id) + "-node-" +
                           std::to_string(c);
                    f.title = "A scan pushes no filter down";
                    f.detail = trimmedName(scan) + " in SQL execution " + std::to_string(e.id) +
                               " has PushedFilters: [] and no partition filter while the query "
                               "filters right above it (" +
                               filter.simpleString.substr(0, 200) +
                               "): every row group is read, then the rows are dropped.";
                    f.costMethod = "not measured: the log does not separate the scan's time";
                    f.minSeverity = Severity::Warning;
                    const auto on = sparkConf(in, setting);
                    f.fix =
                        "Compare plain columns with literals (no UDF or cast on the column: cast "
                        "the literal instead), filter on the partition columns" +
                        (on && *on == "false" ? ", and set " + setting + "=true (it is false here)"
                                              : std::string());
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
