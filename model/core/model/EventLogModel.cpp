#include "model/EventLogModel.h"

namespace stagelight {

const Job* EventLogModel::job(int32_t id) const {
    auto it = jobIndex.find(id);
    return it == jobIndex.end() ? nullptr : &jobs[it->second];
}
const StageAttempt* EventLogModel::stage(int32_t stageId, int32_t attemptId) const {
    auto it = stageIndex.find({stageId, attemptId});
    return it == stageIndex.end() ? nullptr : &stages[it->second];
}
const Executor* EventLogModel::executor(std::string_view id) const {
    auto it = executorIndex.find(std::string(id));
    return it == executorIndex.end() ? nullptr : &executors[it->second];
}
const SqlExecution* EventLogModel::sqlExecution(int64_t id) const {
    auto it = sqlIndex.find(id);
    return it == sqlIndex.end() ? nullptr : &sqlExecutions[it->second];
}

}  // namespace stagelight
