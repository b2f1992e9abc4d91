// The decoded events the EventDecoder hands to its sinks: plain values, one struct per event kind
// (or one shared by twins). They say what the line said; what it means for the model is the sinks'.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/AppStatus.h"
#include "model/Entities.h"
#include "model/TaskTable.h"

namespace stagelight::events {

// A std::optional marks a key the line may lack: the model keeps its previous value then.
// string_views point into the decoder's buffers and are valid only during the sink call.

struct LogStart {
    std::optional<std::string> sparkVersion;
};

struct ApplicationStart {
    std::optional<std::string> name, id, user, attemptId;
    std::optional<int64_t> startTime;
    std::optional<Properties> driverLogs;  // absent or null: none
    std::optional<Properties> driverAttributes;
};

struct ApplicationEnd {
    std::optional<int64_t> endTime, exitCode;
};

struct EnvironmentUpdate {
    std::vector<std::pair<std::string, Properties>> sections;  // in log order
};

struct ExecutorAdded {
    std::string id;
    int64_t time = -1;
    std::string host;
    int32_t totalCores = 0, resourceProfileId = 0;
    Properties logUrls, attributes;
    std::vector<std::pair<std::string, std::vector<std::string>>> resources;
    std::optional<int64_t> registrationTime, requestTime;
};

struct ExecutorRemoved {
    std::string id, reason;
    int64_t time = -1;
};

// BlockManagerAdded and BlockManagerRemoved.
struct BlockManager {
    std::string executorId, host;
    int32_t port = 0;
    int64_t time = -1, maxMemory = 0;
    int64_t maxOnHeap = -1, maxOffHeap = -1;  // -1: not logged
};

// The six exclusion kinds and their deprecated "Blacklisted" twins.
struct Exclusion {
    std::string who;  // executor id or host
    ExclusionEvent event;
};

// A Stage Info object as logged, with which optional times it carried.
struct StageInfo {
    StageAttempt stage;  // only the Stage Info fields are set
    bool hasSubmissionTime = false, hasCompletionTime = false;
};

struct JobStart {
    Job job;  // id, times, stage ids, properties and what they name (SQL id, group, tags)
    std::vector<StageInfo> stageInfos;
};

struct JobEnd {
    int32_t jobId = -1;
    int64_t completionTime = -1;
    JobResult result = JobResult::Succeeded;
    std::string failureMessage;
    SourceRef where;
};

// StageSubmitted and StageCompleted.
struct Stage {
    StageInfo info;
    Properties properties;  // StageSubmitted only
    SourceRef where;
};

// An accumulator's name as a task listed it (the model keeps the first one per id).
struct AccumulatorName {
    int64_t id = 0;
    std::string_view name, metadata;
};

// Task Info of TaskStart and TaskEnd. The string fields of `task` are left unset: their texts
// are in executorId, host and taskType.
struct TaskInfo {
    TaskRecord task;
    std::string_view executorId, host;
    std::vector<AccumulatorName> accumulatorNames;

    // Empties it for the next event, keeping the vectors' capacity (the decoder reuses one).
    void clear() {
        task.fields.fill(0);
        task.executorMetrics.fill(0);
        task.accumulables.clear();
        task.userAccumulables.clear();
        task.hasExecutorMetrics = false;
        executorId = host = {};
        accumulatorNames.clear();
    }
};

struct TaskStart : TaskInfo {};

struct TaskGettingResult {};  // carries nothing TaskEnd does not repeat

struct TaskEnd : TaskInfo {
    std::string_view taskType;
    EndReason reason = EndReason::Success;
    TaskFailure failure;  // details of a reason other than Success; failure.reason == reason
    std::vector<BlockUpdate> updatedBlocks;  // Task Metrics' Updated Blocks
    bool hasTaskInfo = false;                // false: the task is skipped, only updatedBlocks count
    SourceRef where;

    void clear() {
        TaskInfo::clear();
        taskType = {};
        reason = EndReason::Success;
        failure = TaskFailure{};
        updatedBlocks.clear();
        hasTaskInfo = false;
        where = {};
    }
};

struct ExecutorMetricsUpdate {
    struct Peak {
        int32_t stageId = -1, attemptId = -1;
        ExecutorMetricValues metrics{};
    };
    std::string executorId;
    std::vector<Peak> peaks;  // never empty
};

struct StageExecutorMetrics {
    std::string executorId;
    int32_t stageId = -1, attemptId = 0;
    ExecutorMetricValues metrics{};
};

struct UnpersistRdd {
    int32_t rddId = 0;
};

struct SqlExecutionStart {
    SqlExecution execution;  // id, root id, texts, start time, configs, plan
    bool hasPlan = false;
};

struct SqlExecutionEnd {
    int64_t executionId = -1, time = -1;
    std::string errorMessage;
    bool hasErrorMessage = false;
};

struct SqlAdaptiveExecutionUpdate {
    int64_t executionId = -1;
    SqlPlan plan;
};

struct SqlAdaptiveMetricUpdates {
    int64_t executionId = -1;
    std::vector<PlanMetric> metrics;
};

struct DriverAccumUpdates {
    int64_t executionId = -1;
    std::vector<std::pair<int64_t, int64_t>> updates;  // (accumulator id, value)
};

struct MiscellaneousProcessAdded {
    ProcessFigures process;
    bool hasTime = false;
};

}  // namespace stagelight::events
