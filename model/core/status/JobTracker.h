// Replays the History Server's per-job bookkeeping (AppStatusListener's LiveJob/LiveStage) in event
// order. Job counters depend on that order — a stage counts for the jobs that were running and
// named it when it was submitted; stages still pending at JobEnd become skipped — so they are
// tracked while decoding rather than recomputed from the finished model.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/Entities.h"

namespace stagelight {

class JobTracker {
public:
    struct StageInfoSeen {
        int32_t stageId, attemptId, numTasks;
        bool hasCompletionTime;
    };
    void jobStart(int32_t jobId, const std::vector<int32_t>& stageIds,
                  const std::vector<StageInfoSeen>& infos);
    void stageSubmitted(int32_t stageId, int32_t attemptId, int32_t numTasks);
    void taskStart(int32_t stageId, int32_t attemptId);
    // `killReason`: the kill reason or commit-denied text when the task was killed.
    void taskEnd(int32_t stageId, int32_t attemptId, int64_t index, EndReason reason,
                 const std::string& killReason);
    void stageCompleted(int32_t stageId, int32_t attemptId, bool failed, bool hasSubmissionTime,
                        int32_t numTasks);
    void jobEnd(int32_t jobId);

    // Counters of every job seen (running jobs keep their live values).
    const std::unordered_map<int32_t, JobCounters>& counters() const { return jobs_; }

private:
    enum class Status { Pending, Active, Complete, Failed, Skipped };
    struct LiveStage {
        Status status = Status::Pending;
        int32_t numTasks = 0;
        int64_t activeTasks = 0;
        std::vector<int32_t> jobs;
    };
    LiveStage& stage(int32_t stageId, int32_t attemptId, int32_t numTasks);

    std::unordered_map<int32_t, JobCounters> jobs_;
    std::unordered_map<int32_t, std::vector<int32_t>> liveJobStageIds_;  // running jobs only
    std::map<std::pair<int32_t, int32_t>, LiveStage> liveStages_;
};

}  // namespace stagelight
