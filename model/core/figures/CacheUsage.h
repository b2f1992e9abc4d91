// Cached RDDs and the cache's size over time. Sizes over time come from each StageCompleted's RDD
// Info (the sizes when that stage ended); the final figures from the History Server's storage
// bookkeeping when the log has block updates, else from the last RDD Info; unpersisted RDDs keep
// their last known sizes and leave the series when they are unpersisted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct CachedRdd {
    int32_t id = 0;
    std::string name, callsite, storageLevel;
    int32_t partitions = 0, cachedPartitions = 0;
    int64_t memoryBytes = 0, diskBytes = 0;
    bool unpersisted = false;
};

struct CacheSample {
    int64_t timeMs = 0;
    int64_t memoryBytes = 0, diskBytes = 0;  // every cached RDD together
};

struct CacheUnpersist {
    int64_t timeMs = -1;  // the latest event time logged before the unpersist
    int32_t rddId = 0;
    std::string name;
};

struct CacheUsage {
    std::vector<CachedRdd> rdds;  // by id
    // At each stage completion that reported cached RDDs and at each unpersist of a cached RDD.
    std::vector<CacheSample> series;
    std::vector<CacheUnpersist> unpersists;  // of RDDs that were cached, in time order
};

CacheUsage cacheUsage(const EventLogModel& model);

}  // namespace stagelight
