#include "status/JobTracker.h"

#include <algorithm>

namespace stagelight {

JobTracker::LiveStage& JobTracker::stage(int32_t stageId, int32_t attemptId, int32_t numTasks) {
    auto [it, inserted] = liveStages_.try_emplace({stageId, attemptId});
    if (inserted) it->second.numTasks = numTasks;
    return it->second;
}

void JobTracker::jobStart(int32_t jobId, const std::vector<int32_t>& stageIds,
                          const std::vector<StageInfoSeen>& infos) {
    JobCounters& job = jobs_[jobId] = JobCounters{};
    // An over-estimate, as Spark's: stages that will be skipped still count until they are.
    for (const StageInfoSeen& info : infos)
        if (!info.hasCompletionTime) job.numTasks += info.numTasks;
    liveJobStageIds_[jobId] = stageIds;
    for (const StageInfoSeen& info : infos) {
        LiveStage& s = stage(info.stageId, info.attemptId, info.numTasks);
        s.jobs.push_back(jobId);
    }
}

void JobTracker::stageSubmitted(int32_t stageId, int32_t attemptId, int32_t numTasks) {
    LiveStage& s = stage(stageId, attemptId, numTasks);
    s.status = Status::Active;
    s.jobs.clear();
    for (const auto& [jobId, stageIds] : liveJobStageIds_)
        if (std::find(stageIds.begin(), stageIds.end(), stageId) != stageIds.end())
            s.jobs.push_back(jobId);
    std::sort(s.jobs.begin(), s.jobs.end());
    for (int32_t jobId : s.jobs) {
        JobCounters& job = jobs_[jobId];
        job.completedStages.erase(stageId);
        ++job.numActiveStages;
    }
}

void JobTracker::taskStart(int32_t stageId, int32_t attemptId) {
    auto it = liveStages_.find({stageId, attemptId});
    if (it == liveStages_.end()) return;
    ++it->second.activeTasks;
    for (int32_t jobId : it->second.jobs) ++jobs_[jobId].numActiveTasks;
}

void JobTracker::taskEnd(int32_t stageId, int32_t attemptId, int64_t index, EndReason reason,
                         const std::string& killReason) {
    auto it = liveStages_.find({stageId, attemptId});
    if (it == liveStages_.end()) return;
    LiveStage& s = it->second;
    const bool completed = reason == EndReason::Success;
    const bool killed = reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied;
    --s.activeTasks;
    for (int32_t jobId : s.jobs) {
        JobCounters& job = jobs_[jobId];
        --job.numActiveTasks;
        if (completed) {
            ++job.numCompletedTasks;
            job.completedIndices.insert(int64_t(stageId) << 32 | (index & 0xFFFFFFFF));
        } else if (killed) {
            ++job.numKilledTasks;
            ++job.killedTasksSummary[killReason];
        } else {
            ++job.numFailedTasks;
        }
    }
    // Spark keeps a finished stage live until its last task has reported.
    if (s.activeTasks == 0 && (s.status == Status::Complete || s.status == Status::Failed))
        liveStages_.erase(it);
}

void JobTracker::stageCompleted(int32_t stageId, int32_t attemptId, bool failed,
                                bool hasSubmissionTime, int32_t numTasks) {
    auto it = liveStages_.find({stageId, attemptId});
    if (it == liveStages_.end()) return;
    LiveStage& s = it->second;
    s.status = failed ? Status::Failed : hasSubmissionTime ? Status::Complete : Status::Skipped;
    for (int32_t jobId : s.jobs) {
        JobCounters& job = jobs_[jobId];
        if (s.status == Status::Complete)
            job.completedStages.insert(stageId);
        else if (s.status == Status::Skipped) {
            job.skippedStages.insert(stageId);
            job.numSkippedTasks += numTasks;
        } else {
            ++job.numFailedStages;
        }
        --job.numActiveStages;
    }
    if (s.activeTasks == 0) liveStages_.erase(it);
}

void JobTracker::jobEnd(int32_t jobId) {
    auto live = liveJobStageIds_.find(jobId);
    if (live == liveJobStageIds_.end()) return;
    JobCounters& job = jobs_[jobId];
    // Stages of this job that never ran are skipped now.
    for (auto it = liveStages_.begin(); it != liveStages_.end();) {
        const bool ofJob = std::find(live->second.begin(), live->second.end(), it->first.first) !=
                           live->second.end();
        if (ofJob && it->second.status == Status::Pending) {
            job.skippedStages.insert(it->first.first);
            job.numSkippedTasks += it->second.numTasks;
            --job.numActiveStages;
            it = liveStages_.erase(it);
        } else {
            ++it;
        }
    }
    liveJobStageIds_.erase(live);
}

}  // namespace stagelight
