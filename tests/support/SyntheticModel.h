// Models built in memory without a log, for tests and benchmarks of views at sizes no generated
// log reaches quickly (a million tasks).
#pragma once

#include <memory>

#include "model/EventLogModel.h"

namespace stagelight::test {

// One stage (id 3) of `tasks` successful tasks on `executors` executors of `cores` cores, each
// task `durationMs` long and back to back in its slot; the task with id `failedTask` failed.
std::shared_ptr<EventLogModel> syntheticStage(int tasks, int executors, int cores,
                                              int64_t durationMs, int64_t failedTask = -1);

}  // namespace stagelight::test
