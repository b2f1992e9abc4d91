// executor-memory: heap sized far from what executors used, when peaks are logged. Defaults from
// DataFlint: peak JVM heap ÷ spark.executor.memory > 95 % (too small) or < 70 % (too big; advise
// peak × 1.2). Heap used includes garbage, so "too big" is the reliable half: "too small" needs
// a symptom as well (a stage with GC above 10 % of its run time, disk spill, or out-of-memory
// failures), and "too big" is not advised where tasks spilled at all, ran out of memory or took
// their executor down.
#include "diagnosis/rules/Heap.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef executorMemoryRule() {
    RuleDef r;
    r.name = "executor-memory";
    r.checks = "executor heap far above or near its peak use";
    r.defaults = {{"maxUsedShare", 0.95},
                  {"minUsedShare", 0.70},
                  {"symptomGcShare", 0.10},
                  {"minRunTimeMs", 5000},
                  {"minSpillBytes", 64.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const HeapFacts h = heapFacts(in);
        if (h.peak <= 0) return RuleRun::notRun("no executor peak memory metrics in the log");
        if (h.configured <= 0) return RuleRun::notRun("spark.executor.memory is unreadable");
        const double used = h.usedShare();
        if (used <= p["maxUsedShare"] && used >= p["minUsedShare"]) return RuleRun{};
        // What a heap too small would show.
        int64_t spilled = 0, memorySpilled = 0;
        std::string gcStage;
        for (const StageFacts& s : in.ctx.stages) {
            spilled += s.metrics[TaskField::DiskBytesSpilled];
            memorySpilled += s.metrics[TaskField::MemoryBytesSpilled];
            const int64_t run = s.metrics[TaskField::ExecutorRunTime];
            if (gcStage.empty() && double(run) >= p["minRunTimeMs"] &&
                double(s.metrics[TaskField::JvmGcTime]) > p["symptomGcShare"] * double(run))
                gcStage = in.ctx.stageLabel(s);
        }
        const int64_t oom = outOfMemoryFailures(in);
        const bool spill = double(spilled) >= p["minSpillBytes"];
        const bool tooSmall = used > p["maxUsedShare"];
        if (tooSmall && gcStage.empty() && !spill && oom == 0) return RuleRun{};
        // A heap that spilled, ran out or took its executor down is not too big, whatever the
        // sampled peak says.
        if (!tooSmall && (memorySpilled > 0 || oom > 0 || executorsLostByTasks(in) > 0))
            return RuleRun{};
        char share[32];
        std::snprintf(share, sizeof share, "%.0f %%", used * 100);
        Finding f;
        f.id = tooSmall ? "executor-memory:too-small" : "executor-memory:too-big";
        f.title = tooSmall ? "Executors ran near their heap limit"
                           : "Executors used little of their heap";
        f.detail = "Peak JVM heap " + formatBytes(h.peak) + " (executor " + h.peakExecutor +
                   ") is " + share + " of spark.executor.memory=" + formatBytes(h.configured) +
                   (h.configuredSet ? "" : " (the default; not set in the log)") + ".";
        if (tooSmall) {
            std::string why;
            if (!gcStage.empty()) why = "garbage collection above 10 % of run time in " + gcStage;
            if (spill) why += std::string(why.empty() ? "" : ", ") + formatBytes(spilled) + " spilled to disk";
            if (oom > 0)
                why += std::string(why.empty() ? "" : ", ") +
                       countText(oom, "task failure", "task failures") + " out of memory";
            f.detail += " The heap shows the strain: " + why + ".";
        }
        f.costMethod = "costs memory (or risks failures), not wall clock";
        f.minSeverity = tooSmall ? Severity::Warning : Severity::Info;
        const int64_t advice = saturatingInt64(double(tooSmall ? h.configured : h.peak) * 1.2);
        f.fix = "spark.executor.memory=" + std::to_string((advice >> 20) + 1) + "m";
        f.evidence = {Evidence::executor(h.peakExecutor, "the executor with the highest heap peak")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
