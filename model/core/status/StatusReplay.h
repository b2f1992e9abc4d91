// Replays Spark's AppStatusListener (the History Server's bookkeeping) in event order, so that
// job, stage, executor and storage figures come out as the History Server computes them. Order
// matters: a stage counts for the jobs running when it was submitted, task counters only reach
// executors that are alive, a finished stage stays live until its last task reports, block
// updates move memory between RDDs and executors.
//
// The decoder calls one method per event; finish() writes the final figures into the model.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/EventLogModel.h"
#include "model/AppStatus.h"

namespace stagelight {

class StatusReplay {
public:
    struct StageInfoSeen {
        int32_t stageId = 0, attemptId = 0, numTasks = 0;
        bool hasCompletionTime = false;
        int64_t submissionTime = -1;  // -1: none in this Stage Info
    };
    struct ExecutorInfo {
        std::string host;
        int32_t totalCores = 0, resourceProfileId = 0;
        Properties logUrls, attributes;
        std::vector<std::pair<std::string, std::vector<std::string>>> resources;
    };

    // Application and resources
    void applicationStart(const Properties& driverLogs, const Properties& driverAttributes);
    void cpusPerTask(int32_t cpus) { defaultCpusPerTask_ = cpus; }
    void resourceProfileAdded(const ResourceProfile& profile);

    void miscellaneousProcessAdded(ProcessFigures process) {
        status_.processes[process.id] = std::move(process);
    }

    // Jobs, stages, tasks (StatusReplayJobs.cpp)
    void jobStart(int32_t jobId, const std::vector<int32_t>& stageIds,
                  const std::vector<StageInfoSeen>& infos);
    void jobEnd(int32_t jobId);
    void stageSubmitted(const StageInfoSeen& info, const Properties& properties,
                        const std::vector<RddInfo>& rdds);
    void stageCompleted(const StageInfoSeen& info, bool failed);
    void taskStart(const TaskRecord& task, std::string_view executorId, std::string_view locality);
    // `killText`: the text Spark groups killed tasks by (kill reason or commit-denied message).
    void taskEnd(const TaskRecord& task, std::string_view executorId, bool sawStart,
                 EndReason reason, const std::string& killText);

    // Executors (StatusReplayExecutors.cpp)
    void executorAdded(const std::string& id, int64_t time, const ExecutorInfo& info);
    void executorRemoved(const std::string& id, int64_t time, const std::string& reason);
    void blockManagerAdded(const std::string& id, int64_t time, const std::string& hostPort,
                           int64_t maxMemory, std::optional<int64_t> maxOnHeap,
                           std::optional<int64_t> maxOffHeap);
    void executorExcluded(const std::string& id, bool excluded);
    void executorExcludedForStage(const std::string& id, int32_t stageId, int32_t attemptId);
    void nodeExcluded(const std::string& host, bool excluded);
    void nodeExcludedForStage(const std::string& host, int32_t stageId, int32_t attemptId);
    void stageExecutorMetrics(const std::string& id, int32_t stageId, int32_t attemptId,
                              const ExecutorMetricValues& metrics);
    // Heartbeat peaks (logged only when enabled): live executors and the stage attempt.
    void executorMetricsUpdate(const std::string& id, int32_t stageId, int32_t attemptId,
                               const ExecutorMetricValues& metrics);

    // Storage (StatusReplayStorage.cpp)
    void blockUpdated(const BlockUpdate& update);
    void unpersistRdd(int32_t rddId);

    // Job counters and the final status figures, into the model.
    void finish(EventLogModel& model);

private:
    struct LiveJob {
        JobCounters counters;
        std::vector<int32_t> stageIds;
    };
    struct LiveStage {
        StageFigures fig;
        int32_t numTasks = 0;
        int64_t submissionTime = -1;
        std::vector<int32_t> jobs;  // running jobs that include this stage
    };
    struct LiveRddDistribution {
        std::string executorId;
        int64_t memoryUsed = 0, diskUsed = 0, onHeapUsed = 0, offHeapUsed = 0;
        std::optional<RddDistributionFigures> last;  // Spark's cached view, reset on updates
    };
    struct LiveRdd {
        RddFigures fig;  // partitions are filled in at finish()
        StorageLevel level;
        std::list<RddPartitionFigures> parts;  // Spark's linked list: insertion order
        std::unordered_map<std::string, std::list<RddPartitionFigures>::iterator> partIndex;
        std::vector<LiveRddDistribution> distributions;  // in creation order
        RddPartitionFigures* partition(const std::string& blockName);
        void removePartition(const std::string& blockName);
        LiveRddDistribution* distribution(const std::string& executorId);
        bool removeDistribution(const std::string& executorId);
    };

    LiveStage& getOrCreateStage(const StageInfoSeen& info);
    LiveStage* liveStage(int32_t stageId, int32_t attemptId);
    void writeStage(const LiveStage& stage);
    void removeStage(int32_t stageId, int32_t attemptId);
    ExecutorFigures& getOrCreateExecutor(const std::string& id, int64_t addTime);
    ExecutorFigures* liveExecutor(const std::string& id);
    bool activeForLiveStages(const ExecutorFigures& exec) const;
    void writeExecutor(const ExecutorFigures& exec) { status_.executors[exec.id] = exec; }
    void updateExecutorMemory(ExecutorFigures& exec, const StorageLevel& level, int64_t memoryDelta,
                              int64_t diskDelta);
    void updateRddBlock(const BlockUpdate& update, int32_t rddId);
    void writeRdd(LiveRdd& rdd);

    int32_t defaultCpusPerTask_ = 1;
    struct ProfileLimits {
        std::optional<int32_t> cpusPerTask, maxTasksPerExecutor;
    };
    std::map<int32_t, ProfileLimits> profiles_;
    std::map<int32_t, LiveJob> liveJobs_;
    std::unordered_map<int32_t, JobCounters> jobCounters_;  // every job seen
    std::map<std::pair<int32_t, int32_t>, LiveStage> liveStages_;
    std::unordered_map<std::string, ExecutorFigures> liveExecutors_, deadExecutors_;
    std::map<int32_t, LiveRdd> liveRdds_;
    AppStatus status_;
};

}  // namespace stagelight
