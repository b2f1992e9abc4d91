// Executors: AppStatusListener's onExecutorAdded/Removed, onBlockManagerAdded, the exclusion
// events and onStageExecutorMetrics. Only live executors take task counters; a removed executor
// is kept (dead) for peak metrics while a stage that overlapped it is still live.
#include <algorithm>
#include <charconv>

#include "model/Numeric.h"
#include "status/StatusReplay.h"

namespace stagelight {

ExecutorFigures& StatusReplay::getOrCreateExecutor(const std::string& id, int64_t addTime) {
    auto [it, inserted] = liveExecutors_.try_emplace(id);
    if (inserted) {
        it->second.id = id;
        it->second.addTime = addTime;
        indexHost(it->second);
    }
    return it->second;
}

template <class F>
void StatusReplay::forLiveExecutorsOn(const std::string& host, F&& visit) {
    auto ids = liveIdsByHost_.find(host);
    if (ids == liveIdsByHost_.end()) return;
    for (auto id = ids->second.begin(); id != ids->second.end();) {
        ExecutorFigures* e = liveExecutor(*id);
        if (!e || e->hostname() != host) {  // removed, or moved to another host
            id = ids->second.erase(id);
            continue;
        }
        visit(*e);
        ++id;
    }
}

ExecutorFigures* StatusReplay::liveExecutor(const std::string& id) {
    auto it = liveExecutors_.find(id);
    return it == liveExecutors_.end() ? nullptr : &it->second;
}

bool StatusReplay::activeForLiveStages(const ExecutorFigures& exec) const {
    return std::any_of(liveStages_.begin(), liveStages_.end(), [&](const auto& entry) {
        return std::max<int64_t>(entry.second.submissionTime, 0) < exec.removeTime;
    });
}

void StatusReplay::applicationStart(const events::ApplicationStart& e) {
    if (!e.driverLogs) return;
    if (ExecutorFigures* driver = liveExecutor("driver")) {
        driver->executorLogs = *e.driverLogs;
        driver->attributes = e.driverAttributes.value_or(Properties{});
    }
}

void StatusReplay::environmentUpdate(const events::EnvironmentUpdate& e) {
    // As the model's Environment reads it: the log's first Spark Properties decide.
    if (sawSparkProperties_) return;
    for (const auto& [name, props] : e.sections) {
        if (name != "Spark Properties") continue;
        sawSparkProperties_ = true;
        for (const auto& [key, value] : props) {
            if (key != "spark.task.cpus") continue;
            // A decimal integer, leading blanks allowed (as the decoder reads numbers in strings).
            std::string_view text = value;
            while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
            int64_t n = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
            if (!text.empty() && ec == std::errc() && end == text.data() + text.size() && n > 0)
                defaultCpusPerTask_ = int32_t(n);
            break;
        }
        return;
    }
}

void StatusReplay::resourceProfileAdded(const ResourceProfile& profile) {
    ProfileLimits limits;
    std::optional<double> cores;
    for (const ResourceRequest& r : profile.executorResources)
        if (r.name == "cores") cores = r.amount;
    for (const ResourceRequest& r : profile.taskResources)
        if (r.name == "cpus") limits.cpusPerTask = saturatingInt(r.amount);
    // Spark knows the task limit only when the profile names executor cores; then the limiting
    // resource is the one allowing the fewest tasks.
    if (cores) {
        int64_t maxTasks = saturatingInt64(*cores) / std::max(1, limits.cpusPerTask.value_or(1));
        for (const ResourceRequest& t : profile.taskResources) {
            if (t.name == "cpus" || t.amount <= 0) continue;
            for (const ResourceRequest& e : profile.executorResources)
                if (e.name == t.name)
                    maxTasks = std::min(maxTasks, saturatingInt64(e.amount / t.amount));
        }
        limits.maxTasksPerExecutor = int32_t(maxTasks);
    }
    profiles_[profile.id] = limits;
}

void StatusReplay::executorAdded(const events::ExecutorAdded& info) {
    // An update, not a create: an executor may re-register after being marked dead.
    ExecutorFigures& e = getOrCreateExecutor(info.id, info.time);
    e.host = info.host;
    indexHost(e);
    e.isActive = true;
    e.totalCores = info.totalCores;
    const auto profile = profiles_.find(info.resourceProfileId);
    const int32_t cpus = profile != profiles_.end() && profile->second.cpusPerTask
                             ? *profile->second.cpusPerTask
                             : defaultCpusPerTask_;
    if (profile != profiles_.end() && profile->second.maxTasksPerExecutor)
        e.maxTasks = *profile->second.maxTasksPerExecutor;
    else
        e.maxTasks = cpus > 0 ? info.totalCores / cpus : 0;
    e.executorLogs = info.logUrls;
    e.resources = info.resources;
    e.attributes = info.attributes;
    e.resourceProfileId = info.resourceProfileId;
}

void StatusReplay::executorRemoved(const events::ExecutorRemoved& e) {
    const std::string& id = e.id;
    auto it = liveExecutors_.find(id);
    if (it == liveExecutors_.end()) return;
    ExecutorFigures exec = std::move(it->second);
    liveExecutors_.erase(it);
    exec.isActive = false;
    exec.removeTime = e.time;
    exec.removeReason = e.reason;
    writeExecutor(exec);
    // Blocks on the removed executor are gone, whether or not block updates said so.
    for (auto& [rddId, rdd] : liveRdds_) {
        if (rdd.removeDistribution(id)) writeRdd(rdd);
    }
    for (auto& [rddId, rdd] : liveRdds_) {
        for (auto p = rdd.parts.begin(); p != rdd.parts.end();) {
            auto holder = std::find(p->executors.begin(), p->executors.end(), id);
            if (holder == p->executors.end()) {
                ++p;
                continue;
            }
            if (p->executors.size() == 1) {
                rdd.fig.memoryUsed =
                    std::max<int64_t>(0, jvmSub(rdd.fig.memoryUsed, p->memoryUsed));
                rdd.fig.diskUsed = std::max<int64_t>(0, jvmSub(rdd.fig.diskUsed, p->diskUsed));
                rdd.partIndex.erase(p->blockName);
                p = rdd.parts.erase(p);
                continue;
            }
            const int64_t n = int64_t(p->executors.size());
            rdd.fig.memoryUsed =
                std::max<int64_t>(0, jvmSub(rdd.fig.memoryUsed, p->memoryUsed / n));
            rdd.fig.diskUsed = std::max<int64_t>(0, jvmSub(rdd.fig.diskUsed, p->diskUsed / n));
            p->executors.erase(holder);
            const int64_t memory = std::max<int64_t>(0, jvmSub(p->memoryUsed, p->memoryUsed / n));
            const int64_t disk = std::max<int64_t>(0, jvmSub(p->diskUsed, p->diskUsed / n));
            p->memoryUsed = memory;
            p->diskUsed = disk;
            p->storageLevel = storageLevelDescription(disk > 0, memory > 0, rdd.level.useOffHeap,
                                                      memory > 0 && rdd.level.deserialized,
                                                      int32_t(p->executors.size()));
            ++p;
        }
        writeRdd(rdd);
    }
    if (activeForLiveStages(exec)) deadExecutors_[id] = std::move(exec);
}

void StatusReplay::blockManagerAdded(const events::BlockManager& bm) {
    // The driver has no ExecutorAdded: its block manager makes it an executor of the UI.
    ExecutorFigures& e = getOrCreateExecutor(bm.executorId, bm.time);
    e.hostPort = bm.host + ":" + std::to_string(bm.port);
    indexHost(e);
    if (bm.maxOnHeap >= 0) {
        e.totalOnHeap = bm.maxOnHeap;
        e.totalOffHeap = bm.maxOffHeap >= 0 ? bm.maxOffHeap : 0;
        // SPARK-30594: a re-registered block manager reports all its blocks again.
        e.usedOnHeap = 0;
        e.usedOffHeap = 0;
    }
    e.isActive = true;
    e.maxMemory = bm.maxMemory;
}

void StatusReplay::excludeExecutor(const std::string& id, bool excluded) {
    if (ExecutorFigures* e = liveExecutor(id)) e->isExcluded = excluded;
}

void StatusReplay::executorExcludedForStage(const events::Exclusion& ex) {
    const std::string& id = ex.who;
    const int32_t stageId = ex.event.stageId, attemptId = ex.event.stageAttemptId;
    if (LiveStage* s = liveStage(stageId, attemptId)) {
        s->fig.executorSummaries[id].isExcluded = true;
        s->fig.excludedExecutors.insert(id);
    }
    if (ExecutorFigures* e = liveExecutor(id)) e->excludedInStages.insert(stageId);
}

void StatusReplay::excludeNode(const std::string& host, bool excluded) {
    // Spark excludes the node's executors, never the driver (AppStatusListener
    // .updateNodeExclusion skips SparkContext.DRIVER_IDENTIFIER).
    forLiveExecutorsOn(host, [&](ExecutorFigures& e) {
        if (e.id != "driver") e.isExcluded = excluded;
    });
}

void StatusReplay::nodeExcludedForStage(const events::Exclusion& ex) {
    const std::string& host = ex.who;
    const int32_t stageId = ex.event.stageId, attemptId = ex.event.stageAttemptId;
    // Spark matches the stage's executors on the ExecutorAdded host only (not the driver's
    // block manager address), and the executors' own exclusion on either.
    LiveStage* s = liveStage(stageId, attemptId);
    forLiveExecutorsOn(host, [&](ExecutorFigures& e) {
        if (s && e.host == host) {  // hostname() is host whenever host is set
            s->fig.executorSummaries[e.id].isExcluded = true;
            s->fig.excludedExecutors.insert(e.id);
        }
        e.excludedInStages.insert(stageId);
    });
}

void StatusReplay::stageExecutorMetrics(const events::StageExecutorMetrics& ev) {
    const std::string& id = ev.executorId;
    const ExecutorMetricValues& metrics = ev.metrics;
    if (ExecutorFigures* e = liveExecutor(id)) {
        e->peak.update(metrics);
    } else if (auto dead = deadExecutors_.find(id); dead != deadExecutors_.end()) {
        if (dead->second.peak.update(metrics)) writeExecutor(dead->second);
    }
    if (LiveStage* s = liveStage(ev.stageId, ev.attemptId)) {
        s->fig.peak.update(metrics);
        s->fig.executorSummaries[id].peak.update(metrics);
    }
}

void StatusReplay::executorMetricsUpdate(const events::ExecutorMetricsUpdate& ev) {
    const std::string& id = ev.executorId;
    for (const auto& [stageId, attemptId, metrics] : ev.peaks) {
        if (ExecutorFigures* e = liveExecutor(id)) e->peak.update(metrics);
        if (LiveStage* s = liveStage(stageId, attemptId)) {
            s->fig.peak.update(metrics);
            s->fig.executorSummaries[id].peak.update(metrics);
        }
    }
}

}  // namespace stagelight
