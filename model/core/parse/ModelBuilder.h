// The sink that builds the EventLogModel from decoded events: entities, indices, the task table
// and the latest event time. The History Server's figures are StatusReplay's, not this.
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "model/EventLogModel.h"
#include "events/EventSink.h"

namespace stagelight {

class ModelBuilder final : public EventSink {
public:
    explicit ModelBuilder(EventLogModel& model) : model_(model) {}
    // `other`'s state building `model`, a copy of other's model (a snapshot of a load in
    // progress, finished on the copies while the load goes on).
    ModelBuilder(const ModelBuilder& other, EventLogModel& model)
        : model_(model),
          runningTasks_(other.runningTasks_),
          knownAccumulators_(other.knownAccumulators_),
          lastAccumulatorIds_(other.lastAccumulatorIds_),
          lastCompletedStage_(other.lastCompletedStage_) {}

    void logStart(const events::LogStart& e) override;
    void applicationStart(const events::ApplicationStart& e) override;
    void applicationEnd(const events::ApplicationEnd& e) override;
    void environmentUpdate(const events::EnvironmentUpdate& e) override;
    void resourceProfileAdded(const ResourceProfile& e) override;
    void miscellaneousProcessAdded(const events::MiscellaneousProcessAdded& e) override;

    void executorAdded(const events::ExecutorAdded& e) override;
    void executorRemoved(const events::ExecutorRemoved& e) override;
    void blockManagerAdded(const events::BlockManager& e) override;
    void blockManagerRemoved(const events::BlockManager& e) override;
    void executorExcluded(const events::Exclusion& e) override { executorExclusion(e); }
    void executorExcludedForStage(const events::Exclusion& e) override { executorExclusion(e); }
    void executorUnexcluded(const events::Exclusion& e) override { executorExclusion(e); }
    void nodeExcluded(const events::Exclusion& e) override { nodeExclusion(e); }
    void nodeExcludedForStage(const events::Exclusion& e) override { nodeExclusion(e); }
    void nodeUnexcluded(const events::Exclusion& e) override { nodeExclusion(e); }
    void executorMetricsUpdate(const events::ExecutorMetricsUpdate& e) override;
    void stageExecutorMetrics(const events::StageExecutorMetrics& e) override;

    void jobStart(const events::JobStart& e) override;
    void jobEnd(const events::JobEnd& e) override;
    void stageSubmitted(const events::Stage& e) override;
    void stageCompleted(const events::Stage& e) override;
    void taskStart(const events::TaskStart& e) override;
    void taskEnd(const events::TaskEnd& e) override;

    void blockUpdated(const BlockUpdate& e) override { model_.blockUpdates.push_back(e); }
    void unpersistRdd(const events::UnpersistRdd& e) override;

    void sqlExecutionStart(const events::SqlExecutionStart& e) override;
    void sqlExecutionEnd(const events::SqlExecutionEnd& e) override;
    void sqlAdaptiveExecutionUpdate(const events::SqlAdaptiveExecutionUpdate& e) override;
    void sqlAdaptiveMetricUpdates(const events::SqlAdaptiveMetricUpdates& e) override;
    void driverAccumUpdates(const events::DriverAccumUpdates& e) override;

    // Appends still-running tasks and drops the exclusion twins.
    void endOfLog() override;

private:
    void noteTime(int64_t t) {
        if (t > model_.application.lastEventTime) model_.application.lastEventTime = t;
    }
    Executor& executorFor(std::string_view id);
    StageAttempt& stageFor(int32_t stageId, int32_t attemptId);
    StageAttempt& mergeStageInfo(const events::StageInfo& info, bool fromJobStart, bool completed);
    SqlExecution& sqlFor(int64_t id);
    void addPlanMetrics(SqlExecution& exec, const SqlPlan& plan);
    void executorExclusion(const events::Exclusion& e);
    void nodeExclusion(const events::Exclusion& e);
    // The ended task's record with its strings interned; `record_` is reused across tasks.
    TaskRecord& internedRecord(const events::TaskEnd& info);
    void defineAccumulators(const events::TaskInfo& info);
    // The running-task slot of `taskId` (its content is the caller's to assign).
    TaskRecord& startedRecord(int64_t taskId);

    EventLogModel& model_;
    std::unordered_map<int64_t, TaskRecord> runningTasks_;  // started, not (yet) ended, by id
    // Nodes of ended tasks, for the next starts (a cluster runs at most thousands at once).
    static constexpr size_t kSpareNodes = 4096;
    std::vector<decltype(runningTasks_)::node_type> spareNodes_;
    std::unordered_set<int64_t> knownAccumulators_;         // ids already in accumulatorDefinitions
    std::vector<int64_t> lastAccumulatorIds_;               // of the last task that listed any
    TaskRecord record_;
    std::pair<int32_t, int32_t> lastCompletedStage_{-1, -1};  // what an AQE update follows
};

}  // namespace stagelight
