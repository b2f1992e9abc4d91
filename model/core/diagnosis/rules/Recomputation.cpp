// recomputation: the same files scanned by several SQL queries with no cache in between
// (sparkforensics' CACHE: ≥ 2 executions). A query is a root execution: Databricks and Spark
// 3.4+ run sub-executions (rootExecutionId) for one query, and a scan planned in the root but
// run by its sub-execution is one read. Each query's bytes are its scan's "size of files read"
// (the files listed, not what was read), capped by what its stages' tasks read; a cache reads
// the input once, so it saves all but the largest query's read. Below minRepeatedBytes a cache
// buys nothing. The cost is those bytes at
// bytesPerSecondPerCore over the cores, claimed from the scan stages of the later queries.
#include <map>
#include <set>

#include "diagnosis/rules/FileScan.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef recomputationRule() {
    RuleDef r;
    r.name = "recomputation";
    r.checks = "the same input scanned by several queries without a cache";
    r.defaults = {{"minExecutions", 2},
                  {"bytesPerSecondPerCore", 200.0 * (1 << 20)},
                  {"minRepeatedBytes", 256.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        if (m.sqlExecutions.empty()) return RuleRun::notRun("no SQL executions in the log");
        std::map<int64_t, int64_t> rootOf;
        for (const SqlExecution& e : m.sqlExecutions)
            rootOf[e.id] = e.rootExecutionId >= 0 ? e.rootExecutionId : e.id;
        struct Query {
            int64_t exec = -1;  // the first execution of the query with a scan
            int32_t node = -1;
            int64_t bytes = 0;
        };
        struct Scans {
            std::map<int64_t, Query> byRoot;  // in root id order: the first is the original
        };
        std::map<std::string, Scans> byInput;
        bool cached = false;
        forEachPlanNode(m, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            if (n.nodeName.find("InMemoryTableScan") != std::string::npos) cached = true;
            const auto location = nodeMetadata(n, "Location");
            if (!location || n.nodeName.find("Scan") == std::string::npos) return;
            Scans& s = byInput[*location + "|" + nodeMetadata(n, "ReadSchema").value_or("")];
            Query& q = s.byRoot[rootOf[e.id]];
            if (q.exec < 0) q = {e.id, id, 0};
            q.bytes += nodeMetric(in, n, "size of files read").value_or(0);
        });
        if (cached) return RuleRun{};
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        for (const auto& [input, s] : byInput) {
            if (double(s.byRoot.size()) < p["minExecutions"]) continue;
            int64_t total = 0, largest = 0;
            int64_t largestRoot = -1;
            for (const auto& [root, q] : s.byRoot) {
                const int64_t read = queryBytes(m, root, false);
                const int64_t b = read > 0 ? std::min(q.bytes, read) : q.bytes;
                total += b;
                if (b > largest || largestRoot < 0) {
                    largest = b;
                    largestRoot = root;
                }
            }
            const int64_t repeated = total - largest;
            std::set<int64_t> laterRoots;  // the queries a cache would have spared a read
            for (const auto& [root, q] : s.byRoot)
                if (root != largestRoot) laterRoots.insert(root);
            if (double(repeated) < p["minRepeatedBytes"]) continue;
            const Query& first = s.byRoot.begin()->second;
            Finding f;
            f.id = "recomputation:" + std::to_string(first.exec) + "-" + std::to_string(first.node);
            f.title = "The same input is scanned by " + std::to_string(s.byRoot.size()) + " queries";
            f.detail = std::to_string(s.byRoot.size()) + " SQL queries read " +
                       input.substr(0, input.find('|')).substr(0, 200) + " (" +
                       formatBytes(total) + " in all, " + formatBytes(repeated) +
                       " more than the largest single read) and nothing was cached.";
            const int64_t ms =
                saturatingInt64(double(repeated) / p["bytesPerSecondPerCore"] / cores * 1000);
            // The later queries' stages that read input hold the repeated reads.
            std::set<int32_t> jobs;
            for (const SqlExecution& e : m.sqlExecutions)
                if (laterRoots.count(rootOf[e.id])) jobs.insert(e.jobIds.begin(), e.jobIds.end());
            std::vector<size_t> slices;
            for (const StageTotals& t : m.derived.stageTotals) {
                const StageAttempt& a = m.stages[t.stage];
                if (t.sum(TaskField::InputBytesRead) <= 0 ||
                    std::none_of(a.jobIds.begin(), a.jobIds.end(),
                                 [&](int32_t j) { return jobs.count(j) > 0; }))
                    continue;
                for (size_t i : stageSlices(in, t.key)) slices.push_back(i);
            }
            claim(f, in, slices, ms);
            f.costMethod = "the reads a cache would spare at 200 MiB/s per core, from those queries' scan stages";
            f.fix =
                "Cache the shared DataFrame (df.cache() or persist(StorageLevel.MEMORY_AND_DISK)) "
                "before the queries that reuse it, and unpersist it after";
            for (const auto& [root, q] : s.byRoot)
                f.evidence.push_back(Evidence::sqlNode(q.exec, q.node, "a scan"));
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
