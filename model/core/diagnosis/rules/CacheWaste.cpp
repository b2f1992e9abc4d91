// cache-waste: persisted RDDs that did not pay off: never read by another stage, or only partly
// cached (evicted or too big; sparkforensics' CSTOR: cached/total < 0.9, or more than 15 % of a
// cache on disk). The figures are the snapshot's Derived::cachedRdds (block updates when logged,
// else the tasks' updated blocks, else the last RDD Info).
#include <map>
#include <set>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef cacheWasteRule() {
    RuleDef r;
    r.name = "cache-waste";
    r.checks = "cached RDDs partly evicted or never reused";
    r.defaults = {{"minCachedShare", 0.9}, {"maxDiskShare", 0.15}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        bool persisted = false;
        for (const auto& [id, rdd] : m.rdds)
            persisted = persisted || rdd.storageLevel.useMemory || rdd.storageLevel.useDisk;
        if (!persisted) return RuleRun{};
        // Derived::cachedRdds: the same figures the Cache view and the report show.
        struct Cached {
            std::string name, level;
            int64_t total = 0, cached = 0, memory = 0, disk = 0;
        };
        std::map<int32_t, Cached> rdds;
        for (const CachedRdd& c : m.derived.cachedRdds)
            if (c.partitions > 0)
                rdds[c.id] = {c.name,           c.storageLevel,  c.partitions,
                              c.cachedPartitions, c.memoryBytes, c.diskBytes};
        for (const auto& [id, rdd] : rdds) {
            const double share = double(rdd.cached) / double(rdd.total);
            const double onDisk =
                rdd.memory + rdd.disk > 0 ? double(rdd.disk) / double(rdd.memory + rdd.disk) : 0;
            if (share >= p["minCachedShare"] && onDisk <= p["maxDiskShare"]) continue;
            char pct[32];
            std::snprintf(pct, sizeof pct, "%.0f %%",
                          (share < p["minCachedShare"] ? share : onDisk) * 100);
            Finding f;
            f.id = "cache-waste:rdd-" + std::to_string(id);
            f.title = share < p["minCachedShare"]
                          ? "RDD " + std::to_string(id) + " is only " + pct + " cached"
                          : "RDD " + std::to_string(id) + " is " + pct + " on disk";
            f.detail = "\"" + rdd.name + "\" (" + rdd.level + ") holds " +
                       std::to_string(rdd.cached) + " of " + std::to_string(rdd.total) +
                       " partitions (" + formatBytes(rdd.memory) + " in memory, " +
                       formatBytes(rdd.disk) +
                       " on disk): missing partitions are recomputed and disk-cached ones re-read "
                       "from disk on every use.";
            f.costMethod = "not measured: recomputation of missing partitions is not timed";
            f.minSeverity = Severity::Warning;
            f.fix =
                "Persist with MEMORY_AND_DISK (or MEMORY_AND_DISK_SER), give storage more memory "
                "(spark.memory.fraction), or cache fewer columns";
            f.evidence = {Evidence::rdd(id, "the cached RDD")};
            out.push_back(std::move(f));
        }
        // Persisted but read by no other stage: the cache cost memory and bought nothing.
        std::map<int32_t, std::set<int32_t>> usedBy;  // rdd → stage ids whose RDD Info lists it
        for (const StageAttempt& a : m.stages)
            for (const RddInfo& info : a.rdds) usedBy[info.id].insert(a.stageId);
        for (const auto& [id, rdd] : rdds) {
            if (usedBy[id].size() > 1 || rdd.cached == 0) continue;
            Finding f;
            f.id = "cache-waste:unused-rdd-" + std::to_string(id);
            f.title = "RDD " + std::to_string(id) + " was cached but never reused";
            f.detail = "\"" + rdd.name + "\" (" + rdd.level + ", " + formatBytes(rdd.memory) +
                       " in memory) is used only by the stage that computed it.";
            f.costMethod = "costs executor storage memory, not wall clock";
            f.minSeverity = Severity::Info;
            f.fix = "Drop the cache()/persist() call, or unpersist() right after the last use";
            f.evidence = {Evidence::rdd(id, "the cached RDD")};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
