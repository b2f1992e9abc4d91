#include "figures/Histogram.h"
#include "figures/TaskFigures.h"
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
        case HistogramMetric::PeakExecutionMemory:
            return "Peak execution memory";
        case HistogramMetric::ShuffleWrite:
            return "Shuffle write";
        case HistogramMetric::SpillMemory:
            return "Spill (memory)";
        case HistogramMetric::SchedulerDelay:
            return "Scheduler delay";
        case HistogramMetric::FetchWaitTime:
            return "Shuffle read blocked time";
        case HistogramMetric::RunTime:
            return "Executor run time";
        case HistogramMetric::CpuTime:
            return "Executor CPU time";
        case HistogramMetric::Deserialization:
            return "Task deserialization time";
        case HistogramMetric::ResultSerialization:
            return "Result serialization time";
        case HistogramMetric::GettingResultTime:
            return "Getting result time";
        case HistogramMetric::ResultSize:
            return "Result size";
        case HistogramMetric::Output:
            return "Output";
        case HistogramMetric::ShuffleWriteTime:
            return "Shuffle write time";
        case HistogramMetric::InputRecords:
            return "Input records";
        case HistogramMetric::OutputRecords:
            return "Output records";
        case HistogramMetric::ShuffleReadRecords:
            return "Shuffle read records";
        case HistogramMetric::ShuffleWriteRecords:
            return "Shuffle write records";
        case HistogramMetric::ShuffleRemoteRead:
            return "Shuffle remote reads";
        case HistogramMetric::Count_:
            break;
    }
    return "Duration";
}

bool histogramMetricIsBytes(HistogramMetric m) {
    switch (m) {
        case HistogramMetric::ShuffleRead:
        case HistogramMetric::Input:
        case HistogramMetric::SpillDisk:
        case HistogramMetric::PeakExecutionMemory:
        case HistogramMetric::ShuffleWrite:
        case HistogramMetric::SpillMemory:
        case HistogramMetric::ResultSize:
        case HistogramMetric::Output:
        case HistogramMetric::ShuffleRemoteRead:
            return true;
        default:
            return false;
    }
}

bool histogramMetricIsCount(HistogramMetric m) {
    return m == HistogramMetric::InputRecords || m == HistogramMetric::OutputRecords ||
           m == HistogramMetric::ShuffleReadRecords || m == HistogramMetric::ShuffleWriteRecords;
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
        auto f = [&](TaskField field) { return t.get(r, field); };
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
            case HistogramMetric::PeakExecutionMemory:
                v = f(TaskField::PeakExecutionMemory);
                break;
            case HistogramMetric::ShuffleWrite:
                v = f(TaskField::ShuffleBytesWritten);
                break;
            case HistogramMetric::SpillMemory:
                v = f(TaskField::MemoryBytesSpilled);
                break;
            case HistogramMetric::SchedulerDelay:
                v = taskTimes(t, r, model.application.lastEventTime).schedulerDelay;
                break;
            case HistogramMetric::FetchWaitTime:
                v = f(TaskField::ShuffleFetchWaitTime);
                break;
            case HistogramMetric::RunTime:
                v = f(TaskField::ExecutorRunTime);
                break;
            case HistogramMetric::CpuTime:
                v = f(TaskField::ExecutorCpuTime) / 1'000'000;
                break;
            case HistogramMetric::Deserialization:
                v = f(TaskField::ExecutorDeserializeTime);
                break;
            case HistogramMetric::ResultSerialization:
                v = f(TaskField::ResultSerializationTime);
                break;
            case HistogramMetric::GettingResultTime:
                v = taskTimes(t, r, model.application.lastEventTime).gettingResultTime;
                break;
            case HistogramMetric::ResultSize:
                v = f(TaskField::ResultSize);
                break;
            case HistogramMetric::Output:
                v = f(TaskField::OutputBytesWritten);
                break;
            case HistogramMetric::ShuffleWriteTime:
                v = f(TaskField::ShuffleWriteTime) / 1'000'000;
                break;
            case HistogramMetric::InputRecords:
                v = f(TaskField::InputRecordsRead);
                break;
            case HistogramMetric::OutputRecords:
                v = f(TaskField::OutputRecordsWritten);
                break;
            case HistogramMetric::ShuffleReadRecords:
                v = f(TaskField::ShuffleRecordsRead);
                break;
            case HistogramMetric::ShuffleWriteRecords:
                v = f(TaskField::ShuffleRecordsWritten);
                break;
            case HistogramMetric::ShuffleRemoteRead:
                v = f(TaskField::ShuffleRemoteBytesRead);
                break;
            case HistogramMetric::Count_:
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
