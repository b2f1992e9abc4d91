// gc-pressure: JVM garbage collection taking a large share of task run time. Defaults from
// Dr. Elephant (0.10 moderate) and sparkforensics (> 10 %; it asks ≥ 10 s of run time, 5 s here).
// More heap is advised only when the heap was near full: where executors' peak heap left room
// (Heap.h) the GC is allocation churn, and where deserialization dominates the stage's task time
// it is start-up on fresh executors (class loading, JIT, first allocations).
#include "diagnosis/rules/Heap.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef gcPressureRule() {
    RuleDef r;
    r.name = "gc-pressure";
    r.checks = "garbage collection above a share of task run time";
    r.defaults = {{"maxGcShare", 0.10}, {"minRunTimeMs", 5000}, {"startupDeserializeShare", 0.3}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const HeapFacts heap = heapFacts(in);
        const bool room = heapHadRoom(in);
        for (const StageFacts& s : in.ctx.stages) {
            const int64_t run = s.metrics[TaskField::ExecutorRunTime];
            const int64_t gc = s.metrics[TaskField::JvmGcTime];
            if (double(run) < p["minRunTimeMs"] || double(gc) <= p["maxGcShare"] * double(run))
                continue;
            char share[32];
            std::snprintf(share, sizeof share, "%.0f %%", 100.0 * double(gc) / double(run));
            Finding f;
            f.id = "gc-pressure:stage-" + stageId(s.stageId, s.attemptId);
            f.title =
                "Garbage collection takes " + std::string(share) + " of " + in.ctx.stageLabel(s);
            f.detail = formatDuration(gc) + " of " + formatDuration(run) +
                       " task run time was JVM garbage collection.";
            const double excess = double(gc) - 0.05 * double(run);  // a healthy JVM spends ~5 %
            f.estimatedCostMs = std::min(s.durationMs, saturatingInt64(excess / averageSlots(s)));
            f.costMethod = "GC time above 5 % of run time, spread over the stage's cores";
            const int64_t deser = s.metrics[TaskField::ExecutorDeserializeTime];
            const bool startup =
                double(deser) >= p["startupDeserializeShare"] * double(s.taskTimeMs);
            if (startup) {
                f.detail += " Deserialization took " + formatDuration(deser) + " of its " +
                            formatDuration(s.taskTimeMs) +
                            " task time: executors were starting (class loading, first "
                            "allocations), which is not a heap shortage.";
                f.fix = "Start executors once and keep them (fewer, longer-lived executors; "
                        "under dynamic allocation a longer idle timeout); more heap would not "
                        "remove start-up GC";
            } else if (room) {
                f.detail += " The heap had room: the highest executor peak was " +
                            formatBytes(heap.peak) + " of " + formatBytes(heap.configured) + ".";
                f.fix = "Allocate less per row rather than adding heap: cache serialized "
                        "(MEMORY_ONLY_SER), avoid building large objects in UDFs, or try "
                        "spark.executor.extraJavaOptions=-XX:+UseG1GC";
            } else if (in.ctx.localMode) {
                f.fix = "Give tasks more heap: raise spark.driver.memory (local mode runs tasks "
                        "in the driver JVM) or use fewer threads (local[N]); or try "
                        "spark.driver.extraJavaOptions=-XX:+UseG1GC";
            } else {
                f.fix =
                    "Give tasks more heap: raise spark.executor.memory or lower "
                    "spark.executor.cores; avoid caching deserialized objects (MEMORY_ONLY_SER), "
                    "or try spark.executor.extraJavaOptions=-XX:+UseG1GC";
            }
            f.evidence = {Evidence::stage(s.stageId, s.attemptId), stageWindow(s)};
            f.focusMetric = HistogramMetric::GcTime;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
