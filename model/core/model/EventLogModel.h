// Everything read from one application attempt's event log: an immutable snapshot once loaded.
#pragma once

#include <map>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/LogLocator.h"
#include "model/AppStatus.h"
#include "model/Derived.h"
#include "model/Entities.h"
#include "model/LoadReport.h"
#include "model/Numeric.h"
#include "model/StringTable.h"
#include "model/TaskTable.h"

namespace stagelight {

struct EventLogModel {
    LogSet source;
    Application application;
    std::vector<Job> jobs;             // in JobStart order
    std::vector<StageAttempt> stages;  // every (stage, attempt) seen, in first-seen order
    TaskTable tasks;                   // task attempts in TaskEnd order, then still-running ones
    std::vector<Executor> executors;   // in first-seen order (ExecutorAdded or BlockManagerAdded)
    std::vector<NodeExclusion> nodeExclusions;
    std::map<int32_t, RddInfo> rdds;  // latest RDD Info per RDD id
    std::vector<BlockUpdate> blockUpdates;
    std::vector<RddUnpersist> unpersistedRdds;  // in log order
    std::vector<SqlExecution> sqlExecutions;
    Environment environment;
    std::vector<ResourceProfile> resourceProfiles;
    std::map<int64_t, AccumulableInfo>
        accumulatorDefinitions;  // non-internal, by id (name, metadata)
    StringTable strings;         // executor ids, hosts, task types referenced from the task table
    AppStatus status;            // the History Server's figures, replayed in event order
    LoadReport report;
    Derived derived;  // computed once when the load ends (derive/Derive.h)

    const Job* job(int32_t id) const;
    const StageAttempt* stage(int32_t stageId, int32_t attemptId) const;
    const Executor* executor(std::string_view id) const;
    const SqlExecution* sqlExecution(int64_t id) const;
    // A task's launch and finish on the application's clock: the log's times, shifted where a
    // stage's task times are relative (Derived::rowTimeOffset). Views and rules use these; the
    // REST answers keep the log's own times.
    int64_t taskLaunch(size_t row) const {
        return saturatingAdd(tasks.get(row, TaskField::LaunchTime), derived.timeOffset(row));
    }
    int64_t taskFinish(size_t row) const {
        return saturatingAdd(tasks.get(row, TaskField::FinishTime), derived.timeOffset(row));
    }

    // When stage `index` started waiting for its first task: its submission, if it was
    // submitted (at a plausible time) before that task launched; else the first launch.
    int64_t stageWaitStart(size_t index) const {
        const int64_t first = derived.stageTotals[index].firstTaskLaunchTime;
        const int64_t submitted = stages[index].submissionTime;
        return submitted > 0 && submitted < first && derived.span.plausible(submitted) ? submitted
                                                                                       : first;
    }

    // Index maintenance (the builder calls these).
    std::unordered_map<int32_t, size_t> jobIndex;
    std::map<std::pair<int32_t, int32_t>, size_t> stageIndex;
    std::unordered_map<std::string, size_t> executorIndex;
    std::unordered_map<int64_t, size_t> sqlIndex;
};

// Loaded snapshots are immutable and shared between threads and views.
using ModelPtr = std::shared_ptr<const EventLogModel>;

}  // namespace stagelight
