// Facts the rules share, computed once per analysis: per stage attempt its tasks' distributions and
// totals, the executors' core timeline, and the application's wall clock.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

// Cores of live executors over time, as a step function.
class CoreTimeline {
public:
    explicit CoreTimeline(const EventLogModel& model, int64_t appStart, int64_t appEnd);
    int64_t coresAt(int64_t t) const;
    // ∫ cores dt over [from, to), in core-ms.
    double coreMs(int64_t from, int64_t to) const;
    int64_t maxCores() const { return maxCores_; }
    struct Segment {
        int64_t from, to, cores;
    };
    std::vector<Segment> segments(int64_t from, int64_t to) const;  // constant-core pieces
    bool empty() const { return steps_.empty(); }

private:
    std::vector<std::pair<int64_t, int64_t>> steps_;  // (time, cores from then on), time-sorted
    int64_t maxCores_ = 0;
};

struct StageFacts {
    size_t stageIndex = 0;  // into EventLogModel::stages
    int32_t stageId = 0, attemptId = 0;
    std::string name;
    int64_t start = -1, end = -1, durationMs = 0;  // first task launch to completion
    std::vector<uint32_t> rows;                    // finished task attempts
    std::vector<int64_t> durations;                // of `rows`, ascending
    int64_t p50 = 0, p95 = 0, max = 0, taskTimeMs = 0;
    int64_t medianDataBytes = 0, maxDataBytes = 0;  // of taskDataBytes over `rows`
    int64_t tasks = 0, failedTasks = 0, killedTasks = 0, speculativeTasks = 0;
    MetricSums metrics;          // the History Server's totals
    double availableCoreMs = 0;  // core time of live executors during the stage

    int64_t quantile(double q) const;  // of durations, Spark's index rule
    int64_t shuffleReadBytes() const {
        return metrics[TaskField::ShuffleLocalBytesRead] +
               metrics[TaskField::ShuffleRemoteBytesRead];
    }
};

struct DiagnosisContext {
    const EventLogModel& model;
    int64_t appStart = 0, appEnd = 0, wallMs = 0;
    CoreTimeline cores;
    std::vector<StageFacts> stages;  // stage attempts that ran a task, in model order
    bool localMode = false;          // the driver ran the tasks

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
