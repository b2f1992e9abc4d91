#include "figures/CacheUsage.h"

#include <algorithm>
#include <map>


namespace stagelight {

CacheUsage cacheUsage(const EventLogModel& m) {
    CacheUsage out;
    // Sizes over time: stage completions and unpersists in time order (an unpersist after the
    // completions logged at the same time), each RDD at its latest reported size.
    struct Step {
        int64_t time;
        const StageAttempt* stage;      // a completion, or
        const RddUnpersist* unpersist;  // an unpersist
    };
    std::vector<Step> steps;
    for (const StageAttempt& s : m.stages)
        if (s.completionTime >= 0) steps.push_back({s.completionTime, &s, nullptr});
    for (const RddUnpersist& u : m.unpersistedRdds)
        if (u.afterTimeMs >= 0) steps.push_back({u.afterTimeMs, nullptr, &u});
    std::stable_sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) {
        return a.time != b.time ? a.time < b.time : (a.stage && !b.stage);
    });
    std::map<int32_t, std::pair<int64_t, int64_t>> latest;  // rdd → (memory, disk)
    const auto sample = [&](int64_t time) {
        CacheSample point{time, 0, 0};
        for (const auto& [id, sizes] : latest) {
            point.memoryBytes += sizes.first;
            point.diskBytes += sizes.second;
        }
        out.series.push_back(point);
    };
    for (const Step& step : steps) {
        if (step.unpersist) {
            const auto it = latest.find(step.unpersist->rddId);
            if (it == latest.end()) continue;  // never seen cached
            latest.erase(it);
            const auto info = m.rdds.find(step.unpersist->rddId);
            out.unpersists.push_back({step.time, step.unpersist->rddId,
                                      info != m.rdds.end() ? info->second.name : std::string()});
            sample(step.time);
            continue;
        }
        bool cachedHere = false;
        for (const RddInfo& r : step.stage->rdds) {
            const bool cached =
                r.storageLevel.useMemory || r.storageLevel.useDisk || r.storageLevel.useOffHeap;
            if (!cached) continue;
            latest[r.id] = {r.memorySize, r.diskSize};
            cachedHere = true;
        }
        if (cachedHere) sample(step.time);
    }
    out.rdds = m.derived.cachedRdds;
    return out;
}

}  // namespace stagelight
