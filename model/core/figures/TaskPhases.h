// The seven phases of a task bar on Spark's stage timeline (StagePage.makeTimeline): scheduler
// delay, deserialization, shuffle read, computing, shuffle write, result serialization and getting
// result, in that order; their widths always add up to the task's duration.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "model/TaskTable.h"

namespace stagelight {

enum class TaskPhase {
    SchedulerDelay,
    Deserialization,
    ShuffleRead,
    Computing,
    ShuffleWrite,
    ResultSerialization,
    GettingResult,
    Count_
};
constexpr size_t kTaskPhaseCount = size_t(TaskPhase::Count_);
std::string_view taskPhaseName(TaskPhase p);  // Spark's legend names

// Milliseconds of each phase for a finished task (zeros but Computing for tasks without metrics).
std::array<double, kTaskPhaseCount> taskPhases(const TaskTable& tasks, size_t row, int64_t now);

}  // namespace stagelight
