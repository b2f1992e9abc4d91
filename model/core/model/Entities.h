// The application's entities as Spark's listener events describe them. Times are epoch ms, -1
// where the log has none. Task attempts live in TaskTable (columns), not here.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/IndexSet.h"
#include "model/TaskFields.h"

namespace stagelight {

using Properties = std::vector<std::pair<std::string, std::string>>;

// Where an entity's event line is in the log, to show its raw JSON on demand.
struct SourceRef {
    uint32_t part = 0;    // index into LogSet::parts
    uint64_t offset = 0;  // byte offset of the line in the part's decompressed stream
    uint64_t line = 0;    // 1-based line number in the part
};

struct Application {
    std::string id, attemptId, name, user, sparkVersion;
    bool sparkVersionFromDatabricks = false;  // no LogStart: version read from a DBR property
    int64_t startTime = -1, endTime = -1;
    std::optional<int64_t> exitCode;
    bool sawApplicationEnd = false;
    bool complete = false;  // ApplicationEnd seen and the files are not in progress
    int64_t lastEventTime =
        -1;  // latest timestamp seen in any event (SHS uses it for incomplete logs)
    Properties driverLogs, driverAttributes;
};

struct StorageLevel {
    bool useDisk = false, useMemory = false, useOffHeap = false, deserialized = false;
    int32_t replication = 1;
};

struct RddInfo {
    int32_t id = 0;
    std::string name, scope, callsite, deterministicLevel;
    std::vector<int32_t> parentIds;
    StorageLevel storageLevel;
    bool barrier = false;
    int32_t numPartitions = 0, numCachedPartitions = 0;
    int64_t memorySize = 0, diskSize = 0;

    // The operation's name from the Scope JSON ({"id":"3","name":"Exchange"}), or empty.
    std::string scopeName() const;
};

struct AccumulableInfo {
    int64_t id = 0;
    std::string name, value, update;  // values as the log wrote them (numbers rendered as text)
    bool hasUpdate = false, hasValue = false;
    bool internal = false, countFailedValues = false;
    std::string metadata;
};

enum class StageStatus { Pending, Active, Complete, Failed, Skipped };
std::string_view stageStatusName(StageStatus status);

struct StageAttempt {
    int32_t stageId = 0, attemptId = 0;
    std::string name, details, failureReason;
    bool hasFailureReason = false;
    int32_t numTasks = 0;
    std::vector<int32_t> parentIds;
    std::vector<RddInfo> rdds;
    int64_t submissionTime = -1, completionTime = -1;
    int32_t resourceProfileId = 0;
    bool shufflePushEnabled = false;
    int32_t shufflePushMergersCount = 0;
    std::vector<AccumulableInfo> accumulables;  // final values from StageCompleted
    Properties properties;                      // from StageSubmitted
    bool submitted = false, completed = false;  // which stage events were seen
    std::vector<int32_t> jobIds;
    // Peak executor metrics per executor while this attempt ran (StageExecutorMetrics).
    std::map<std::string, std::array<int64_t, kExecutorMetricCount>> executorPeaks;
    SourceRef submittedAt, completedAt;

