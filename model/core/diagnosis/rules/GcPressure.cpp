// gc-pressure: JVM garbage collection taking a large share of task run time. Defaults from
// Dr. Elephant (0.10 moderate) and sparkforensics (> 10 %; it asks ≥ 10 s of run time, 5 s here).
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef gcPressureRule() {
    RuleDef r;
    r.name = "gc-pressure";
    r.checks = "garbage collection above a share of task run time";
    r.defaults = {{"maxGcShare", 0.10}, {"minRunTimeMs", 5000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
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
            f.fix =
                "Give tasks more heap: raise spark.executor.memory or lower spark.executor.cores; "
                "avoid caching deserialized objects (MEMORY_ONLY_SER), or try "
                "spark.executor.extraJavaOptions=-XX:+UseG1GC";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId), stageWindow(s)};
            f.focusMetric = HistogramMetric::GcTime;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
