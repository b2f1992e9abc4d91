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
    // The History Server's figures (StatusReplay) are the single source of stage counts and
    // metric totals; a stage attempt it never saw live keeps zeros.
    std::vector<StageTotals> out(model.stages.size());
    for (size_t s = 0; s < model.stages.size(); ++s) {
        StageTotals& st = out[s];
        st.stage = s;
        const StageAttempt& stage = model.stages[s];
        const StageFigures* f = model.status.stage(stage.stageId, stage.attemptId);
        if (!f) continue;
        st.firstTaskLaunchTime = f->firstLaunchTime;
        st.runningTasks = int32_t(f->activeTasks);
        st.completedTasks = int32_t(f->completedTasks);
        st.failedTasks = int32_t(f->failedTasks);
        st.killedTasks = int32_t(f->killedTasks);
        st.tasks = st.runningTasks + st.completedTasks + st.failedTasks + st.killedTasks;
        for (size_t i = size_t(kFirstTaskMetric); i < kTaskFieldCount; ++i)
            st.sums[i] = f->metrics[TaskField(i)];
        // Spark's stage table: completion (or now) minus the first task launch (SPARK-10930).
        const int64_t end =
            stage.completionTime >= 0 ? stage.completionTime : model.application.lastEventTime;
        if (st.firstTaskLaunchTime >= 0 && end >= st.firstTaskLaunchTime)
            st.durationMs = end - st.firstTaskLaunchTime;
    }
    return out;
}

}  // namespace stagelight
