// Cached RDDs and block memory: AppStatusListener's onBlockUpdated (RDD and broadcast blocks) and
// onUnpersistRDD. Deltas never take a value below zero, as in Spark.
#include <algorithm>
#include <charconv>

#include "model/Numeric.h"
#include "status/StatusReplay.h"

namespace stagelight {
namespace {

int64_t plus(int64_t value, int64_t delta) {
    return std::max<int64_t>(0, jvmAdd(value, delta));
}

// The RDD id of an "rdd_<rdd>_<split>" block, or nullopt.
std::optional<int32_t> rddOfBlock(std::string_view block) {
    if (block.substr(0, 4) != "rdd_") return std::nullopt;
    block.remove_prefix(4);
    const size_t underscore = block.find('_');
    if (underscore == std::string_view::npos || underscore == 0) return std::nullopt;
    int32_t id = 0;
    const auto [ptr, ec] = std::from_chars(block.data(), block.data() + underscore, id);
    if (ec != std::errc() || ptr != block.data() + underscore) return std::nullopt;
    const std::string_view split = block.substr(underscore + 1);
    if (split.empty() ||
        !std::all_of(split.begin(), split.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return id;
}

}  // namespace

RddPartitionFigures* StatusReplay::LiveRdd::partition(const std::string& blockName) {
    if (auto it = partIndex.find(blockName); it != partIndex.end()) return &*it->second;
    RddPartitionFigures p;
    p.blockName = blockName;
    p.storageLevel = storageLevelDescription(false, false, level.useOffHeap, false, 0);
    parts.push_back(std::move(p));
    partIndex.emplace(blockName, std::prev(parts.end()));
    return &parts.back();
}

void StatusReplay::LiveRdd::removePartition(const std::string& blockName) {
    if (auto it = partIndex.find(blockName); it != partIndex.end()) {
        parts.erase(it->second);
        partIndex.erase(it);
    }
}

StatusReplay::LiveRddDistribution* StatusReplay::LiveRdd::distribution(
    const std::string& executorId) {
    for (LiveRddDistribution& d : distributions)
        if (d.executorId == executorId) return &d;
    distributions.push_back({});
    distributions.back().executorId = executorId;
    return &distributions.back();
}

bool StatusReplay::LiveRdd::removeDistribution(const std::string& executorId) {
    const auto it = std::find_if(distributions.begin(), distributions.end(),
                                 [&](const auto& d) { return d.executorId == executorId; });
    if (it == distributions.end()) return false;
    distributions.erase(it);
    return true;
}

void StatusReplay::updateExecutorMemory(ExecutorFigures& exec, const StorageLevel& level,
                                        int64_t memoryDelta, int64_t diskDelta) {
    if (exec.hasMemoryInfo()) {
        if (level.useOffHeap)
            exec.usedOffHeap = plus(exec.usedOffHeap, memoryDelta);
        else
            exec.usedOnHeap = plus(exec.usedOnHeap, memoryDelta);
    }
    exec.memoryUsed = plus(exec.memoryUsed, memoryDelta);
    exec.diskUsed = plus(exec.diskUsed, diskDelta);
}

void StatusReplay::writeRdd(LiveRdd& rdd) {
    // Spark renders a distribution once and keeps that view until the next update resets it.
    for (LiveRddDistribution& d : rdd.distributions) {
        if (d.last) continue;
        const ExecutorFigures* exec = liveExecutor(d.executorId);
        if (!exec) {
            auto dead = deadExecutors_.find(d.executorId);
            if (dead == deadExecutors_.end()) continue;
            exec = &dead->second;
        }
        RddDistributionFigures f;
        f.address = exec->hostPort.empty() ? exec->host : exec->hostPort;
        f.memoryUsed = d.memoryUsed;
        f.memoryRemaining = jvmSub(exec->maxMemory, exec->memoryUsed);
        f.diskUsed = d.diskUsed;
        if (exec->hasMemoryInfo()) {
            f.onHeapMemoryUsed = d.onHeapUsed;
            f.offHeapMemoryUsed = d.offHeapUsed;
            f.onHeapMemoryRemaining = jvmSub(exec->totalOnHeap, exec->usedOnHeap);
            f.offHeapMemoryRemaining = jvmSub(exec->totalOffHeap, exec->usedOffHeap);
        }
        d.last = std::move(f);
    }
}

void StatusReplay::blockUpdated(const BlockUpdate& update) {
    if (const auto rddId = rddOfBlock(update.blockId)) {
        updateRddBlock(update, *rddId);
    } else if (update.blockId.rfind("broadcast_", 0) == 0) {
        if (ExecutorFigures* exec = liveExecutor(update.executorId)) {
            const StorageLevel& l = update.storageLevel;
            updateExecutorMemory(*exec, l, update.memorySize * (l.useMemory ? 1 : -1),
                                 update.diskSize * (l.useDisk ? 1 : -1));
        }
    }
}

void StatusReplay::updateRddBlock(const BlockUpdate& update, int32_t rddId) {
    const StorageLevel& level = update.storageLevel;
    const int64_t diskDelta = update.diskSize * (level.useDisk ? 1 : -1);
    const int64_t memoryDelta = update.memorySize * (level.useMemory ? 1 : -1);
    ExecutorFigures* exec = liveExecutor(update.executorId);
    int64_t rddBlocksDelta = 0;
    if (exec) updateExecutorMemory(*exec, level, memoryDelta, diskDelta);

    if (auto found = liveRdds_.find(rddId); found != liveRdds_.end()) {
        LiveRdd& rdd = found->second;
        RddPartitionFigures* part = rdd.partition(update.blockId);
        std::vector<std::string> executors = part->executors;
        const bool valid = (level.useMemory || level.useDisk) && level.replication > 0;
        if (valid) {
            if (std::find(executors.begin(), executors.end(), update.executorId) ==
                executors.end()) {
                rddBlocksDelta = 1;
                executors.push_back(update.executorId);
            }
        } else {
            rddBlocksDelta = -1;
            std::erase(executors, update.executorId);
        }
        if (!executors.empty()) {
            const int64_t memory = plus(part->memoryUsed, memoryDelta);
            const int64_t disk = plus(part->diskUsed, diskDelta);
            part->storageLevel = storageLevelDescription(disk > 0, memory > 0, rdd.level.useOffHeap,
                                                         memory > 0 && rdd.level.deserialized,
                                                         int32_t(executors.size()));
            part->memoryUsed = memory;
            part->diskUsed = disk;
            part->executors = std::move(executors);
        } else {
            rdd.removePartition(update.blockId);
        }
        if (exec) {
            if (jvmAdd(exec->rddBlocks, rddBlocksDelta) > 0) {
                LiveRddDistribution* d = rdd.distribution(exec->id);
                d->memoryUsed = plus(d->memoryUsed, memoryDelta);
                d->diskUsed = plus(d->diskUsed, diskDelta);
                if (exec->hasMemoryInfo()) {
                    if (level.useOffHeap)
                        d->offHeapUsed = plus(d->offHeapUsed, memoryDelta);
                    else
                        d->onHeapUsed = plus(d->onHeapUsed, memoryDelta);
                }
                d->last.reset();
            } else {
                rdd.removeDistribution(exec->id);
            }
            // Other RDDs on this executor show its free memory: their views are stale now.
            for (auto& [otherId, other] : liveRdds_) {
                if (otherId == rddId) continue;
                for (LiveRddDistribution& d : other.distributions)
                    if (d.executorId == exec->id) {
                        d.last.reset();
                        writeRdd(other);
                    }
            }
        }
        rdd.fig.memoryUsed = plus(rdd.fig.memoryUsed, memoryDelta);
        rdd.fig.diskUsed = plus(rdd.fig.diskUsed, diskDelta);
        writeRdd(rdd);
    }
    if (exec) exec->rddBlocks = jvmAdd(exec->rddBlocks, rddBlocksDelta);
}

void StatusReplay::unpersistRdd(const events::UnpersistRdd& e) {
    auto found = liveRdds_.find(e.rddId);
    if (found == liveRdds_.end()) return;
    LiveRdd& rdd = found->second;
    for (const RddPartitionFigures& p : rdd.parts)
        for (const std::string& id : p.executors)
            if (ExecutorFigures* e = liveExecutor(id)) --e->rddBlocks;
    for (const LiveRddDistribution& d : rdd.distributions) {
        ExecutorFigures* e = liveExecutor(d.executorId);
        if (!e) continue;
        if (e->hasMemoryInfo()) {
            if (rdd.level.useOffHeap)
                e->usedOffHeap = plus(e->usedOffHeap, -d.offHeapUsed);
            else
                e->usedOnHeap = plus(e->usedOnHeap, -d.onHeapUsed);
        }
        e->memoryUsed = plus(e->memoryUsed, -d.memoryUsed);
        e->diskUsed = plus(e->diskUsed, -d.diskUsed);
    }
    liveRdds_.erase(found);
}

}  // namespace stagelight
