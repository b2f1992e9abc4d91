// Task histograms: a stage's tasks binned by one metric, each bin knowing its tasks (so a bar can
// select them), with the median and max Spark's summary shows.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

enum class HistogramMetric { Duration, ShuffleRead, Input, SpillDisk, GcTime };
std::string_view histogramMetricName(HistogramMetric m);  // "Duration", "Shuffle read", ...
bool histogramMetricIsBytes(HistogramMetric m);

struct HistogramBin {
    double from = 0, to = 0;       // [from, to), the last bin closed
    std::vector<int64_t> taskIds;  // tasks in the bin
};

struct Histogram {
    HistogramMetric metric = HistogramMetric::Duration;
    std::vector<HistogramBin> bins;
    double median = 0, max = 0;  // over the finished tasks of the stage
    size_t tasks = 0;
};

// Finished task attempts of model.stages[stageIndex]; `bins` equal-width bins over [0, max].
Histogram taskHistogram(const EventLogModel& model, size_t stageIndex, HistogramMetric metric,
                        int bins = 40);

}  // namespace stagelight
