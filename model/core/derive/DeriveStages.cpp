// Stage → task rows and the stage totals (model/Derived.h has the definitions).
#include <algorithm>
#include <unordered_map>

#include "derive/Derive.h"
#include "model/Numeric.h"

namespace stagelight {

namespace {
uint64_t stageKey(int64_t stageId, int64_t attemptId) {
    return uint64_t(uint32_t(stageId)) << 32 | uint32_t(attemptId);
}
}  // namespace

StageRowIndex deriveStageRows(const EventLogModel& m) {
    std::unordered_map<uint64_t, uint32_t> index;
    for (const auto& [key, i] : m.stageIndex) index.emplace(stageKey(key.first, key.second), i);
    const TaskTable& t = m.tasks;
    const size_t stages = m.stages.size();
    std::vector<uint32_t> stageOfRow(t.size(), UINT32_MAX);
    std::vector<uint32_t> offsets(stages + 1, 0);
    for (size_t r = 0; r < t.size(); ++r) {
        const auto it = index.find(
            stageKey(t.get(r, TaskField::StageId), t.get(r, TaskField::StageAttemptId)));
        if (it == index.end()) continue;
        stageOfRow[r] = it->second;
        ++offsets[it->second + 1];
    }
    for (size_t s = 0; s < stages; ++s) offsets[s + 1] += offsets[s];
    std::vector<uint32_t> rows(offsets.back());
    std::vector<uint32_t> fill(offsets.begin(), offsets.end() - 1);
    for (size_t r = 0; r < t.size(); ++r)
        if (stageOfRow[r] != UINT32_MAX) rows[fill[stageOfRow[r]]++] = uint32_t(r);
    // Rows arrive in TaskEnd order; the views list a stage's tasks by task id (a Resubmitted
    // event keeps its place after the attempt it repeats).
    for (size_t s = 0; s < stages; ++s)
        std::stable_sort(rows.begin() + offsets[s], rows.begin() + offsets[s + 1],
                         [&](uint32_t a, uint32_t b) {
                             return t.get(a, TaskField::TaskId) < t.get(b, TaskField::TaskId);
                         });
    StageRowIndex out;
    out.assign(std::move(offsets), std::move(rows));
    return out;
}

std::vector<StageTotals> deriveStageTotals(const EventLogModel& m) {
    const TaskTable& t = m.tasks;
    std::vector<StageTotals> out(m.stages.size());
    for (size_t s = 0; s < m.stages.size(); ++s) {
        StageTotals& st = out[s];
        const StageAttempt& stage = m.stages[s];
        st.stage = s;
        st.key = {stage.stageId, stage.attemptId};
        st.numTasks = stage.numTasks;
        const StageFigures* f = m.status.stage(stage.stageId, stage.attemptId);
        st.inHistoryServer = f != nullptr;
        if (f) {
            st.firstTaskLaunchTime = f->firstLaunchTime;
            st.runningTasks = int32_t(f->activeTasks);
            st.completedTasks = int32_t(f->completedTasks);
            st.failedTasks = int32_t(f->failedTasks);
            st.killedTasks = int32_t(f->killedTasks);
            st.completedIndices = int32_t(f->completedIndices.size());
            st.metrics = f->metrics;
        }
        for (uint32_t r : m.derived.stageRows.rows(s)) {
            const EndReason reason = t.endReason(r);
            const bool finished = t.hasFlag(r, kFinished);
            if (reason == EndReason::Resubmitted) {
                ++st.resubmitted;
                st.failedTasks += f ? 0 : 1;
                continue;
            }
            ++st.attempts;
            const bool unstarted = finished && !t.hasFlag(r, kSawStart);
            st.unstartedTasks += unstarted ? 1 : 0;
            // Without a live stage (no JobStart or StageSubmitted for it) or without its
            // TaskStart, the History Server drops a task's launch and metrics: count them here.
            if (f && !unstarted) continue;
            const int64_t launch = m.taskLaunch(r);
            if (launch > 0 && (st.firstTaskLaunchTime < 0 || launch < st.firstTaskLaunchTime))
                st.firstTaskLaunchTime = launch;
            if (finished && t.hasFlag(r, kHasMetrics))
                for (size_t i = 0; i < kTaskMetricCount; ++i)
                    st.metrics.values[i] = jvmAdd(
                        st.metrics.values[i], t.get(r, TaskField(size_t(kFirstTaskMetric) + i)));
            if (f) continue;
            if (!finished)
                ++st.runningTasks;
            else if (reason == EndReason::Success)
                ++st.completedTasks;
            else if (reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied)
                ++st.killedTasks;
            else
                ++st.failedTasks;
        }
        // Spark's stage table: completion (or now) minus the first task launch (SPARK-10930).
        const int64_t end =
            stage.completionTime >= 0 ? stage.completionTime : m.application.lastEventTime;
        if (st.firstTaskLaunchTime >= 0 && end >= st.firstTaskLaunchTime)
            st.durationMs = saturatingSub(end, st.firstTaskLaunchTime);
    }
    return out;
}

}  // namespace stagelight

