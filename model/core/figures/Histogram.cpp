#include "figures/Histogram.h"

#include <algorithm>

namespace stagelight {

std::string_view histogramMetricName(HistogramMetric m) {
    switch (m) {
        case HistogramMetric::Duration:
            return "Duration";
        case HistogramMetric::ShuffleRead:
            return "Shuffle read";
        case HistogramMetric::Input:
            return "Input";
        case HistogramMetric::SpillDisk:
            return "Spill (disk)";
        case HistogramMetric::GcTime:
            return "GC time";
    }
    return "Duration";
}

bool histogramMetricIsBytes(HistogramMetric m) {
    return m == HistogramMetric::ShuffleRead || m == HistogramMetric::Input ||
           m == HistogramMetric::SpillDisk;
}

Histogram taskHistogram(const EventLogModel& model, size_t stageIndex, HistogramMetric metric,
                        int bins) {
    Histogram h;
    h.metric = metric;
    if (stageIndex >= model.stages.size() || bins <= 0) return h;
    const StageAttempt& s = model.stages[stageIndex];
    const TaskTable& t = model.tasks;
    std::vector<std::pair<int64_t, int64_t>> values;  // (value, task id)
    for (size_t r = 0; r < t.size(); ++r) {
        if (t.get(r, TaskField::StageId) != s.stageId ||
            t.get(r, TaskField::StageAttemptId) != s.attemptId || !t.hasFlag(r, kFinished))
            continue;
        int64_t v = 0;
        switch (metric) {
            case HistogramMetric::Duration:
                v = t.duration(r);
                break;
            case HistogramMetric::ShuffleRead:
                v = t.get(r, TaskField::ShuffleLocalBytesRead) +
                    t.get(r, TaskField::ShuffleRemoteBytesRead);
                break;
            case HistogramMetric::Input:
                v = t.get(r, TaskField::InputBytesRead);
                break;
            case HistogramMetric::SpillDisk:
                v = t.get(r, TaskField::DiskBytesSpilled);
                break;
            case HistogramMetric::GcTime:
                v = t.get(r, TaskField::JvmGcTime);
                break;
        }
        values.emplace_back(std::max<int64_t>(0, v), t.get(r, TaskField::TaskId));
    }
    h.tasks = values.size();
    if (values.empty()) return h;
    std::vector<int64_t> sorted;
    for (const auto& [v, id] : values) sorted.push_back(v);
    std::sort(sorted.begin(), sorted.end());
    h.median = double(sorted[sorted.size() / 2]);
    h.max = double(sorted.back());
    const double width = h.max > 0 ? h.max / bins : 1.0;
    h.bins.resize(size_t(bins));
    for (int i = 0; i < bins; ++i) {
        h.bins[size_t(i)].from = i * width;
        h.bins[size_t(i)].to = (i + 1) * width;
    }
    for (const auto& [v, id] : values) {
        const int i = std::min(bins - 1, int(double(v) / width));
        h.bins[size_t(i)].taskIds.push_back(id);
    }
    return h;
}

}  // namespace stagelight
