// Each persisted RDD's storage at the end of the log, from the best source the log has: the
// History Server's storage figures (BlockUpdated events), else every block's latest state from
// the tasks' "Updated Blocks" (what Spark 1.x's storage page used), else the last RDD Info.
#include <algorithm>
#include <cstdlib>
#include <map>

#include "derive/Derive.h"
#include "model/Numeric.h"

namespace stagelight {

std::vector<CachedRdd> deriveCachedRdds(const EventLogModel& m) {
    std::map<int32_t, std::map<std::string_view, const BlockUpdate*>> blocks;  // latest per block
    for (const BlockUpdate& u : m.blockUpdates)
        if (u.blockId.rfind("rdd_", 0) == 0)
            blocks[leadingInt32(std::string_view(u.blockId).substr(4))][u.blockId] = &u;
    std::vector<CachedRdd> out;
    for (const auto& [id, info] : m.rdds) {
        const StorageLevel& level = info.storageLevel;
        if (!(level.useMemory || level.useDisk || level.useOffHeap)) continue;
        CachedRdd rdd;
        rdd.id = id;
        rdd.name = info.name;
        rdd.callsite = info.callsite;
        rdd.partitions = info.numPartitions;
        rdd.unpersisted = std::any_of(m.unpersistedRdds.begin(), m.unpersistedRdds.end(),
                                      [&rdd](const RddUnpersist& u) { return u.rddId == rdd.id; });
        rdd.storageLevel = storageLevelDescription(level.useDisk, level.useMemory, level.useOffHeap,
                                                   level.deserialized, level.replication);
        rdd.cachedPartitions = info.numCachedPartitions;
        rdd.memoryBytes = info.memorySize;
        rdd.diskBytes = info.diskSize;
        rdd.source = CachedRdd::Source::RddInfo;
        // An unpersisted RDD keeps its last known sizes (the History Server forgets it).
        if (!rdd.unpersisted) {
            if (const auto it = m.status.rdds.find(id);
                it != m.status.rdds.end() && !it->second.partitions.empty()) {
                rdd.storageLevel = it->second.storageLevel;
                rdd.cachedPartitions = int32_t(it->second.partitions.size());
                rdd.memoryBytes = it->second.memoryUsed;
                rdd.diskBytes = it->second.diskUsed;
                rdd.source = CachedRdd::Source::BlockUpdates;
            } else if (const auto b = blocks.find(id); b != blocks.end()) {
                rdd.cachedPartitions = 0;
                rdd.memoryBytes = rdd.diskBytes = 0;
                for (const auto& [block, u] : b->second) {
                    const StorageLevel& l = u->storageLevel;
                    if (!(l.useMemory || l.useDisk) || (u->memorySize <= 0 && u->diskSize <= 0))
                        continue;
                    ++rdd.cachedPartitions;
                    rdd.memoryBytes = saturatingAdd(rdd.memoryBytes, u->memorySize);
                    rdd.diskBytes = saturatingAdd(rdd.diskBytes, u->diskSize);
                }
                rdd.source = CachedRdd::Source::TaskBlockUpdates;
            }
        }
        out.push_back(std::move(rdd));
    }
    return out;
}

}  // namespace stagelight
