// Facts the rules share, computed once per analysis from the snapshot's derived figures: per
// stage attempt its finished tasks' distributions; totals, span and cores come from Derived.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct StageFacts {
    size_t stageIndex = 0;  // into EventLogModel::stages
    int32_t stageId = 0, attemptId = 0;
    std::string name;
    int64_t start = -1, end = -1, durationMs = 0;  // first task launch to completion
    std::vector<uint32_t> rows;  // finished task attempts (Resubmitted events are not attempts)
    std::vector<int64_t> durations;                // of `rows`, ascending
    int64_t p50 = 0, p95 = 0, max = 0, taskTimeMs = 0;
    int64_t medianDataBytes = 0, maxDataBytes = 0;  // of taskDataBytes over `rows`
    int64_t tasks = 0, failedTasks = 0, killedTasks = 0, speculativeTasks = 0;
    MetricSums metrics;          // Derived::stageTotals (the History Server's sums)
    double availableCoreMs = 0;  // core time of live executors during the stage

    int64_t quantile(double q) const;  // of durations, Spark's index rule
    int64_t shuffleReadBytes() const {
        return metrics[TaskField::ShuffleLocalBytesRead] +
               metrics[TaskField::ShuffleRemoteBytesRead];
    }
};

// What the run allows: the Spark version (AQE exists from 3.0 and is on by default from 3.2),
// the settings in force, local mode.
struct RunFacts {
    int sparkMajor = 0, sparkMinor = 0;  // 0: unknown
    bool aqeEnabled = false, aqeCoalesce = false, aqeSkewJoin = false;
    bool dynamicAllocation = false;
    std::string master;  // spark.master
    bool localMode = false;
    bool versionAtLeast(int major, int minor) const {
        return sparkMajor > major || (sparkMajor == major && sparkMinor >= minor);
    }
};

struct DiagnosisContext {
    const EventLogModel& model;
    int64_t appStart = 0, appEnd = 0, wallMs = 0;  // Derived::span
    const CoreTimeline& cores;
    std::vector<StageFacts> stages;  // stage attempts that ran a task, in model order
    bool localMode = false;          // the driver ran the tasks
    RunFacts run;

    explicit DiagnosisContext(const EventLogModel& model);
    int64_t taskDuration(uint32_t row) const;
    std::string stageLabel(const StageFacts& s) const;  // "stage 3.0 (count at x.scala:1)"
};

// The data a task processed: shuffle read (local + remote) plus input. Skew, straggler and host
// rules compare tasks on it.
int64_t taskDataBytes(const TaskTable& tasks, uint32_t row);

// Values of one field over rows, ascending.
std::vector<int64_t> sortedValues(const TaskTable& tasks, const std::vector<uint32_t>& rows,
                                  TaskField field);
int64_t quantileOf(const std::vector<int64_t>& sorted, double q);

}  // namespace stagelight
