// idle-cores: executors kept but not given tasks. Default: more than 50 % of executor core time
// idle (DataFlint's idleCoresTooHigh, sparkforensics' MEM). The cost is executor hours, not wall
// clock, so the finding is at least a warning whatever its time share. The idle core time is split
// into time no job ran (driver time) and time jobs ran, and the fix fits the run: in local mode
// the cores are the driver's threads; under dynamic allocation an idle timeout already at or
// below its 60 s default is not lowered (the executor-churn rule says when it is too low).
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

#include <cstdlib>

namespace stagelight::rules {

RuleDef idleCoresRule() {
    RuleDef r;
    r.name = "idle-cores";
    r.checks = "executor cores allocated but idle";
    r.defaults = {{"maxIdleShare", 0.5}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TimeAccounting& ta = in.time;
        if (ta.idleCores < 0) return RuleRun::notRun("no executor cores are logged");
        if (ta.idleCores <= p["maxIdleShare"]) return RuleRun{};
        const int64_t idleCoreMs = saturatingInt64(ta.availableCoreMs * ta.idleCores);
        double driverIdle = 0, jobIdle = 0;
        for (const Slice& sl : ta.slices)
            (sl.isDriver() ? driverIdle : jobIdle) += std::max(0.0, sl.coreMs - sl.taskMs);
        const RunFacts& run = in.ctx.run;
        const auto timeoutSet = sparkConf(in, "spark.dynamicAllocation.executorIdleTimeout");
        const std::string timeout = timeoutSet.value_or("60s");
        // Seconds of a Spark time string ("10s", "2min", "500ms", a bare number is seconds).
        const double timeoutS = [&] {
            char* end = nullptr;
            const double v = std::strtod(timeout.c_str(), &end);
            const std::string unit(end);
            if (unit.rfind("ms", 0) == 0) return v / 1000;
            if (unit.rfind("m", 0) == 0) return v * 60;
            if (unit.rfind("h", 0) == 0) return v * 3600;
            return v;
        }();
        char buf[160];
        std::snprintf(buf, sizeof buf, "%.0f %% of executor core time was idle (",
                      ta.idleCores * 100);
        Finding f;
        f.id = "idle-cores";
        f.title = "Most executor cores were idle";
        f.detail = std::string(buf) + formatDuration(idleCoreMs) +
                   " of core time): " + formatDuration(ta.taskTimeMs) + " of task time against " +
                   formatDuration(saturatingInt64(ta.availableCoreMs)) +
                   " of core time allocated. " + formatDuration(saturatingInt64(driverIdle)) +
                   " of the idle core time was outside jobs (driver time), " +
                   formatDuration(saturatingInt64(jobIdle)) + " while jobs ran.";
        f.estimatedCostMs = 0;
        f.costMethod = "costs executor hours rather than wall clock";
        f.minSeverity = Severity::Warning;
        const bool mostlyDriver = driverIdle >= jobIdle;
        if (in.ctx.localMode)
            f.fix = "Local mode: the cores are the driver machine's threads, nothing is held "
                    "for others; use fewer threads (local[N]) only to share the machine";
        else if (run.dynamicAllocation && timeoutS > 60)
            f.fix = "Release idle executors sooner: lower "
                    "spark.dynamicAllocation.executorIdleTimeout (now " + timeout + ")";
        else if (run.dynamicAllocation)
            f.fix = std::string(mostlyDriver ? "Most idle time is outside jobs (the driver-time "
                                               "findings say what ran there); "
                                             : "") +
                    "dynamic allocation already releases idle executors after " + timeout +
                    (timeoutSet ? "" : " (the default)") +
                    "; request fewer at once (spark.dynamicAllocation.executorAllocationRatio "
                    "below 1, or a lower spark.dynamicAllocation.maxExecutors)";
        else
            f.fix = mostlyDriver
                        ? "Most idle time is outside jobs: with spark.dynamicAllocation.enabled="
                          "true executors are released while no job runs; or ask for fewer "
                          "executors or cores (spark.executor.instances, spark.executor.cores)"
                        : "Ask for fewer executors or cores (spark.executor.instances, "
                          "spark.executor.cores), or turn on spark.dynamicAllocation.enabled";
        f.evidence = {Evidence::window(in.ctx.appStart, in.ctx.appEnd, "the application's run")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
