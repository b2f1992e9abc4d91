#include "figures/StageTotals.h"

#include <unordered_map>

namespace stagelight {

std::vector<std::vector<uint32_t>> tasksByStage(const EventLogModel& model) {
    std::vector<std::vector<uint32_t>> rows(model.stages.size());
    std::unordered_map<uint64_t, size_t> index;
    for (const auto& [key, i] : model.stageIndex)
        index.emplace(uint64_t(uint32_t(key.first)) << 32 | uint32_t(key.second), i);
    const TaskTable& t = model.tasks;
    for (size_t r = 0; r < t.size(); ++r) {
        const uint64_t key = uint64_t(uint32_t(t.get(r, TaskField::StageId))) << 32 |
                             uint32_t(t.get(r, TaskField::StageAttemptId));
        if (auto it = index.find(key); it != index.end()) rows[it->second].push_back(uint32_t(r));
    }
    return rows;
}

std::vector<StageTotals> computeStageTotals(const EventLogModel& model) {
    const auto rows = tasksByStage(model);
    const TaskTable& t = model.tasks;
    std::vector<StageTotals> out(model.stages.size());
    for (size_t s = 0; s < model.stages.size(); ++s) {
        StageTotals& st = out[s];
        st.stage = s;
        for (uint32_t r : rows[s]) {
            ++st.tasks;
            const int64_t launch = t.get(r, TaskField::LaunchTime);
            if (launch > 0 && (st.firstTaskLaunchTime < 0 || launch < st.firstTaskLaunchTime))
                st.firstTaskLaunchTime = launch;
            switch (t.endReason(r)) {
                case EndReason::Running:
                    ++st.runningTasks;
                    break;
                case EndReason::Success:
                    ++st.completedTasks;
                    break;
                case EndReason::TaskKilled:
                case EndReason::TaskCommitDenied:
                    ++st.killedTasks;
                    break;
                default:
                    ++st.failedTasks;
                    break;
            }
            if (!t.hasFlag(r, kHasMetrics)) continue;
            for (size_t f = size_t(kFirstTaskMetric); f < kTaskFieldCount; ++f)
                st.sums[f] += t.get(r, TaskField(f));
        }
        const StageAttempt& stage = model.stages[s];
        const int64_t end =
            stage.completionTime >= 0 ? stage.completionTime : model.application.lastEventTime;
        if (st.firstTaskLaunchTime >= 0 && end >= st.firstTaskLaunchTime)
            st.durationMs = end - st.firstTaskLaunchTime;
    }
    return out;
}

}  // namespace stagelight
