// Per-task figures exactly as Spark's History Server derives them (TaskInfo.status,
// AppStatusUtils, TaskEndReason.toErrorString). `now` stands in for the log's last update time,
// which Spark uses for tasks that never finished.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/TaskTable.h"

namespace stagelight {

struct TaskTimes {
    int64_t duration = 0;           // Finish - Launch; for running tasks now - Launch
    int64_t resultFetchStart = -1;  // Getting Result Time when the driver fetched a result
    int64_t gettingResultTime = 0;
    int64_t schedulerDelay = 0;
};

TaskTimes taskTimes(const TaskTable& tasks, size_t row, int64_t now);

// SUCCESS, FAILED, KILLED, RUNNING, GET RESULT or UNKNOWN (from the Task Info flags).
std::string_view taskStatus(const TaskTable& tasks, size_t row);

// The error text Spark shows for a task that did not succeed (kill reason, exception, ...).
std::optional<std::string> taskErrorMessage(const TaskTable& tasks, size_t row);

}  // namespace stagelight
