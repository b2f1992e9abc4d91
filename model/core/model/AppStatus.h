// What Spark's History Server holds for an application once it has replayed the log: the final
// state of AppStatusListener's live entities (stages, executors, cached RDDs), produced by
// StatusReplay in event order. The REST answers and the GUI's tables read these figures.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/Entities.h"
#include "model/TaskFields.h"

namespace stagelight {

using ExecutorMetricValues = std::array<int64_t, kExecutorMetricCount>;

// Spark's ExecutorMetrics used as a running peak: "set" once any update arrived (metric 0 starts at
// -1, so even an all-zero update sets it, as a TaskEnd without executor metrics does in Spark).
struct PeakMetrics {
    ExecutorMetricValues values = initial();
    bool isSet() const { return values[0] > -1; }
    bool update(const ExecutorMetricValues& m);  // true when a value grew

private:
    static ExecutorMetricValues initial() {
        ExecutorMetricValues v{};
        v[0] = -1;
        return v;
    }
};

// Sums of the task metric fields (TaskFields.h metric list), indexed from kFirstTaskMetric.
constexpr size_t kTaskMetricCount = kTaskFieldCount - size_t(kFirstTaskMetric);
struct MetricSums {
    std::array<int64_t, kTaskMetricCount> values{};
    int64_t operator[](TaskField f) const { return values[size_t(f) - size_t(kFirstTaskMetric)]; }
    int64_t& operator[](TaskField f) { return values[size_t(f) - size_t(kFirstTaskMetric)]; }
    void add(const MetricSums& other);
};

struct ExecutorStageFigures {  // REST ExecutorStageSummary
    int64_t taskTime = 0, failedTasks = 0, succeededTasks = 0, killedTasks = 0;
    MetricSums metrics;
    bool isExcluded = false;
    PeakMetrics peak;
};

struct SpeculationFigures {
    int64_t numTasks = 0, numActiveTasks = 0, numCompletedTasks = 0, numFailedTasks = 0,
            numKilledTasks = 0;
};

struct StageFigures {  // LiveStage as last written
    int32_t stageId = 0, attemptId = 0;
    StageStatus status{};
    int64_t activeTasks = 0, completedTasks = 0, failedTasks = 0, killedTasks = 0;
    IndexSet completedIndices;
    int64_t firstLaunchTime = -1;  // -1: no task launched
    std::map<std::string, int64_t> localitySummary, killedSummary;
    MetricSums metrics;
    std::map<std::string, ExecutorStageFigures> executorSummaries;
    std::map<std::string, int64_t> activeTasksPerExecutor;
    std::set<std::string> excludedExecutors;
    PeakMetrics peak;
    std::optional<SpeculationFigures> speculation;  // created by the first speculative task
    std::string schedulingPool = "default";
    std::optional<std::string> description;
    std::vector<int32_t> jobIds;
};

struct MemoryFigures {  // REST MemoryMetrics
    int64_t usedOnHeap = 0, usedOffHeap = 0, totalOnHeap = 0, totalOffHeap = 0;
};

struct ExecutorFigures {  // LiveExecutor as last written
    std::string id, hostPort, host;
    bool isActive = true;
    int64_t rddBlocks = 0, memoryUsed = 0, diskUsed = 0;
    int64_t totalCores = 0, maxTasks = 0, maxMemory = 0;
    int64_t totalTasks = 0, activeTasks = 0, completedTasks = 0, failedTasks = 0;
    int64_t totalDuration = 0, totalGcTime = 0, totalInputBytes = 0, totalShuffleRead = 0,
            totalShuffleWrite = 0;
    bool isExcluded = false;
    std::set<int32_t> excludedInStages;
    int64_t addTime = 0, removeTime = -1;
    std::optional<std::string> removeReason;
    std::vector<std::pair<std::string, std::string>> executorLogs, attributes;
    std::vector<std::pair<std::string, std::vector<std::string>>> resources;
    int32_t resourceProfileId = 0;
    int64_t totalOnHeap = -1, totalOffHeap = 0, usedOnHeap = 0, usedOffHeap = 0;
    PeakMetrics peak;

    bool hasMemoryInfo() const { return totalOnHeap >= 0; }
    std::string hostname() const;  // host, else the host part of hostPort
};

struct RddPartitionFigures {
    std::string blockName, storageLevel;
    int64_t memoryUsed = 0, diskUsed = 0;
    std::vector<std::string> executors;
};

struct RddDistributionFigures {  // as last computed (Spark caches it until the next block update)
    std::string address;
    int64_t memoryUsed = 0, memoryRemaining = 0, diskUsed = 0;
    std::optional<int64_t> onHeapMemoryUsed, offHeapMemoryUsed, onHeapMemoryRemaining,
        offHeapMemoryRemaining;
};

struct RddFigures {  // LiveRDD (REST RDDStorageInfo)
    int32_t id = 0;
    std::string name, storageLevel;
    int32_t numPartitions = 0;
    int64_t memoryUsed = 0, diskUsed = 0;
    std::vector<RddPartitionFigures> partitions;        // in the order Spark's list keeps
    std::vector<RddDistributionFigures> distributions;  // empty: none
};

struct ProcessFigures {  // REST ProcessSummary (e.g. a Spark Connect server registered itself)
    std::string id, hostPort;
    bool isActive = true;
    int64_t totalCores = 0, addTime = 0;
    std::vector<std::pair<std::string, std::string>> processLogs;
};

struct AppStatus {
    std::map<std::pair<int32_t, int32_t>, StageFigures> stages;  // by (stage, attempt)
    std::map<std::string, ExecutorFigures> executors;            // by id
    std::map<int32_t, RddFigures> rdds;                          // by id
    std::map<std::string, ProcessFigures> processes;             // by id
    bool replayed = false;

    const StageFigures* stage(int32_t stageId, int32_t attemptId) const;
};

std::string storageLevelDescription(bool useDisk, bool useMemory, bool useOffHeap,
                                    bool deserialized, int32_t replication);

}  // namespace stagelight
