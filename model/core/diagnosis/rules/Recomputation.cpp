// recomputation: the same files scanned by several SQL executions with no cache in between
// (sparkforensics' CACHE: ≥ 2 executions). The cost is the repeated scans' read time, estimated
// at 200 MiB/s per core from "size of files read".
#include <map>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef recomputationRule() {
    RuleDef r;
    r.name = "recomputation";
    r.checks = "the same input scanned by several queries without a cache";
    r.defaults = {{"minExecutions", 2}, {"bytesPerSecondPerCore", 200.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        if (m.sqlExecutions.empty()) return RuleRun::notRun("no SQL executions in the log");
        struct Scans {
            std::vector<std::pair<int64_t, int32_t>> nodes;  // (execution, node)
            int64_t bytes = 0;
        };
        std::map<std::string, Scans> byInput;
        bool cached = false;
        forEachPlanNode(m, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            if (n.nodeName.find("InMemoryTableScan") != std::string::npos) cached = true;
            const auto location = nodeMetadata(n, "Location");
            if (!location || n.nodeName.find("Scan") == std::string::npos) return;
            Scans& s = byInput[*location + "|" + nodeMetadata(n, "ReadSchema").value_or("")];
            if (std::none_of(s.nodes.begin(), s.nodes.end(),
                             [&](auto& x) { return x.first == e.id; })) {
                s.nodes.emplace_back(e.id, id);
                s.bytes += nodeMetric(in, n, "size of files read").value_or(0);
            }
        });
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        for (const auto& [input, s] : byInput) {
            if (double(s.nodes.size()) < p["minExecutions"] || cached) continue;
            const int64_t repeated = s.bytes - s.bytes / int64_t(s.nodes.size());
            Finding f;
            f.id = "recomputation:" + std::to_string(s.nodes.front().first) + "-" +
                   std::to_string(s.nodes.front().second);
            f.title = "The same input is scanned by " + std::to_string(s.nodes.size()) + " queries";
            f.detail = "SQL executions read " + input.substr(0, input.find('|')).substr(0, 200) +
                       " again each time (" + formatBytes(s.bytes) +
                       " in all) and nothing was cached.";
            f.estimatedCostMs =
                saturatingInt64(double(repeated) / p["bytesPerSecondPerCore"] / cores * 1000);
            f.costMethod = "the repeated reads at 200 MiB/s per core";
            f.fix =
                "Cache the shared DataFrame (df.cache() or persist(StorageLevel.MEMORY_AND_DISK)) "
                "before the queries that reuse it, and unpersist it after";
            for (const auto& [exec, node] : s.nodes)
                f.evidence.push_back(Evidence::sqlNode(exec, node, "a scan"));
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