namespace stagelight {

std::vector<int64_t> deriveRelativeTaskTimes(const EventLogModel& m,
                                             std::vector<LogQualityNote>& notes) {
    // Epoch ms from 2001 on for the log's events; task times before 1973 are offsets from 0.
    constexpr int64_t kEpochFloor = 1'000'000'000'000, kRelativeCeiling = 100'000'000'000;
    int64_t epochTime = std::max(m.application.startTime, m.application.endTime);
    for (const Job& j : m.jobs) epochTime = std::max(epochTime, j.submissionTime);
    for (const StageAttempt& s : m.stages) epochTime = std::max(epochTime, s.submissionTime);
    if (epochTime < kEpochFloor) return {};
    const TaskTable& t = m.tasks;
    std::vector<int64_t> offset;
    std::vector<std::string> shifted;
    for (size_t s = 0; s < m.stages.size(); ++s) {
        const auto rows = m.derived.stageRows.rows(s);
        if (rows.empty()) continue;
        bool relative = true;
        for (uint32_t r : rows)
            relative = relative && t.get(r, TaskField::LaunchTime) >= 0 &&
                       t.get(r, TaskField::LaunchTime) < kRelativeCeiling &&
                       t.get(r, TaskField::FinishTime) < kRelativeCeiling;
        if (!relative) continue;
        // Placed at the start of the stage's job (else the stage's submission, the app start).
        const StageAttempt& stage = m.stages[s];
        int64_t base = -1;
        for (int32_t id : stage.jobIds)
            if (const Job* j = m.job(id); j && j->submissionTime >= kEpochFloor) base = j->submissionTime;
        // A JobStart listing only "Stage IDs" (no Stage Infos) names the job from its side.
        for (const Job& j : m.jobs)
            if (base < 0 && j.submissionTime >= kEpochFloor &&
                std::find(j.stageIds.begin(), j.stageIds.end(), stage.stageId) != j.stageIds.end())
                base = j.submissionTime;
        if (base < 0 && stage.submissionTime >= kEpochFloor) base = stage.submissionTime;
        if (base < 0 && m.application.startTime >= kEpochFloor) base = m.application.startTime;
        if (base < 0) continue;
        if (offset.empty()) offset.assign(t.size(), 0);
        for (uint32_t r : rows) offset[r] = base;
        shifted.push_back(StageKey{stage.stageId, stage.attemptId}.str());
    }
    if (!shifted.empty()) {
        std::string list;
        for (size_t i = 0; i < shifted.size() && i < 6; ++i) list += (i ? ", " : "") + shifted[i];
        if (shifted.size() > 6) list += " and " + std::to_string(shifted.size() - 6) + " more";
        notes.push_back({LogQualityNote::Kind::RelativeTaskTimes,
                         "task times of stage" + std::string(shifted.size() == 1 ? " " : "s ") +
                             list +
                             " count from 0 while the rest of the log is in epoch ms: they are "
                             "placed at the start of their job",
                         int64_t(shifted.size())});
    }
    return offset;
}

}  // namespace stagelight
