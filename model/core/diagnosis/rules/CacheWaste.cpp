// cache-waste: persisted RDDs that did not pay off: never read by another stage, or only partly
// cached (evicted or too big; sparkforensics' CSTOR: cached/total < 0.9, or more than 15 % of a
// cache on disk). The figures are the snapshot's Derived::cachedRdds. Only sources that report
// the blocks count as evidence: block updates, the tasks' updated blocks, or an RDD Info that
// reports cached partitions at all. Spark 2.0+ writes 0 cached partitions in every stage's RDD
// Info, including stages that read the cache, so "0 of N cached" from it says nothing.
#include <map>
#include <set>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

namespace {

std::string plural(int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string sourceNote(CachedRdd::Source s) {
    switch (s) {
        case CachedRdd::Source::BlockUpdates:
            return "at the end of the log (block updates)";
        case CachedRdd::Source::TaskBlockUpdates:
            return "at the end of the log (the tasks' updated blocks)";
        case CachedRdd::Source::RddInfo:
            break;
    }
    return "in the last stage's RDD Info";
}

}  // namespace

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
        // Stages whose RDD Info lists each RDD (the stage that computed it and the later users).
        std::map<int32_t, std::set<int32_t>> usedBy;
        for (const StageAttempt& a : m.stages)
            for (const RddInfo& info : a.rdds) usedBy[info.id].insert(a.stageId);
        for (const CachedRdd& rdd : m.derived.cachedRdds) {
            if (rdd.partitions <= 0) continue;
            // An RDD Info that reports no cached partition is no evidence of a miss.
            if (rdd.source == CachedRdd::Source::RddInfo && rdd.cachedPartitions == 0) continue;
            const double share = double(rdd.cachedPartitions) / double(rdd.partitions);
            const int64_t stored = rdd.memoryBytes + rdd.diskBytes;
            const double onDisk = stored > 0 ? double(rdd.diskBytes) / double(stored) : 0;
            const bool partial = share < p["minCachedShare"];
            if (!partial && onDisk <= p["maxDiskShare"]) continue;
            // The last RDD Info reports it cached where the tasks' updates (an excerpt's few
            // tasks) say otherwise: the log does not show the loss.
            const RddInfo* info = m.rdds.count(rdd.id) ? &m.rdds.at(rdd.id) : nullptr;
            if (partial && info && rdd.source != CachedRdd::Source::RddInfo &&
                double(info->numCachedPartitions) >= p["minCachedShare"] * double(rdd.partitions))
                continue;
            // DISK_ONLY and MEMORY_AND_DISK put blocks on disk by design.
            const StorageLevel level = info ? info->storageLevel : StorageLevel{};
            if (!partial && level.useDisk && !level.useMemory) continue;
            // Read by no later stage: what was lost cost nothing; "never reused" below says so.
            const size_t readers = usedBy[rdd.id].size() > 0 ? usedBy[rdd.id].size() - 1 : 0;
            if (readers == 0) continue;
            char pct[32];
            std::snprintf(pct, sizeof pct, "%.0f %%", (partial ? share : onDisk) * 100);
            const std::string rid = "RDD " + std::to_string(rdd.id);
            Finding f;
            f.id = "cache-waste:rdd-" + std::to_string(rdd.id);
            f.title = partial ? rid + " is only " + pct + " cached" : rid + " is " + pct + " on disk";
            f.detail = rid + " \"" + rdd.name + "\" (" + rdd.storageLevel + ") held " +
                       std::to_string(rdd.cachedPartitions) + " of " +
                       plural(rdd.partitions, "partition", "partitions") + " " +
                       sourceNote(rdd.source) + ": " + formatBytes(rdd.memoryBytes) +
                       " in memory, " + formatBytes(rdd.diskBytes) + " on disk. " +
                       plural(int64_t(readers), "later stage uses", "later stages use") +
                       " it; " +
                       (partial ? "a partition not in the cache is computed again from its "
                                  "lineage when one needs it."
                                : "blocks on disk are read back from disk.");
            f.costMethod = "not measured: the log does not time the recomputation of a partition";
            f.minSeverity = Severity::Warning;
            if (!level.useDisk)
                f.fix =
                    "Persist with MEMORY_AND_DISK (or MEMORY_AND_DISK_SER) so evicted blocks go "
                    "to disk, give storage more memory (spark.memory.fraction), or cache fewer "
                    "columns";
            else
                f.fix = std::string("Give storage more memory (spark.memory.fraction, ") +
                        (in.ctx.localMode ? "spark.driver.memory in local mode"
                                          : "spark.executor.memory") +
                        "), store it serialized, or cache fewer columns or rows";
            f.evidence = {Evidence::rdd(rdd.id, "the cached RDD")};
            out.push_back(std::move(f));
        }
        // Persisted but read by no other stage: the cache cost memory and bought nothing.
        for (const CachedRdd& rdd : m.derived.cachedRdds) {
            if (rdd.partitions <= 0 || usedBy[rdd.id].size() > 1 || rdd.cachedPartitions == 0)
                continue;
            Finding f;
            f.id = "cache-waste:unused-rdd-" + std::to_string(rdd.id);
            f.title = "RDD " + std::to_string(rdd.id) + " was cached but never reused";
            f.detail = "RDD " + std::to_string(rdd.id) + " \"" + rdd.name + "\" (" +
                       rdd.storageLevel + ", " + formatBytes(rdd.memoryBytes) +
                       " in memory) is used only by the stage that computed it.";
            f.costMethod = "costs executor storage memory, not wall clock";
            f.minSeverity = Severity::Info;
            f.fix = "Drop the cache()/persist() call, or unpersist() right after the last use";
            f.evidence = {Evidence::rdd(rdd.id, "the cached RDD")};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
