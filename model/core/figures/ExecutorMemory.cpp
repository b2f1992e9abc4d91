#include "figures/ExecutorMemory.h"

#include <algorithm>
#include <map>

namespace stagelight {

std::string_view memoryMetricName(MemoryMetric m) {
    switch (m) {
        case MemoryMetric::JvmHeap:
            return "JVM heap";
        case MemoryMetric::OnHeapExecution:
            return "On-heap execution";
        case MemoryMetric::OnHeapStorage:
            return "On-heap storage";
        case MemoryMetric::OffHeapUnified:
            return "Off-heap (execution + storage)";
        case MemoryMetric::ProcessRss:
            return "Process RSS (JVM)";
    }
    return "JVM heap";
}

namespace {

int64_t valueOf(const std::array<int64_t, kExecutorMetricCount>& peaks, MemoryMetric m) {
    auto at = [&](ExecutorMetric e) { return peaks[size_t(e)]; };
    switch (m) {
        case MemoryMetric::JvmHeap:
            return at(ExecutorMetric::JVMHeapMemory);
        case MemoryMetric::OnHeapExecution:
            return at(ExecutorMetric::OnHeapExecutionMemory);
        case MemoryMetric::OnHeapStorage:
            return at(ExecutorMetric::OnHeapStorageMemory);
        case MemoryMetric::OffHeapUnified:
            return at(ExecutorMetric::OffHeapUnifiedMemory);
        case MemoryMetric::ProcessRss:
            return at(ExecutorMetric::ProcessTreeJVMRSSMemory);
    }
    return 0;
}

}  // namespace

std::vector<ExecutorMemorySeries> executorMemoryOverTime(const EventLogModel& model,
                                                         MemoryMetric metric) {
    std::map<std::string, ExecutorMemorySeries> byId;
    for (const StageAttempt& s : model.stages) {
        const int64_t at =
            s.completionTime >= 0 ? s.completionTime : model.application.lastEventTime;
        if (at < 0) continue;
        for (const auto& [executor, peaks] : s.executorPeaks) {
            const int64_t v = valueOf(peaks, metric);
            if (v <= 0) continue;  // Spark logs 0 for what it did not measure
            ExecutorMemorySeries& series = byId[executor];
            series.executorId = executor;
            series.points.push_back({at, v, s.stageId, s.attemptId});
            series.peak = std::max(series.peak, v);
        }
    }
    std::vector<ExecutorMemorySeries> out;
    auto take = [&](const std::string& id) {
        auto it = byId.find(id);
        if (it == byId.end()) return;
        std::sort(it->second.points.begin(), it->second.points.end(),
                  [](const ExecutorMemoryPoint& a, const ExecutorMemoryPoint& b) {
                      return a.timeMs < b.timeMs;
                  });
        out.push_back(std::move(it->second));
        byId.erase(it);
    };
    for (const Executor& e : model.executors) take(e.id);
    while (!byId.empty()) take(byId.begin()->first);  // peaks of executors never added
    return out;
}

}  // namespace stagelight
