// spill: tasks that ran out of execution memory and wrote to disk. Defaults from sparkforensics:
// a stage spilling ≥ 64 MiB to disk or ≥ 256 MiB of memory counts (its tiers start at 256 MiB and
// 1 GiB; severity follows the cost here); ≥ 80 % of tasks without spill, or the largest spill
// > 5 × the median, makes it skew-shaped, otherwise volume-shaped. Spill time is not logged: the
// cost assumes 200 MiB/s per core to write and read the spilled bytes back.
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef spillRule() {
    RuleDef r;
    r.name = "spill";
    r.checks = "execution memory spilled to disk";
    r.defaults = {{"minDiskSpillBytes", 64.0 * (1 << 20)},
                  {"minMemorySpillBytes", 256.0 * (1 << 20)},
                  {"skewShareWithoutSpill", 0.8},
                  {"skewSpillRatio", 5},
                  {"diskBytesPerSecondPerCore", 200.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        for (const StageFacts& s : in.ctx.stages) {
            const int64_t disk = s.metrics[TaskField::DiskBytesSpilled];
            const int64_t memory = s.metrics[TaskField::MemoryBytesSpilled];
            if (double(disk) < p["minDiskSpillBytes"] && double(memory) < p["minMemorySpillBytes"])
                continue;
            size_t without = 0;
            for (uint32_t r : s.rows) without += t.get(r, TaskField::MemoryBytesSpilled) == 0;
            const auto perTask = sortedValues(t, s.rows, TaskField::MemoryBytesSpilled);
            const int64_t medianSpill = quantileOf(perTask, 0.5);
            const bool skewShaped =
                double(without) >= p["skewShareWithoutSpill"] * double(s.rows.size()) ||
                (medianSpill > 0 &&
                 double(perTask.back()) > p["skewSpillRatio"] * double(medianSpill));
            // Disk bytes are what is written and read back; without them (some logs) the
            // in-memory size stands in, about three times the serialized size.
            const double diskBytes = disk > 0 ? double(disk) : double(memory) / 3;
            const double seconds =
                2.0 * diskBytes / p["diskBytesPerSecondPerCore"] / averageSlots(s);
            const auto ids = topTasks(
                in.ctx, s, 20, [&](uint32_t r) { return t.get(r, TaskField::MemoryBytesSpilled); },
                [&](uint32_t r) { return t.get(r, TaskField::MemoryBytesSpilled) > 0; });
            Finding f;
            f.id = "spill:stage-" + stageId(s.stageId, s.attemptId);
            f.title = std::string(skewShaped ? "A few skewed tasks spill in "
                                             : "Tasks spill to disk in ") +
                      in.ctx.stageLabel(s);
            f.detail =
                formatBytes(memory) + " of in-memory data was spilled as " + formatBytes(disk) +
                " on disk by " + std::to_string(s.rows.size() - without) + " of " +
                std::to_string(s.rows.size()) + " tasks. " +
                (skewShaped
                     ? "Most tasks did not spill: the spill follows the skewed partitions."
                     : "Most tasks spilled: each partition is larger than the memory a task gets.");
            f.estimatedCostMs = std::min(s.durationMs, saturatingInt64(seconds * 1000));
            f.costMethod =
                "disk bytes written and read back at 200 MiB/s per core, spread over the "
                "stage's cores";
            f.fix = skewShaped
                        ? "Fix the skew first (salting, spark.sql.adaptive.skewJoin.enabled=true)"
                        : "Give each task more memory or less data: raise "
                          "spark.sql.shuffle.partitions (or let AQE size partitions with "
                          "spark.sql.adaptive.advisoryPartitionSizeInBytes=64m), or raise "
                          "spark.executor.memory / lower spark.executor.cores";
            f.evidence = {
                Evidence::stage(s.stageId, s.attemptId),
                Evidence::tasks(s.stageId, s.attemptId, ids, "the tasks that spilled most"),
                stageWindow(s)};
            f.focusMetric = HistogramMetric::SpillDisk;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
