// wide-scan: a Parquet or ORC scan reading many columns (ReadSchema), often `SELECT *` on a wide
// table. Only columnar formats read fewer columns when fewer are asked for; JSON, CSV and text
// are read whole, so the advice would not apply. One finding per table and schema, however many
// queries scan it. Default: more than 50 columns (no anchor tool has this rule; 50 keeps
// ordinary fact tables quiet).
#include <map>

#include "diagnosis/rules/FileScan.h"
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

namespace {

// Top-level fields of "struct<a:int,b:struct<c:int,d:int>>": commas outside nested <...>.
int64_t topLevelFields(const std::string& schema) {
    int depth = 0;
    int64_t columns = schema.size() > 8 ? 1 : 0;
    for (size_t i = 7; i < schema.size(); ++i) {
        const char c = schema[i];
        depth += c == '<' ? 1 : c == '>' ? -1 : 0;
        if (c == ',' && depth == 0) ++columns;
    }
    return columns;
}

}  // namespace

RuleDef wideScanRule() {
    RuleDef r;
    r.name = "wide-scan";
    r.checks = "Parquet/ORC scans reading many columns";
    r.defaults = {{"maxColumns", 50}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        struct Scans {
            std::string name;
            int64_t columns = 0;
            std::vector<std::pair<int64_t, int32_t>> nodes;  // (execution, node)
        };
        std::map<std::string, Scans> byTable;
        std::vector<std::string> order;
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const auto schema = nodeMetadata(n, "ReadSchema");
            if (!schema || schema->rfind("struct<", 0) != 0) return;
            if (!columnarFormat(scanFormat(n))) return;
            const int64_t columns = topLevelFields(*schema);
            if (double(columns) <= p["maxColumns"]) return;
            const std::string key = nodeMetadata(n, "Location").value_or(n.nodeName) + "|" + *schema;
            auto [it, added] = byTable.try_emplace(key);
            if (added) {
                it->second = {trimmedName(n), columns, {}};
                order.push_back(key);
            }
            it->second.nodes.emplace_back(e.id, id);
        });
        for (const std::string& key : order) {
            const Scans& s = byTable[key];
            std::string where;
            for (size_t i = 0; i < s.nodes.size() && i < 8; ++i)
                where += (i ? ", " : "") + std::to_string(s.nodes[i].first);
            if (s.nodes.size() > 8) where += ", ...";
            Finding f;
            f.id = "wide-scan:sql-" + std::to_string(s.nodes.front().first) + "-node-" +
                   std::to_string(s.nodes.front().second);
            f.title = "A scan reads " + std::to_string(s.columns) + " columns";
            f.detail = s.name + " reads " + std::to_string(s.columns) + " columns in SQL " +
                       (s.nodes.size() == 1 ? "execution " : "executions ") + where +
                       "; a columnar format reads only the columns the query asks for.";
            f.costMethod = "not measured: the log does not split scan time by column";
            f.fix =
                "Select only the columns the query needs (avoid SELECT * before joins and writes)";
            for (size_t i = 0; i < s.nodes.size() && i < 8; ++i)
                f.evidence.push_back(
                    Evidence::sqlNode(s.nodes[i].first, s.nodes[i].second, "the scan"));
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
