// Task histograms: a stage's tasks binned by one metric, each bin knowing its tasks (so a bar can
// select them), with the median and max Spark's summary shows.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

// Every per-task metric of Spark's task table and summary (the first five are the ones findings
// focus on; new ones go at the end so stored values keep their meaning).
enum class HistogramMetric {
    Duration,
    ShuffleRead,
    Input,
    SpillDisk,
    GcTime,
    PeakExecutionMemory,
    ShuffleWrite,
    SpillMemory,
    SchedulerDelay,
    FetchWaitTime,  // Shuffle Read Blocked Time
    RunTime,
    CpuTime,  // Executor CPU Time, in ms
    Deserialization,
    ResultSerialization,
    GettingResultTime,
    ResultSize,
    Output,
    ShuffleWriteTime,  // in ms
    InputRecords,
    OutputRecords,
    ShuffleReadRecords,
    ShuffleWriteRecords,
    ShuffleRemoteRead,
    Count_
};
constexpr int kHistogramMetricCount = int(HistogramMetric::Count_);
std::string_view histogramMetricName(HistogramMetric m);  // "Duration", "Shuffle read", ...
bool histogramMetricIsBytes(HistogramMetric m);
bool histogramMetricIsCount(HistogramMetric m);  // records: neither bytes nor time

// A stage's finished task attempts sorted by one metric: collected once per stage and metric;
// binning is then a binary search per bin, whatever the number of tasks.
struct TaskValue {
    int64_t value = 0, taskId = 0;
};
struct TaskValues {
    HistogramMetric metric = HistogramMetric::Duration;
    std::vector<TaskValue> sorted;  // by value, then task id
    double median = 0, max = 0;
};
TaskValues taskValues(const EventLogModel& model, size_t stageIndex, HistogramMetric metric);

struct HistogramBin {
    double from = 0, to = 0;      // [from, to), the last bin closed
    size_t first = 0, count = 0;  // the bin's tasks: TaskValues::sorted[first, first + count)
};

struct Histogram {
    HistogramMetric metric = HistogramMetric::Duration;
    std::vector<HistogramBin> bins;
    double median = 0, max = 0;  // over the finished tasks of the stage
    size_t tasks = 0;
};

// `bins` equal-width bins over [0, max].
Histogram binTaskValues(const TaskValues& values, int bins = 40);
// The task ids of one bin.
std::vector<int64_t> binTaskIds(const TaskValues& values, const HistogramBin& bin);

// taskValues then binTaskValues.
Histogram taskHistogram(const EventLogModel& model, size_t stageIndex, HistogramMetric metric,
                        int bins = 40);

}  // namespace stagelight
