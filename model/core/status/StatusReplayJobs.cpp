// Jobs, stages and tasks: AppStatusListener's onJobStart/End, onStageSubmitted/Completed and
// onTaskStart/End. The History Server writes an entity when it leaves the live set (or at the
// end of replay), so the figures kept are each live entity's final state.
#include <algorithm>

#include "model/Numeric.h"
#include "status/StatusReplay.h"

namespace stagelight {
namespace {

int64_t propertyIndex(const Properties& props, std::string_view key) {
    for (size_t i = 0; i < props.size(); ++i)
        if (props[i].first == key) return int64_t(i);
    return -1;
}

MetricSums metricsOf(const TaskRecord& task) {
    MetricSums m;
    for (size_t i = 0; i < kTaskMetricCount; ++i)
        m.values[i] = task.fields[size_t(kFirstTaskMetric) + i];
    return m;
}

}  // namespace

StatusReplay::StageInfoSeen StatusReplay::seen(const events::StageInfo& info) {
    const StageAttempt& s = info.stage;
    return {s.stageId, s.attemptId, s.numTasks, info.hasCompletionTime,
            info.hasSubmissionTime ? s.submissionTime : -1};
}

StatusReplay::LiveStage& StatusReplay::getOrCreateStage(const StageInfoSeen& info) {
    auto [it, inserted] = liveStages_.try_emplace({info.stageId, info.attemptId});
    LiveStage& s = it->second;
    if (inserted) {
        s.fig.stageId = info.stageId;
        s.fig.attemptId = info.attemptId;
        s.fig.status = StageStatus::Pending;
    }
    // Spark replaces the stage's StageInfo with the one of the latest event.
    s.numTasks = info.numTasks;
    s.submissionTime = info.submissionTime;
    return s;
}

StatusReplay::LiveStage* StatusReplay::liveStage(int32_t stageId, int32_t attemptId) {
    auto it = liveStages_.find({stageId, attemptId});
    return it == liveStages_.end() ? nullptr : &it->second;
}

void StatusReplay::writeStage(const LiveStage& stage) {
    status_.stages[{stage.fig.stageId, stage.fig.attemptId}] = stage.fig;
}

void StatusReplay::removeStage(int32_t stageId, int32_t attemptId) {
    liveStages_.erase({stageId, attemptId});
}

void StatusReplay::jobStart(const events::JobStart& e) {
    const int32_t jobId = e.job.id;
    std::vector<StageInfoSeen> infos;
    for (const events::StageInfo& info : e.stageInfos) infos.push_back(seen(info));
    JobCounters& job = jobCounters_[jobId] = JobCounters{};
    // An over-estimate, as Spark's: stages that will be skipped still count until they are.
    for (const StageInfoSeen& info : infos)
        if (!info.hasCompletionTime) job.numTasks += info.numTasks;
    liveJobs_[jobId].stageIds = e.job.stageIds;
    for (const StageInfoSeen& info : infos) {
        LiveStage& s = getOrCreateStage(info);
        s.jobs.push_back(jobId);
        if (std::find(s.fig.jobIds.begin(), s.fig.jobIds.end(), jobId) == s.fig.jobIds.end())
            s.fig.jobIds.push_back(jobId);
    }
}

void StatusReplay::jobEnd(const events::JobEnd& e) {
    const int32_t jobId = e.jobId;
    auto live = liveJobs_.find(jobId);
    if (live == liveJobs_.end()) return;
    JobCounters& job = jobCounters_[jobId];
    const std::vector<int32_t>& ids = live->second.stageIds;
    // Stages of this job that never ran are skipped now.
    for (auto it = liveStages_.begin(); it != liveStages_.end();) {
        LiveStage& s = it->second;
        if (std::find(ids.begin(), ids.end(), it->first.first) != ids.end() &&
            s.fig.status == StageStatus::Pending) {
            s.fig.status = StageStatus::Skipped;
            job.skippedStages.insert(it->first.first);
            job.numSkippedTasks += s.numTasks;
            --job.numActiveStages;
            writeStage(s);
            it = liveStages_.erase(it);
        } else {
            ++it;
        }
    }
    liveJobs_.erase(live);
}

void StatusReplay::stageSubmitted(const events::Stage& e) {
    const StageInfoSeen info = seen(e.info);
    const Properties& properties = e.properties;
    LiveStage& s = getOrCreateStage(info);
    s.fig.status = StageStatus::Active;
    const int64_t pool = propertyIndex(properties, "spark.scheduler.pool");
    s.fig.schedulingPool = pool >= 0 ? properties[size_t(pool)].second : "default";
    s.jobs.clear();
    for (const auto& [jobId, job] : liveJobs_)
        if (std::find(job.stageIds.begin(), job.stageIds.end(), info.stageId) != job.stageIds.end())
            s.jobs.push_back(jobId);
    s.fig.jobIds = s.jobs;
    const int64_t desc = propertyIndex(properties, "spark.job.description");
    s.fig.description.reset();
    if (desc >= 0) s.fig.description = properties[size_t(desc)].second;
    for (int32_t jobId : s.jobs) {
        JobCounters& job = jobCounters_[jobId];
        job.completedStages.erase(info.stageId);
        ++job.numActiveStages;
    }
    for (const RddInfo& rdd : e.info.stage.rdds) {
        const StorageLevel& l = rdd.storageLevel;
        if (!((l.useMemory || l.useDisk) && l.replication > 0)) continue;
        auto [it, inserted] = liveRdds_.try_emplace(rdd.id);
        if (!inserted) continue;
        LiveRdd& live = it->second;
        live.level = l;
        live.fig.id = rdd.id;
        live.fig.name = rdd.name;
        live.fig.numPartitions = rdd.numPartitions;
        live.fig.storageLevel = storageLevelDescription(l.useDisk, l.useMemory, l.useOffHeap,
                                                        l.deserialized, l.replication);
    }
}

void StatusReplay::stageCompleted(const events::Stage& e) {
    const StageInfoSeen info = seen(e.info);
    const bool failed = e.info.stage.hasFailureReason;
    LiveStage* s = liveStage(info.stageId, info.attemptId);
    if (s) {
        s->numTasks = info.numTasks;
        s->submissionTime = info.submissionTime;
        // Old logs (SPARK-20205) can lack the submission time until completion: only then is a
        // stage known to have been skipped.
        s->fig.status = failed                     ? StageStatus::Failed
                        : info.submissionTime >= 0 ? StageStatus::Complete
                                                   : StageStatus::Skipped;
        for (int32_t jobId : s->jobs) {
            JobCounters& job = jobCounters_[jobId];
            if (s->fig.status == StageStatus::Complete) {
                job.completedStages.insert(info.stageId);
            } else if (s->fig.status == StageStatus::Skipped) {
                job.skippedStages.insert(info.stageId);
                job.numSkippedTasks += info.numTasks;
            } else {
                ++job.numFailedStages;
            }
            --job.numActiveStages;
        }
        for (const std::string& id : s->fig.excludedExecutors)
            if (ExecutorFigures* exec = liveExecutor(id))
                exec->excludedInStages.erase(info.stageId);
        writeStage(*s);
        if (s->fig.activeTasks == 0) removeStage(info.stageId, info.attemptId);
    }
    // Dead executors are kept only while a stage that overlapped them is live.
    for (auto it = deadExecutors_.begin(); it != deadExecutors_.end();)
        it = activeForLiveStages(it->second) ? std::next(it) : deadExecutors_.erase(it);
}

void StatusReplay::taskStart(const events::TaskStart& e) {
    const TaskRecord& task = e.task;
    liveTasks_.insert(task[TaskField::TaskId]);
    const std::string exec(e.executorId);
    const std::string_view locality = localityName(Locality(task[TaskField::Locality]));
    if (LiveStage* s = liveStage(int32_t(task[TaskField::StageId]),
                                 int32_t(task[TaskField::StageAttemptId]))) {
        StageFigures& f = s->fig;
        if (task[TaskField::Flags] & kSpeculative) {
            if (!f.speculation) f.speculation.emplace();
            ++f.speculation->numActiveTasks;
            ++f.speculation->numTasks;
        }
        ++f.activeTasks;
        const int64_t launch = task[TaskField::LaunchTime];
        f.firstLaunchTime = f.firstLaunchTime < 0 ? launch : std::min(f.firstLaunchTime, launch);
        ++f.localitySummary[std::string(locality)];
        ++f.activeTasksPerExecutor[exec];
        for (int32_t jobId : s->jobs) ++jobCounters_[jobId].numActiveTasks;
    }
    if (ExecutorFigures* e = liveExecutor(exec)) {
        ++e->activeTasks;
        ++e->totalTasks;
    }
}

void StatusReplay::taskEnd(const events::TaskEnd& e) {
    if (!e.hasTaskInfo) return;
    const TaskRecord& task = e.task;
    const bool sawStart = liveTasks_.erase(task[TaskField::TaskId]) > 0;
    const EndReason reason = e.reason;
    // The kill "reason" the History Server groups killed tasks by.
    const std::string killText = killedTaskText(e.failure);
    const std::string exec(e.executorId);
    const bool hasMetrics = (task[TaskField::Flags] & kHasMetrics) != 0;
    // Spark adds a task's metrics to its stage only when it saw the task start.
    std::optional<MetricSums> delta;
    if (sawStart && hasMetrics) delta = metricsOf(task);
    const int completed = reason == EndReason::Success;
    const int killed = reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied;
    const int failed = !completed && !killed;
    const int32_t stageId = int32_t(task[TaskField::StageId]);
    const int64_t index = task[TaskField::Index];
    const int64_t finish = task[TaskField::FinishTime];
    const int64_t duration = finish != 0 ? jvmSub(finish, task[TaskField::LaunchTime]) : 0;

    if (LiveStage* s = liveStage(stageId, int32_t(task[TaskField::StageAttemptId]))) {
        StageFigures& f = s->fig;
        if (delta) f.metrics.add(*delta);
        --f.activeTasks;
        f.completedTasks += completed;
        if (completed) f.completedIndices.insert(index);
        f.failedTasks += failed;
        f.killedTasks += killed;
        if (killed) ++f.killedSummary[killText];
        --f.activeTasksPerExecutor[exec];
        f.peak.update(task.executorMetrics);
        ExecutorStageFigures& es = f.executorSummaries[exec];
        es.peak.update(task.executorMetrics);
        const bool remove = f.activeTasks == 0 &&
                            (f.status == StageStatus::Complete || f.status == StageStatus::Failed);
        for (int32_t jobId : s->jobs) {
            JobCounters& job = jobCounters_[jobId];
            --job.numActiveTasks;
            job.numCompletedTasks += completed;
            if (completed) job.completedIndices.insert(stageId, index);
            job.numFailedTasks += failed;
            job.numKilledTasks += killed;
            if (killed) ++job.killedTasksSummary[killText];
        }
        es.taskTime = jvmAdd(es.taskTime, duration);
        es.succeededTasks += completed;
        es.failedTasks += failed;
        es.killedTasks += killed;
        if (delta) es.metrics.add(*delta);
        if ((task[TaskField::Flags] & kSpeculative) && f.speculation) {
            --f.speculation->numActiveTasks;
            f.speculation->numCompletedTasks += completed;
            f.speculation->numFailedTasks += failed;
            f.speculation->numKilledTasks += killed;
        }
        if (remove) {
            writeStage(*s);
            removeStage(f.stageId, f.attemptId);
        }
    }

    if (ExecutorFigures* e = liveExecutor(exec)) {
        --e->activeTasks;
        e->completedTasks += completed;
        e->failedTasks += failed;
        e->totalDuration = jvmAdd(e->totalDuration, duration);
        e->peak.update(task.executorMetrics);
        // Resubmitted tasks keep the metrics of their first attempt (as Spark notes).
        if (reason != EndReason::Resubmitted && hasMetrics) {
            e->totalGcTime = jvmAdd(e->totalGcTime, task[TaskField::JvmGcTime]);
            e->totalInputBytes = jvmAdd(e->totalInputBytes, task[TaskField::InputBytesRead]);
            e->totalShuffleRead =
                jvmAdd(e->totalShuffleRead, jvmAdd(task[TaskField::ShuffleLocalBytesRead],
                                                   task[TaskField::ShuffleRemoteBytesRead]));
            e->totalShuffleWrite =
                jvmAdd(e->totalShuffleWrite, task[TaskField::ShuffleBytesWritten]);
        }
    }
}

void StatusReplay::finish(EventLogModel& model) {
    // The end of replay flushes every entity that is still live.
    for (const auto& [key, stage] : liveStages_) writeStage(stage);
    for (const auto& [id, exec] : liveExecutors_) writeExecutor(exec);
    for (auto& [id, rdd] : liveRdds_) {
        writeRdd(rdd);
        RddFigures fig = rdd.fig;
        fig.partitions.assign(rdd.parts.begin(), rdd.parts.end());
        for (const LiveRddDistribution& d : rdd.distributions)
            if (d.last) fig.distributions.push_back(*d.last);
        status_.rdds[id] = std::move(fig);
    }
    for (auto& [jobId, counters] : jobCounters_)
        if (auto it = model.jobIndex.find(jobId); it != model.jobIndex.end())
            model.jobs[it->second].counters = counters;
    status_.replayed = true;
    model.status = std::move(status_);
}

}  // namespace stagelight
