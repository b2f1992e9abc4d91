#include "model/TaskTable.h"

#include "model/Numeric.h"

#include <algorithm>

namespace stagelight {

int64_t TaskTable::duration(size_t row) const {
    if (!hasFlag(row, kFinished)) return 0;
    const int64_t finish = get(row, TaskField::FinishTime);
    const int64_t launch = get(row, TaskField::LaunchTime);
    return finish > 0 ? jvmSub(finish, launch) : 0;  // TaskInfo.duration, a JVM long
}

void TaskTable::append(const TaskRecord& r, TaskFailure* failure) {
    metricsSeen_ |= r.metricsSeen;
    int64_t failureIndex = -1;
    if (failure) {
        failureIndex = static_cast<int64_t>(failures_.size());
        failures_.push_back(std::move(*failure));
    }
    for (size_t i = 0; i < kTaskFieldCount; ++i) {
        int64_t v = r.fields[i];
        if (i == size_t(TaskField::AccumulablesBegin))
            v = static_cast<int64_t>(accumIds_.size());
        else if (i == size_t(TaskField::FailureDetail))
            v = failureIndex;
        columns_[i].append(v);
    }
    for (size_t i = 0; i < kExecutorMetricCount; ++i)
        executorMetrics_[i].append(r.executorMetrics[i]);
    if (!r.userAccumulables.empty()) userAccumulables_.emplace_back(size() - 1, r.userAccumulables);
    for (const AccumulableUpdate& a : r.accumulables) {
        accumIds_.append(a.id);
        accumValues_.append(a.update);
    }
}

const std::vector<TaskUserAccumulable>* TaskTable::userAccumulables(size_t row) const {
    auto it = std::lower_bound(userAccumulables_.begin(), userAccumulables_.end(), row,
                               [](const auto& entry, size_t r) { return entry.first < r; });
    return it != userAccumulables_.end() && it->first == row ? &it->second : nullptr;
}

void TaskTable::shrinkToFit() {
    for (auto& c : columns_) c.shrinkToFit();
    for (auto& c : executorMetrics_) c.shrinkToFit();
    accumIds_.shrinkToFit();
    accumValues_.shrinkToFit();
    failures_.shrink_to_fit();
}

size_t TaskTable::memoryBytes() const {
    size_t n = accumIds_.memoryBytes() + accumValues_.memoryBytes();
    for (const auto& c : columns_) n += c.memoryBytes();
    for (const auto& c : executorMetrics_) n += c.memoryBytes();
    return n + failures_.size() * sizeof(TaskFailure);
}

std::string killedTaskText(const TaskFailure& f) {
    if (f.reason == EndReason::TaskKilled) return f.description;
    if (f.reason == EndReason::TaskCommitDenied)
        return "TaskCommitDenied (Driver denied task commit) for job: " + std::to_string(f.jobId) +
               ", partition: " + std::to_string(f.partitionId) +
               ", attemptNumber: " + std::to_string(f.attemptNumber);
    return {};
}

}  // namespace stagelight
