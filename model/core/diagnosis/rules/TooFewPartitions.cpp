// too-few-partitions: a long stage with fewer tasks than the cores it had, leaving cores idle.
// Defaults: tasks < 0.5 × cores (sparkforensics' SHAPE rule) on a stage of ≥ 10 s.
#include <cmath>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef tooFewPartitionsRule() {
    RuleDef r;
    r.name = "too-few-partitions";
    r.checks = "a long stage with fewer tasks than cores";
    r.defaults = {{"maxTasksPerCore", 0.5}, {"minStageMs", 10000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        if (in.ctx.cores.empty()) return RuleRun::notRun("no executor cores are logged");
        for (const StageFacts& s : in.ctx.stages) {
            const double cores = averageSlots(s);
            const double tasks = double(s.rows.size());
            if (double(s.durationMs) < p["minStageMs"] || tasks >= p["maxTasksPerCore"] * cores)
                continue;
            const int64_t target = int64_t(std::ceil(cores)) * 2;
            Finding f;
            f.id = "too-few-partitions:stage-" + stageId(s.stageId, s.attemptId);
            f.title = in.ctx.stageLabel(s) + " ran " + std::to_string(s.rows.size()) +
                      " tasks on " + std::to_string(int64_t(std::lround(cores))) + " cores";
            f.detail = "Most cores had nothing to do for " + formatMs(s.durationMs) +
                       ": each task processed a large partition alone.";
            f.estimatedCostMs = int64_t(double(s.durationMs) * (1.0 - tasks / cores));
            f.costMethod = "the stage's duration times the share of cores without a task";
            f.fix = "Split the work: repartition(" + std::to_string(target) +
                    ") before this stage, or raise spark.sql.shuffle.partitions / "
                    "spark.default.parallelism to " +
                    std::to_string(target) +
                    " (for file scans, lower spark.sql.files.maxPartitionBytes)";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId), stageWindow(s)};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