    StageStatus status() const;
};

// What the History Server reports for a job (REST JobData counters).
struct JobCounters {
    int64_t numTasks = 0, numActiveTasks = 0, numCompletedTasks = 0, numSkippedTasks = 0,
            numFailedTasks = 0, numKilledTasks = 0;
    StageIndexSet completedIndices;  // distinct (stage, task index) that succeeded
    int64_t numActiveStages = 0, numFailedStages = 0;
    std::set<int32_t> completedStages, skippedStages;
    std::map<std::string, int64_t> killedTasksSummary;
};

enum class JobResult { Running, Succeeded, Failed };

struct Job {
    int32_t id = 0;
    int64_t submissionTime = -1, completionTime = -1;
    std::vector<int32_t> stageIds;
    Properties properties;
    int64_t sqlExecutionId = -1;
    std::string jobGroup, description;
    JobResult result = JobResult::Running;
    std::string failureMessage;
    std::string name;  // of the job's last stage (highest stage id), as Spark names jobs
    std::vector<std::string> tags;  // spark.job.tags, sorted
    JobCounters counters;           // the History Server's task and stage counts
    bool started = false;           // a JobStart was seen (excerpts may hold only the JobEnd)
    SourceRef startedAt, endedAt;
};

struct ExclusionEvent {
    int64_t time = 0;
    bool excluded = true;                       // false: un-excluded
    int32_t stageId = -1, stageAttemptId = -1;  // -1: application-wide
    int64_t failures = 0;
};

struct Executor {
    std::string id, host;
    int32_t totalCores = 0;
    int32_t resourceProfileId = 0;
    int64_t addTime = -1, removeTime = -1;
    std::string removeReason;
    Properties logUrls, attributes;
    std::vector<std::pair<std::string, std::vector<std::string>>> resources;
    std::optional<int64_t> registrationTime, requestTime;
    bool added = false;  // an ExecutorAdded was seen (the driver in cluster mode has none)
    // Block manager
    int64_t maxMemory = 0, maxOnHeapMemory = 0, maxOffHeapMemory = 0;
    int64_t blockManagerAddTime = -1, blockManagerRemoveTime = -1;
    int32_t blockManagerPort = 0;
    std::vector<ExclusionEvent> exclusions;
    std::array<int64_t, kExecutorMetricCount> peakMetrics{};
    bool hasPeakMetrics = false;
};

struct NodeExclusion {
    std::string host;
    ExclusionEvent event;
};

struct BlockUpdate {
    std::string executorId, blockId;
    StorageLevel storageLevel;
    int64_t memorySize = 0, diskSize = 0;
    int64_t taskId = -1;  // from TaskEnd "Updated Blocks"; -1 from BlockUpdated events
};

// SparkListenerUnpersistRDD carries no time: the latest event time logged before it stands in
// (the unpersist happened after it and before the next timed event).
struct RddUnpersist {
    int32_t rddId = 0;
    int64_t afterTimeMs = -1;
};

struct PlanMetric {
    std::string name, metricType;
    int64_t accumulatorId = 0;
};

struct PlanNode {
    std::string nodeName, simpleString;
    Properties metadata;
    std::vector<PlanMetric> metrics;
    std::vector<int32_t> children;  // indices into SqlPlan::nodes
};

struct SqlPlan {
    std::vector<PlanNode> nodes;  // nodes[0] is the root when not empty
    std::string physicalPlanDescription;
};

// One plan of an adaptive execution: each SparkListenerSQLAdaptiveExecutionUpdate replaces the
// plan after a query stage finished (the event names no stage: the one that completed last
// before it in the log stands in, as AQE re-plans when a stage's statistics arrive).
struct PlanVersion {
    SqlPlan plan;
    int32_t afterStageId = -1, afterStageAttempt = -1;  // -1: no stage had completed yet
    int64_t afterTimeMs = -1;                           // the latest event time before it
};

struct SqlExecution {
    int64_t id = 0;
    int64_t rootExecutionId = -1;
    std::string description, details, errorMessage;
    bool hasErrorMessage = false;
    int64_t startTime = -1, endTime = -1;
    SqlPlan plan;                     // latest plan (after AQE updates)
    SqlPlan initialPlan;              // the plan at the start, kept once AQE replaced it
    int32_t planUpdates = 0;          // number of SparkListenerSQLAdaptiveExecutionUpdate
    std::vector<PlanVersion> adaptiveUpdates;  // each update's plan, in log order
    std::vector<PlanMetric> metrics;  // union of all metric definitions seen (AQE only adds)
    std::vector<std::pair<int64_t, int64_t>> driverAccumUpdates;
    Properties modifiedConfigs;
    std::vector<int32_t> jobIds;
    bool started = false;  // a SQLExecutionStart was seen
    SourceRef startedAt;
};

struct ResourceRequest {
    std::string name, discoveryScript, vendor;
    double amount = 0;
};

struct ResourceProfile {
    int32_t id = 0;
    std::vector<ResourceRequest> executorResources, taskResources;
};

struct Environment {
    std::vector<std::pair<std::string, Properties>> sections;  // in log order
    const Properties* section(std::string_view name) const;
    std::optional<std::string> sparkProperty(std::string_view key) const;
};

}  // namespace stagelight
