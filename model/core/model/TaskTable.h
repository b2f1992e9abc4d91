// All task attempts of an application as columns (struct of arrays): one packed column per field
// of TaskFields.h, plus per-task executor metric peaks and the task's SQL accumulator updates.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "model/PackedColumn.h"
#include "model/StringTable.h"
#include "model/TaskFields.h"

namespace stagelight {

struct StackFrame {
    std::string declaringClass, methodName, fileName;
    int64_t lineNumber = 0;
};

// Details of a task end reason other than Success, kept only for the (rare) tasks that have one.
struct TaskFailure {
    EndReason reason = EndReason::UnknownReason;
    std::string className;    // ExceptionFailure
    std::string description;  // ExceptionFailure description / FetchFailed message / kill reason
    std::string fullStackTrace;
    std::vector<StackFrame> stackTrace;
    bool hasFullStackTrace = false;
    bool descriptionIsNull = false;
    // FetchFailed
    std::string blockManagerExecutorId, blockManagerHost;
    int64_t blockManagerPort = 0;
    bool hasBlockManager = false;
    int64_t shuffleId = 0, mapId = 0, mapIndex = 0, reduceId = 0;
    // ExecutorLostFailure
    std::string lostExecutorId, lossReason;
    bool exitCausedByApp = true;
    bool hasLossReason = false;
    // TaskCommitDenied
    int64_t jobId = 0, partitionId = 0, attemptNumber = 0;
};

// The text the History Server groups killed tasks by ("" for other reasons).
std::string killedTaskText(const TaskFailure& failure);

struct AccumulableUpdate {
    int64_t id;
    int64_t update;
};

// A user accumulator (neither internal nor a SQL metric) as the task's Task Info listed it, with
// its texts as Spark shows them in the task list.
struct TaskUserAccumulable {
    int64_t id = 0;
    std::string name, update, value;
    bool hasUpdate = false;
};

// One task attempt as decoded, before it is appended to the columns.
struct TaskRecord {
    std::array<int64_t, kTaskFieldCount> fields{};
    std::array<int64_t, kExecutorMetricCount> executorMetrics{};
    std::vector<AccumulableUpdate> accumulables;  // non-internal (SQL / user) numeric updates
    std::vector<TaskUserAccumulable> userAccumulables;
    bool hasExecutorMetrics = false;
    // The Task Metrics keys the event carried (Spark 1.6 writes no Peak Execution Memory).
    std::bitset<kTaskFieldCount> metricsSeen;

    int64_t& operator[](TaskField f) { return fields[size_t(f)]; }
    int64_t operator[](TaskField f) const { return fields[size_t(f)]; }
};

class TaskTable {
public:
    size_t size() const { return columns_[0].size(); }
    int64_t get(size_t row, TaskField f) const { return columns_[size_t(f)][row]; }
    int64_t executorMetric(size_t row, ExecutorMetric m) const {
        return executorMetrics_[size_t(m)][row];
    }
    bool hasFlag(size_t row, TaskFlag flag) const {
        return (get(row, TaskField::Flags) & flag) != 0;
    }
    EndReason endReason(size_t row) const { return EndReason(get(row, TaskField::EndReason)); }
    // Whether any task of the log carried the metric: a figure never logged is shown as "—",
    // not as 0.
    bool metricLogged(TaskField f) const { return metricsSeen_[size_t(f)]; }
    int64_t duration(size_t row) const;  // Finish - Launch for finished tasks, else 0

    // Accumulator updates of one task, in the order the log listed them.
    template <typename Fn>
    void forEachAccumulable(size_t row, Fn&& fn) const {
        const size_t begin = static_cast<size_t>(get(row, TaskField::AccumulablesBegin));
        const size_t end = row + 1 < size()
                               ? static_cast<size_t>(get(row + 1, TaskField::AccumulablesBegin))
                               : accumIds_.size();
        for (size_t i = begin; i < end; ++i) fn(AccumulableUpdate{accumIds_[i], accumValues_[i]});
    }
    // User accumulators of a task (rare: most tasks have none).
    const std::vector<TaskUserAccumulable>* userAccumulables(size_t row) const;
    const TaskFailure* failure(size_t row) const {
        const int64_t i = get(row, TaskField::FailureDetail);
        return i < 0 ? nullptr : &failures_[size_t(i)];
    }

    void append(const TaskRecord& record, TaskFailure* failure);
    void shrinkToFit();
    size_t memoryBytes() const;

private:
    std::array<PackedColumn, kTaskFieldCount> columns_;
    std::array<PackedColumn, kExecutorMetricCount> executorMetrics_;
    PackedColumn accumIds_, accumValues_;
    std::vector<TaskFailure> failures_;
    std::bitset<kTaskFieldCount> metricsSeen_;
    std::vector<std::pair<size_t, std::vector<TaskUserAccumulable>>> userAccumulables_;  // by row
};

}  // namespace stagelight
