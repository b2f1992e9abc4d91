// memory-per-task: spill while each task's share of executor memory is small. Anchor: Dr.
// Elephant's executor spill heuristic (spill per task vs executor memory ÷ cores). Default: a stage
// spilled and executor memory ÷ cores < 1 GiB.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef memoryPerTaskRule() {
    RuleDef r;
    r.name = "memory-per-task";
    r.checks = "spill with little executor memory per concurrent task";
    r.defaults = {{"minBytesPerTask", double(1 << 30)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        int64_t spilled = 0;
        for (const StageFacts& s : in.ctx.stages) spilled += s.metrics[TaskField::DiskBytesSpilled];
        if (spilled == 0) return RuleRun{};
        const auto memory = memoryBytes(sparkConf(in, "spark.executor.memory").value_or("1g"));
        int64_t cores = 0;
        for (const Executor& e : in.ctx.model.executors)
            cores = std::max<int64_t>(cores, e.totalCores);
        if (!memory || cores <= 0)
            return RuleRun::notRun("executor memory or cores are not logged");
        const double perTask = double(*memory) / double(cores);
        if (perTask >= p["minBytesPerTask"]) return RuleRun{};
        Finding f;
        f.id = "memory-per-task";
        f.title = "Each task gets " + formatBytes(int64_t(perTask)) + " of executor memory";
        f.detail = "spark.executor.memory=" + formatBytes(*memory) + " shared by " +
                   std::to_string(cores) + " concurrent tasks, and stages spilled " +
                   formatBytes(spilled) + " to disk.";
        f.costMethod = "see the spill findings for the time";
        f.minSeverity = Severity::Info;
        f.focusMetric = HistogramMetric::SpillDisk;  // the memory a task lacks shows as spill
        f.fix = "Fewer cores per executor (spark.executor.cores=" +
                std::to_string(std::max<int64_t>(1, cores / 2)) +
                ") or more memory (spark.executor.memory=" + std::to_string((*memory >> 20) * 2) +
                "m)";
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
