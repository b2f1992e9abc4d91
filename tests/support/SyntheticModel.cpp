#include "SyntheticModel.h"

#include "derive/Derive.h"

#include <string>
#include <vector>

namespace stagelight::test {

std::shared_ptr<EventLogModel> syntheticStage(int tasks, int executors, int cores,
                                              int64_t durationMs, int64_t failedTask) {
    auto model = std::make_shared<EventLogModel>();
    StageAttempt stage;
    stage.stageId = 3;
    stage.numTasks = tasks;
    model->stages.push_back(stage);
    model->stageIndex[{stage.stageId, stage.attemptId}] = 0;
    std::vector<StrId> execIds;
    for (int e = 0; e < executors; ++e)
        execIds.push_back(model->strings.intern(std::to_string(e + 1)));
    const int slots = executors * cores;
    for (int i = 0; i < tasks; ++i) {
        TaskRecord rec;
        const int slot = i % slots;
        rec[TaskField::TaskId] = i;
        rec[TaskField::StageId] = 3;
        rec[TaskField::Index] = i;
        rec[TaskField::PartitionId] = i;
        rec[TaskField::LaunchTime] = 1000 + int64_t(i / slots) * durationMs;
        rec[TaskField::FinishTime] = rec[TaskField::LaunchTime] + durationMs;
        rec[TaskField::ExecutorId] = int64_t(execIds[size_t(slot / cores)]);
        rec[TaskField::Host] = int64_t(execIds[size_t(slot / cores)]);
        rec[TaskField::ExecutorRunTime] = durationMs;
        // Some spread for histograms: every 7th task reads more.
        rec[TaskField::ShuffleRemoteBytesRead] = (i % 7 == 0 ? 5 : 1) * 1048576;
        rec[TaskField::Flags] = kFinished | kSawStart | (i == failedTask ? kFailed : 0);
        rec[TaskField::FailureDetail] = -1;
        model->tasks.append(rec, nullptr);
    }
    model->tasks.shrinkToFit();
    model->application.lastEventTime = 1000 + int64_t(tasks / slots + 1) * durationMs;
    deriveFigures(*model);
    return model;
}

}  // namespace stagelight::test
