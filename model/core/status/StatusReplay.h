// Replays Spark's AppStatusListener (the History Server's bookkeeping) in event order, so that
// job, stage, executor and storage figures come out as the History Server computes them. Order
// matters: a stage counts for the jobs running when it was submitted, task counters only reach
// executors that are alive, a finished stage stays live until its last task reports, block
// updates move memory between RDDs and executors.
//
// An EventSink beside ModelBuilder; finish() writes the final figures into the model.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "model/AppStatus.h"
#include "model/EventLogModel.h"
#include "events/EventSink.h"
#include "status/LiveTaskIds.h"

namespace stagelight {

class StatusReplay final : public EventSink {
public:
    // Application and resources (StatusReplayExecutors.cpp)
    void applicationStart(const events::ApplicationStart& e) override;
    void environmentUpdate(const events::EnvironmentUpdate& e) override;
    void resourceProfileAdded(const ResourceProfile& profile) override;
    void miscellaneousProcessAdded(const events::MiscellaneousProcessAdded& e) override {
        status_.processes[e.process.id] = e.process;
    }

    // Jobs, stages, tasks (StatusReplayJobs.cpp)
    void jobStart(const events::JobStart& e) override;
    void jobEnd(const events::JobEnd& e) override;
    void stageSubmitted(const events::Stage& e) override;
    void stageCompleted(const events::Stage& e) override;
    void taskStart(const events::TaskStart& e) override;
    void taskEnd(const events::TaskEnd& e) override;

    // Executors (StatusReplayExecutors.cpp)
    void executorAdded(const events::ExecutorAdded& e) override;
    void executorRemoved(const events::ExecutorRemoved& e) override;
    void blockManagerAdded(const events::BlockManager& e) override;
    void executorExcluded(const events::Exclusion& e) override { excludeExecutor(e.who, true); }
    void executorUnexcluded(const events::Exclusion& e) override { excludeExecutor(e.who, false); }
    void executorExcludedForStage(const events::Exclusion& e) override;
    void nodeExcluded(const events::Exclusion& e) override { excludeNode(e.who, true); }
    void nodeUnexcluded(const events::Exclusion& e) override { excludeNode(e.who, false); }
    void nodeExcludedForStage(const events::Exclusion& e) override;
    void stageExecutorMetrics(const events::StageExecutorMetrics& e) override;
    // Heartbeat peaks (logged only when enabled): live executors and the stage attempt.
    void executorMetricsUpdate(const events::ExecutorMetricsUpdate& e) override;

    // Storage (StatusReplayStorage.cpp)
    void blockUpdated(const BlockUpdate& update) override;
    void unpersistRdd(const events::UnpersistRdd& e) override;

    // Job counters and the final status figures, into the model (after the last event).
    void finish(EventLogModel& model);

private:
    // What Spark's LiveStage keeps of the latest Stage Info.
    struct StageInfoSeen {
        int32_t stageId = 0, attemptId = 0, numTasks = 0;
        bool hasCompletionTime = false;
        int64_t submissionTime = -1;  // -1: none in this Stage Info
    };
    static StageInfoSeen seen(const events::StageInfo& info);
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
        LiveRdd() = default;
        // A copy indexes its own partitions (a snapshot of a load in progress copies the replay).
        LiveRdd(const LiveRdd& other)
            : fig(other.fig), level(other.level), parts(other.parts),
              distributions(other.distributions) {
            for (auto it = parts.begin(); it != parts.end(); ++it) partIndex.emplace(it->blockName, it);
        }
        LiveRdd& operator=(const LiveRdd& other) {
            if (this != &other) *this = LiveRdd(other);
            return *this;
        }
        LiveRdd(LiveRdd&&) = default;
        LiveRdd& operator=(LiveRdd&&) = default;
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

    void excludeExecutor(const std::string& id, bool excluded);
    void excludeNode(const std::string& host, bool excluded);
    LiveStage& getOrCreateStage(const StageInfoSeen& info);
    LiveStage* liveStage(int32_t stageId, int32_t attemptId);
    void writeStage(const LiveStage& stage);
    void removeStage(int32_t stageId, int32_t attemptId);
    ExecutorFigures& getOrCreateExecutor(const std::string& id, int64_t addTime);
    ExecutorFigures* liveExecutor(const std::string& id);
    void indexHost(const ExecutorFigures& exec) { liveIdsByHost_[exec.hostname()].insert(exec.id); }
    template <class F>
    void forLiveExecutorsOn(const std::string& host, F&& visit);
    bool activeForLiveStages(const ExecutorFigures& exec) const;
    void writeExecutor(const ExecutorFigures& exec) { status_.executors[exec.id] = exec; }
    void updateExecutorMemory(ExecutorFigures& exec, const StorageLevel& level, int64_t memoryDelta,
                              int64_t diskDelta);
    void updateRddBlock(const BlockUpdate& update, int32_t rddId);
    void writeRdd(LiveRdd& rdd);

    int32_t defaultCpusPerTask_ = 1;
    bool sawSparkProperties_ = false;
    struct ProfileLimits {
        std::optional<int32_t> cpusPerTask, maxTasksPerExecutor;
    };
    std::map<int32_t, ProfileLimits> profiles_;
    std::map<int32_t, LiveJob> liveJobs_;
    std::unordered_map<int32_t, JobCounters> jobCounters_;  // every job seen
    std::map<std::pair<int32_t, int32_t>, LiveStage> liveStages_;
    std::unordered_map<std::string, ExecutorFigures> liveExecutors_, deadExecutors_;
    // Live executor ids by hostname(), so a node exclusion costs that host's executors, not
    // every executor (300k node events on thousands of executors). Stale ids are dropped where
    // read; every change of host or hostPort adds the id under its new name.
    std::unordered_map<std::string, std::unordered_set<std::string>> liveIdsByHost_;
    std::map<int32_t, LiveRdd> liveRdds_;
    LiveTaskIds liveTasks_;
    AppStatus status_;
};

}  // namespace stagelight
