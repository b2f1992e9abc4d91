// too-few-partitions: a long stage with fewer tasks than the cores it had, leaving cores idle, or a
// stage reading ≥ 1 GiB over ≤ 7 tasks or in partitions over 256 MiB. Defaults: tasks < 0.5 × cores
// (sparkforensics' SHAPE rule) on a stage of ≥ 10 s; ≥ 1 GiB over ≤ 7 tasks is its PART rule;
// 256 MiB is four times AQE's 64 MiB advisory partition size (128 MiB file splits are normal).
#include <cmath>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef tooFewPartitionsRule() {
    RuleDef r;
    r.name = "too-few-partitions";
    r.checks = "a long stage with fewer tasks than cores, or very large partitions";
    r.defaults = {{"maxTasksPerCore", 0.5},
                  {"minStageMs", 10000},
                  {"minStageBytes", double(1 << 30)},
                  {"maxTasksForVolume", 7},
                  {"maxBytesPerTask", 256.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const bool coresKnown = !in.ctx.cores.empty();
        for (const StageFacts& s : in.ctx.stages) {
            const double cores = averageSlots(s);
            const double tasks = double(s.rows.size());
            const double bytes =
                double(s.shuffleReadBytes() + s.metrics[TaskField::InputBytesRead]);
            const bool fewForCores = coresKnown && double(s.durationMs) >= p["minStageMs"] &&
                                     tasks < p["maxTasksPerCore"] * cores;
            const bool bigPartitions =
                bytes >= p["minStageBytes"] &&
                (tasks <= p["maxTasksForVolume"] || bytes / tasks > p["maxBytesPerTask"]);
            if (!fewForCores && !bigPartitions) continue;
            const int64_t target =
                std::max<int64_t>(saturatingInt64(std::ceil(cores)) * 2,
                                  saturatingInt64(std::ceil(bytes / double(64 << 20))));
            Finding f;
            f.id = "too-few-partitions:stage-" + stageId(s.stageId, s.attemptId);
            f.title =
                in.ctx.stageLabel(s) + " ran " + std::to_string(s.rows.size()) + " tasks" +
                (coresKnown ? " on " + std::to_string(saturatingInt64(std::round(cores))) + " cores"
                            : "");
            f.detail = "Each task processed " + formatBytes(saturatingInt64(bytes / tasks)) +
                       " of " + formatBytes(int64_t(bytes)) +
                       (fewForCores ? "; most cores had nothing to do for " +
                                          formatDuration(s.durationMs) + "."
                                    : ".");
            f.estimatedCostMs =
                fewForCores ? saturatingInt64(double(s.durationMs) * (1.0 - tasks / cores)) : 0;
            f.costMethod = fewForCores
                               ? "the stage's duration times the share of cores without a task"
                               : "not measured: the partitions are large, the cores were not idle";
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
