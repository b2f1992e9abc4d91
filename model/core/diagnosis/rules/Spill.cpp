// spill: tasks that ran out of execution memory and wrote to disk. Defaults from sparkforensics:
// a stage spilling ≥ 64 MiB to disk or ≥ 256 MiB of memory counts (its tiers start at 256 MiB and
// 1 GiB; severity follows the cost here); ≥ 80 % of tasks without spill, or the largest spill
// > 5 × the median, makes it skew-shaped, otherwise volume-shaped. Spill time is not logged: the
// cost assumes 200 MiB/s per core to write and read the spilled bytes back.
// Fixes fit the run: AQE levers only from Spark 3.0 (and not the ones already on), the driver's
// memory in local mode.
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
        const RunFacts& run = in.ctx.run;
        const bool aqe = run.versionAtLeast(3, 0);
        const std::string moreMemory =
            in.ctx.localMode
                ? "raise spark.driver.memory (local mode runs tasks in the driver JVM) or use "
                  "fewer threads (local[N])"
                : "raise spark.executor.memory / lower spark.executor.cores";
        for (const StageFacts& s : in.ctx.stages) {
            const int64_t disk = s.metrics[TaskField::DiskBytesSpilled];
            const int64_t memory = s.metrics[TaskField::MemoryBytesSpilled];
            if (double(disk) < p["minDiskSpillBytes"] && double(memory) < p["minMemorySpillBytes"])
                continue;
            size_t without = 0;
            for (uint32_t r : s.rows) without += t.get(r, TaskField::MemoryBytesSpilled) == 0;
            const auto perTask = sortedValues(t, s.rows, TaskField::MemoryBytesSpilled);
            const int64_t medianSpill = quantileOf(perTask, 0.5);
            const bool mostWithout =
                double(without) >= p["skewShareWithoutSpill"] * double(s.rows.size());
            const bool skewShaped =
                mostWithout || (medianSpill > 0 && double(perTask.back()) >
                                                       p["skewSpillRatio"] * double(medianSpill));
            // Disk bytes are what is written and read back; without them (some logs) the
            // in-memory size stands in, about three times the serialized size.
            const double diskBytes = disk > 0 ? double(disk) : double(memory) / 3;
            const double seconds =
                2.0 * diskBytes / p["diskBytesPerSecondPerCore"] / averageSlots(s);
            const auto ids = topTasks(
                in.ctx, s, kEvidenceTasks,
                [&](uint32_t r) { return t.get(r, TaskField::MemoryBytesSpilled); },
                [&](uint32_t r) { return t.get(r, TaskField::MemoryBytesSpilled) > 0; });
            Finding f;
            f.id = "spill:stage-" + stageId(s.stageId, s.attemptId);
            f.title = std::string(skewShaped ? "A few tasks do most of the spilling in "
                                             : "Tasks spill to disk in ") +
                      in.ctx.stageLabel(s);
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.0f",
                          medianSpill > 0 ? double(perTask.back()) / double(medianSpill) : 0.0);
            const int64_t spilled = int64_t(s.rows.size() - without);
            f.detail =
                formatBytes(memory) + " of in-memory data was spilled" +
                (disk > 0 ? " as " + formatBytes(disk) + " on disk" : std::string()) + " by " +
                (spilled == int64_t(s.rows.size()) && spilled > 1
                     ? "all " + std::to_string(spilled) + " tasks"
                     : countText(spilled, "task", "tasks") + " of " + std::to_string(s.rows.size())) +
                (disk > 0 ? std::string(". ") : std::string(" (the log gives no size on disk). ")) +
                (mostWithout ? "Most tasks did not spill: the spill follows the largest partitions."
                 : skewShaped
                     ? "The largest spill is " + std::string(ratio) +
                           " × the median task's: a few partitions are much larger."
                     : "Most tasks spilled: each partition is larger than the memory a task gets.");
            f.estimatedCostMs = std::min(s.durationMs, saturatingInt64(seconds * 1000));
            f.costMethod =
                "disk bytes written and read back at 200 MiB/s per core, spread over the "
                "stage's cores";
            std::string partitions =
                !aqe ? "raise the partitions of the shuffle that feeds it "
                       "(spark.sql.shuffle.partitions, or numPartitions of the RDD operation)"
                : run.aqeCoalesce
                    ? "let AQE make smaller partitions "
                      "(spark.sql.adaptive.advisoryPartitionSizeInBytes=64m)"
                    : "raise spark.sql.shuffle.partitions (or let AQE size partitions: "
                      "spark.sql.adaptive.enabled=true, "
                      "spark.sql.adaptive.advisoryPartitionSizeInBytes=64m)";
            if (skewShaped)
                f.fix = aqe && !run.aqeSkewJoin
                            ? "Split the large partitions: salt the hot keys, or for a join let "
                              "AQE split them (spark.sql.adaptive.skewJoin.enabled=true)"
                            : "Split the large partitions: salt the hot keys or pre-aggregate "
                              "them before the shuffle";
            else if (aqe && run.aqeCoalesce && s.rows.size() > 0 &&
                     s.shuffleReadBytes() / int64_t(s.rows.size()) < (int64_t(64) << 20) &&
                     !moreMemory.empty())
                // AQE already sized the partitions under its 64 MiB target: the tasks get too
                // little memory, not too much data.
                f.fix = "The partitions are already small (" +
                        formatBytes(s.shuffleReadBytes() / int64_t(s.rows.size())) +
                        " of shuffle read per task, under AQE's 64 MiB target): " + moreMemory;
            else
                f.fix = "Give each task less data: " + partitions;
            if (!moreMemory.empty() && f.fix.find(moreMemory) == std::string::npos)
                f.fix += "; or " + moreMemory;
            f.evidence = {
                Evidence::stage(s.stageId, s.attemptId),
                Evidence::tasks(s.stageId, s.attemptId, ids,
                                listedNote("tasks that spilled", ids.size(),
                                           s.rows.size() - without, "with the most spill")),
                stageWindow(s)};
            f.focusMetric = HistogramMetric::SpillDisk;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
