#include "figures/CacheUsage.h"

#include <algorithm>
#include <map>

#include "status/AppStatus.h"

namespace stagelight {

CacheUsage cacheUsage(const EventLogModel& m) {
    CacheUsage out;
    // Sizes over time: stage completions in time order, each RDD at its latest reported size.
    std::vector<const StageAttempt*> completed;
    for (const StageAttempt& s : m.stages)
        if (s.completionTime >= 0) completed.push_back(&s);
    std::stable_sort(completed.begin(), completed.end(),
                     [](const StageAttempt* a, const StageAttempt* b) {
                         return a->completionTime < b->completionTime;
                     });
    std::map<int32_t, std::pair<int64_t, int64_t>> latest;  // rdd → (memory, disk)
    for (const StageAttempt* s : completed) {
        bool cachedHere = false;
        for (const RddInfo& r : s->rdds) {
            const bool cached =
                r.storageLevel.useMemory || r.storageLevel.useDisk || r.storageLevel.useOffHeap;
            if (!cached) continue;
            latest[r.id] = {r.memorySize, r.diskSize};
            cachedHere = true;
        }
        if (!cachedHere) continue;
        CacheSample sample{s->completionTime, 0, 0};
        for (const auto& [id, sizes] : latest) {
            sample.memoryBytes += sizes.first;
            sample.diskBytes += sizes.second;
        }
        out.series.push_back(sample);
    }
    // Final figures: the History Server's storage page, else the last RDD Info.
    for (const auto& [id, info] : m.rdds) {
        const StorageLevel& level = info.storageLevel;
        if (!(level.useMemory || level.useDisk || level.useOffHeap)) continue;
        CachedRdd rdd;
        rdd.id = id;
        rdd.name = info.name;
        rdd.callsite = info.callsite;
        rdd.partitions = info.numPartitions;
        rdd.unpersisted = std::find(m.unpersistedRdds.begin(), m.unpersistedRdds.end(), id) !=
                          m.unpersistedRdds.end();
        // Block updates (when the log has them) are the History Server's figures; without them
        // the last StageCompleted's RDD Info is all there is.
        if (const auto it = m.status.rdds.find(id);
            it != m.status.rdds.end() && !rdd.unpersisted && !it->second.partitions.empty()) {
            rdd.storageLevel = it->second.storageLevel;
            rdd.cachedPartitions = int32_t(it->second.partitions.size());
            rdd.memoryBytes = it->second.memoryUsed;
            rdd.diskBytes = it->second.diskUsed;
        } else {
            rdd.storageLevel =
                storageLevelDescription(level.useDisk, level.useMemory, level.useOffHeap,
                                        level.deserialized, level.replication);
            rdd.cachedPartitions = info.numCachedPartitions;
            rdd.memoryBytes = info.memorySize;
            rdd.diskBytes = info.diskSize;
        }
        out.rdds.push_back(std::move(rdd));
    }
    return out;
}

}  // namespace stagelight
