// Per stage attempt totals as the History Server reports them (from StatusReplay): duration runs
// from the first task launch to completion; metric totals include every started task that
// reported metrics, failed and killed ones too.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct StageTotals {
    size_t stage = 0;  // index into EventLogModel::stages
    int64_t firstTaskLaunchTime = -1;
    int64_t durationMs = 0;  // completion (or last event) - first task launch; 0 if no task
    int32_t tasks = 0, runningTasks = 0, completedTasks = 0, failedTasks = 0, killedTasks = 0;
    std::array<int64_t, kTaskFieldCount> sums{};  // metric fields only (ExecutorRunTime, ...)

    int64_t sum(TaskField f) const { return sums[size_t(f)]; }
    int64_t shuffleReadBytes() const {
        return sum(TaskField::ShuffleRemoteBytesRead) + sum(TaskField::ShuffleLocalBytesRead);
    }
};

// One entry per stage attempt, in model order.
std::vector<StageTotals> computeStageTotals(const EventLogModel& model);

// Task rows of each stage attempt (index = stage index), in task table order.
std::vector<std::vector<uint32_t>> tasksByStage(const EventLogModel& model);

}  // namespace stagelight
