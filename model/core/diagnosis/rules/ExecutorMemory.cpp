// executor-memory: heap sized far from what executors used, when peaks are logged. Defaults from
// DataFlint: peak JVM heap ÷ spark.executor.memory > 95 % (too small) or < 70 % (too big; advise
// peak × 1.2). Heap used includes garbage, so "too big" is the reliable half.
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef executorMemoryRule() {
    RuleDef r;
    r.name = "executor-memory";
    r.checks = "executor heap far above or near its peak use";
    r.defaults = {{"maxUsedShare", 0.95}, {"minUsedShare", 0.70}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        int64_t peak = -1;
        std::string where;
        for (const Executor& e : in.ctx.model.executors)
            if (e.id != "driver" && e.hasPeakMetrics &&
                e.peakMetrics[size_t(ExecutorMetric::JVMHeapMemory)] > peak) {
                peak = e.peakMetrics[size_t(ExecutorMetric::JVMHeapMemory)];
                where = e.id;
            }
        if (peak <= 0) return RuleRun::notRun("no executor peak memory metrics in the log");
        const auto configured = memoryBytes(sparkConf(in, "spark.executor.memory").value_or("1g"));
        if (!configured || *configured <= 0)
            return RuleRun::notRun("spark.executor.memory is unreadable");
        const double used = double(peak) / double(*configured);
        if (used <= p["maxUsedShare"] && used >= p["minUsedShare"]) return RuleRun{};
        char share[32];
        std::snprintf(share, sizeof share, "%.0f %%", used * 100);
        Finding f;
        f.id = used > p["maxUsedShare"] ? "executor-memory:too-small" : "executor-memory:too-big";
        f.title = used > p["maxUsedShare"] ? "Executors ran near their heap limit"
                                           : "Executors used little of their heap";
        f.detail = "Peak JVM heap " + formatBytes(peak) + " (executor " + where + ") is " + share +
                   " of spark.executor.memory=" + formatBytes(*configured) + ".";
        f.costMethod = "costs memory (or risks failures), not wall clock";
        f.minSeverity = used > p["maxUsedShare"] ? Severity::Warning : Severity::Info;
        const int64_t advice =
            saturatingInt64(double(used > p["maxUsedShare"] ? *configured : peak) * 1.2);
        f.fix = "spark.executor.memory=" + std::to_string((advice >> 20) + 1) + "m";
        f.evidence = {Evidence::executor(where, "the executor with the highest heap peak")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
