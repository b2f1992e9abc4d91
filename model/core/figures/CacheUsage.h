// Cached RDDs and the cache's size over time. Sizes over time come from each StageCompleted's RDD
// Info (the sizes when that stage ended); the final figures are Derived::cachedRdds (one
// definition for the view, the findings and the report); unpersisted RDDs keep their last known
// sizes and leave the series when they are unpersisted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

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
    std::vector<CachedRdd> rdds;  // Derived::cachedRdds, by id
    // At each stage completion that reported cached RDDs and at each unpersist of a cached RDD.
    std::vector<CacheSample> series;
    std::vector<CacheUnpersist> unpersists;  // of RDDs that were cached, in time order
};

CacheUsage cacheUsage(const EventLogModel& model);

}  // namespace stagelight
