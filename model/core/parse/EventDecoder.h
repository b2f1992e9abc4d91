// Decodes one event line at a time (simdjson On-Demand) straight into the EventLogModel. Unknown
// events are counted and skipped; malformed lines are reported with file, line and offset.
#pragma once

#include <simdjson.h>

#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "model/EventLogModel.h"
#include "parse/Json.h"
#include "status/StatusReplay.h"

namespace stagelight {

class EventDecoder {
public:
    explicit EventDecoder(EventLogModel& model);
    EventDecoder(const EventDecoder&) = delete;
    EventDecoder& operator=(const EventDecoder&) = delete;

    // `line` must be followed by at least SIMDJSON_PADDING readable bytes (`capacity` counts them).
    // Returns false when the line is not a decodable JSON object.
    bool decodeLine(const char* line, size_t length, size_t capacity, const SourceRef& where);
    // Last decode failure of decodeLine (for the caller's report), or the line's field problems.
    const std::string& lastError() const { return lastError_; }
    const json::LineProblems& problems() const { return problems_; }

    // Called once after the last line: appends still-running tasks, derives indices.
    void finish();

private:
    using Value = simdjson::ondemand::value;
    enum class Kind;
    void dispatch(Kind kind, simdjson::ondemand::object& event, const SourceRef& where);
    void repairUtf8(const char* line, size_t length);  // into repaired_

    // Application-level events (DecodeApplication.cpp)
    void logStart(simdjson::ondemand::object& e);
    void applicationStart(simdjson::ondemand::object& e);
    void applicationEnd(simdjson::ondemand::object& e);
    void environmentUpdate(simdjson::ondemand::object& e);
    void resourceProfileAdded(simdjson::ondemand::object& e);
    void executorAdded(simdjson::ondemand::object& e);
    void executorRemoved(simdjson::ondemand::object& e);
    void blockManagerAdded(simdjson::ondemand::object& e, bool added);
    void exclusion(simdjson::ondemand::object& e, bool node, bool excluded, bool forStage);
    void stageExecutorMetrics(simdjson::ondemand::object& e);
    void executorMetricsUpdate(simdjson::ondemand::object& e);
    void blockUpdated(simdjson::ondemand::object& e);
    void unpersistRdd(simdjson::ondemand::object& e);
    void miscellaneousProcessAdded(simdjson::ondemand::object& e);
    void readExecutorMetrics(Value v, std::array<int64_t, kExecutorMetricCount>& out);
    Executor& executorFor(std::string_view id);

    // Jobs and stages (DecodeJobStage.cpp)
    void jobStart(simdjson::ondemand::object& e, const SourceRef& where);
    void jobEnd(simdjson::ondemand::object& e, const SourceRef& where);
    void stageEvent(simdjson::ondemand::object& e, bool completed, const SourceRef& where);
    // `seen` (optional) says which optional times this very Stage Info carried.
    struct StageInfoTimes {
        bool submission = false, completion = false;
    };
    StageAttempt& readStageInfo(Value v, bool fromJobStart, bool completed,
                                StageInfoTimes* seen = nullptr);
    RddInfo readRddInfo(Value v);
    StorageLevel readStorageLevel(Value v);
    AccumulableInfo readAccumulable(Value v);
    StageAttempt& stageFor(int32_t stageId, int32_t attemptId);

    // Tasks (DecodeTask.cpp)
    void taskStart(simdjson::ondemand::object& e);
    void taskEnd(simdjson::ondemand::object& e, const SourceRef& where);
    void readTaskInfo(Value v, TaskRecord& task);
    void readTaskMetrics(Value v, TaskRecord& task, int64_t taskId);
    void readTaskAccumulables(Value v, TaskRecord& task);
    TaskFailure readEndReason(Value v, EndReason& reason);
    void noteTime(int64_t t);

    // SQL (DecodeSql.cpp)
    void sqlExecutionStart(simdjson::ondemand::object& e, const SourceRef& where);
    void sqlExecutionEnd(simdjson::ondemand::object& e);
    void sqlAdaptiveUpdate(simdjson::ondemand::object& e);
    void sqlAdaptiveMetricUpdates(simdjson::ondemand::object& e);
    void sqlDriverAccumUpdates(simdjson::ondemand::object& e);
    void readPlanNode(Value v, SqlPlan& plan, int32_t index, int depth);
    PlanMetric readPlanMetric(Value v);
    SqlExecution& sqlFor(int64_t id);
    void addPlanMetrics(SqlExecution& exec, const SqlPlan& plan);

    EventLogModel& model_;
    simdjson::ondemand::parser parser_;
    json::LineProblems problems_;
    std::string lastError_;
    std::string_view currentEvent_;
    // Tasks started but not (yet) ended, by task id.
    std::unordered_map<int64_t, TaskRecord> runningTasks_;
    StatusReplay replay_;
    std::unordered_set<int64_t> knownAccumulators_;
    std::vector<char> repaired_;  // a line whose invalid UTF-8 was read as Latin-1, padded
    size_t repairedLength_ = 0;   // ids already in accumulatorDefinitions
};

}  // namespace stagelight
