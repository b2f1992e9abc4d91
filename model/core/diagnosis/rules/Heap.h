// What the log says about executor heap, shared by the memory rules (executor-memory,
// gc-pressure, spill, memory-per-task) so they never advise opposite things: the peak JVM heap
// executors reported against spark.executor.memory, and the symptoms of a heap too small (GC,
// spill, out-of-memory failures).
#pragma once

#include <string>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

struct HeapFacts {
    int64_t peak = -1;           // highest executor JVM heap used; -1 when not logged
    std::string peakExecutor;
    int64_t configured = 0;      // spark.executor.memory in bytes (1g when not set)
    bool configuredSet = false;  // spark.executor.memory is in the log
    double usedShare() const { return configured > 0 && peak > 0 ? double(peak) / double(configured) : -1; }
};

inline HeapFacts heapFacts(const RuleInput& in) {
    HeapFacts h;
    for (const Executor& e : in.ctx.model.executors)
        if (e.id != "driver" && e.hasPeakMetrics &&
            e.peakMetrics[size_t(ExecutorMetric::JVMHeapMemory)] > h.peak) {
            h.peak = e.peakMetrics[size_t(ExecutorMetric::JVMHeapMemory)];
            h.peakExecutor = e.id;
        }
    const auto set = sparkConf(in, "spark.executor.memory");
    h.configuredSet = set.has_value();
    h.configured = memoryBytes(set.value_or("1g")).value_or(0);
    return h;
}

// Executors used less than `share` of their heap at their peak: the heap had room, so GC or
// spill is not a heap shortage (heap used includes garbage, so a low peak is the reliable sign).
inline bool heapHadRoom(const RuleInput& in, double share = 0.70) {
    const HeapFacts h = heapFacts(in);
    return h.usedShare() >= 0 && h.usedShare() < share;
}

// Task failures that name the heap: OutOfMemoryError, "Java heap space", "GC overhead".
inline int64_t outOfMemoryFailures(const RuleInput& in) {
    const TaskTable& t = in.ctx.model.tasks;
    int64_t n = 0;
    for (const StageFacts& s : in.ctx.stages)
        for (uint32_t row : s.rows) {
            const TaskFailure* f = t.failure(row);
            if (!f) continue;
            const std::string text = f->className + " " + f->description + " " + f->lossReason;
            n += text.find("OutOfMemory") != std::string::npos ||
                 text.find("Java heap space") != std::string::npos ||
                 text.find("GC overhead") != std::string::npos;
        }
    return n;
}

// Task attempts whose executor died because of them (ExecutorLostFailure caused by the app): a
// container killed for memory looks like this, so a smaller heap is not advised.
inline int64_t executorsLostByTasks(const RuleInput& in) {
    const TaskTable& t = in.ctx.model.tasks;
    int64_t n = 0;
    for (const StageFacts& s : in.ctx.stages)
        for (uint32_t row : s.rows)
            if (const TaskFailure* f = t.failure(row);
                f && t.endReason(row) == EndReason::ExecutorLostFailure && f->exitCausedByApp)
                ++n;
    return n;
}

}  // namespace stagelight::rules
