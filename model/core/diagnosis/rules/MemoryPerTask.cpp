// memory-per-task: spill while each task's share of executor memory is small. Anchor: Dr.
// Elephant's executor spill heuristic (spill per task vs executor memory ÷ cores). Default: a stage
// spilled and executor memory ÷ cores < 1 GiB. In local mode tasks run in the driver JVM, so the
// memory is spark.driver.memory and the cores are local[N]'s threads.
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
        const bool local = in.ctx.localMode;
        const std::string key = local ? "spark.driver.memory" : "spark.executor.memory";
        const auto set = sparkConf(in, key);
        const auto memory = memoryBytes(set.value_or("1g"));
        int64_t cores = 0;
        for (const Executor& e : in.ctx.model.executors)
            if (local || e.id != "driver") cores = std::max<int64_t>(cores, e.totalCores);
        if (local && cores <= 0) cores = in.ctx.cores.maxCores();
        if (!memory || cores <= 0)
            return RuleRun::notRun("executor memory or cores are not logged");
        const double perTask = double(*memory) / double(cores);
        if (perTask >= p["minBytesPerTask"]) return RuleRun{};
        Finding f;
        f.id = "memory-per-task";
        f.title = "Each task gets " + formatBytes(int64_t(perTask)) +
                  (local ? " of the driver's memory" : " of executor memory");
        f.detail = key + "=" + formatBytes(*memory) +
                   (set ? "" : " (the default; not set in the log)") + " shared by " +
                   std::to_string(cores) +
                   (local ? " task threads (local mode runs tasks in the driver JVM)"
                          : " concurrent tasks") +
                   ", and stages spilled " + formatBytes(spilled) + " to disk.";
        f.costMethod = "see the spill findings for the time";
        f.minSeverity = Severity::Info;
        f.focusMetric = HistogramMetric::SpillDisk;  // the memory a task lacks shows as spill
        const std::string doubled = std::to_string((*memory >> 20) * 2) + "m";
        const std::string fewer = std::to_string(std::max<int64_t>(1, cores / 2));
        f.fix = local ? "More driver memory (--driver-memory " + doubled +
                            ", set at launch) or fewer task threads (local[" + fewer + "])"
                      : "Fewer cores per executor (spark.executor.cores=" + fewer +
                            ") or more memory (spark.executor.memory=" + doubled + ")";
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
