#include "figures/Histogram.h"
#include "model/Numeric.h"

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

TaskValues taskValues(const EventLogModel& model, size_t stageIndex, HistogramMetric metric) {
    TaskValues out;
    out.metric = metric;
    if (stageIndex >= model.stages.size()) return out;
    const TaskTable& t = model.tasks;
    for (uint32_t r : model.derived.stageRows.rows(stageIndex)) {
        // Finished attempts; a Resubmitted event repeats an attempt already counted.
        if (!t.hasFlag(r, kFinished) || t.endReason(r) == EndReason::Resubmitted) continue;
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
        out.sorted.push_back({std::max<int64_t>(0, v), t.get(r, TaskField::TaskId)});
    }
    std::sort(out.sorted.begin(), out.sorted.end(), [](const TaskValue& a, const TaskValue& b) {
        return a.value != b.value ? a.value < b.value : a.taskId < b.taskId;
    });
    if (!out.sorted.empty()) {
        out.median = double(out.sorted[out.sorted.size() / 2].value);
        out.max = double(out.sorted.back().value);
    }
    return out;
}

Histogram binTaskValues(const TaskValues& values, int bins) {
    Histogram h;
    h.metric = values.metric;
    h.tasks = values.sorted.size();
    if (values.sorted.empty() || bins <= 0) return h;
    h.median = values.median;
    h.max = values.max;
    const double width = h.max > 0 ? h.max / bins : 1.0;
    auto binOf = [&](int64_t v) { return std::min(bins - 1, saturatingInt(double(v) / width)); };
    h.bins.resize(size_t(bins));
    size_t first = 0;
    for (int i = 0; i < bins; ++i) {
        HistogramBin& b = h.bins[size_t(i)];
        b.from = i * width;
        b.to = (i + 1) * width;
        const auto end =
            std::partition_point(values.sorted.begin() + ptrdiff_t(first), values.sorted.end(),
                                 [&](const TaskValue& tv) { return binOf(tv.value) <= i; });
        b.first = first;
        b.count = size_t(end - values.sorted.begin()) - first;
        first += b.count;
    }
    return h;
}

std::vector<int64_t> binTaskIds(const TaskValues& values, const HistogramBin& bin) {
    std::vector<int64_t> ids;
    ids.reserve(bin.count);
    for (size_t i = bin.first; i < bin.first + bin.count && i < values.sorted.size(); ++i)
        ids.push_back(values.sorted[i].taskId);
    return ids;
}

Histogram taskHistogram(const EventLogModel& model, size_t stageIndex, HistogramMetric metric,
                        int bins) {
    return binTaskValues(taskValues(model, stageIndex, metric), bins);
}

}  // namespace stagelight
