// too-few-partitions: a stage whose tasks were busy working (not waiting on the driver) but too
// few or too big for the cores it had or could have had: fewer tasks than half the cores
// (sparkforensics' SHAPE), or partitions over 256 MiB (four times AQE's 64 MiB advisory size;
// 128 MiB file splits are normal). Cost: its wall clock minus its task time spread over the
// cores more partitions would use (dynamic allocation's maximum when it is on). The fix names
// the lever that sets this stage's partitions: an explicit repartition(N) in the plan, the
// shuffle partitions, the file split size, an RDD's input splits.
#include <algorithm>
#include <cmath>

#include "diagnosis/StageProfile.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

std::string leverFor(const RuleInput& in, const StageProfile& p, int64_t target, int64_t bytes,
                     int64_t tasks) {
    const std::string n = std::to_string(target);
    if (p.explicitPartitions > 0)
        return "The plan repartitions to " + std::to_string(p.explicitPartitions) +
               " partitions before this stage (repartition(" +
               std::to_string(p.explicitPartitions) + ")): raise it to " + n;
    switch (p.kind) {
        case StageProfile::Kind::FileScan: {
            const int64_t split = std::max<int64_t>(int64_t(8) << 20, bytes / std::max<int64_t>(1, target));
            return "Read the input in more splits: lower spark.sql.files.maxPartitionBytes to about " +
                   formatBytes(split) + " (from " + formatBytes(bytes / std::max<int64_t>(1, tasks)) +
                   " per task now); files that cannot be split (gzip) need rewriting into more files";
        }
        case StageProfile::Kind::RddInput:
            return "Read the input in more splits: pass minPartitions=" + n +
                   " to textFile()/hadoopFile(), or repartition(" + n + ") after reading";
        case StageProfile::Kind::ShuffleRead:
            if (in.ctx.run.aqeCoalesce)
                return "Give the shuffle more partitions: spark.sql.shuffle.partitions=" + n +
                       " with a smaller spark.sql.adaptive.advisoryPartitionSizeInBytes (AQE "
                       "coalesces partitions up to it), or repartition(" + n + ")";
            return "Give the shuffle more partitions: spark.sql.shuffle.partitions=" + n +
                   " (RDD shuffles: spark.default.parallelism or the partition count argument), "
                   "or repartition(" + n + ") before this stage";
        case StageProfile::Kind::Parallelize:
            return "Parallelize the collection into more slices: sc.parallelize(data, " + n + ")";
        default:
            return "repartition(" + n + ") before this stage";
    }
}

}  // namespace

RuleDef tooFewPartitionsRule() {
    RuleDef r;
    r.name = "too-few-partitions";
    r.checks = "busy stages with fewer tasks than cores, or very large partitions";
    r.defaults = {{"maxTasksPerCore", 0.5},
                  {"minStageMs", 10000},
                  {"maxBytesPerTask", 256.0 * (1 << 20)},
                  {"minRunShare", 0.5},
                  {"minSavingShare", 0.02}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const bool coresKnown = !in.ctx.cores.empty();
        const auto maxExecutors = sparkConf(in, "spark.dynamicAllocation.maxExecutors");
        const auto executorCores = sparkConf(in, "spark.executor.cores");
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.durationMs) < p["minStageMs"] || s.taskTimeMs <= 0) continue;
            // Partition advice only where the tasks were working, not waiting.
            const double runShare =
                double(s.metrics[TaskField::ExecutorRunTime]) / double(s.taskTimeMs);
            if (runShare < p["minRunShare"]) continue;
            const double cores = averageSlots(s);
            const int64_t tasks = int64_t(s.rows.size()) - s.failedTasks - s.killedTasks;
            if (tasks <= 0) continue;
            const int64_t bytes =
                saturatingAdd(s.shuffleReadBytes(), s.metrics[TaskField::InputBytesRead]);
            const bool fewForCores = coresKnown && double(tasks) < p["maxTasksPerCore"] * cores;
            const bool bigPartitions = double(bytes) / double(tasks) > p["maxBytesPerTask"];
            if (!fewForCores && !bigPartitions) continue;
            // Partitions: two per core, and none over 128 MiB.
            const int64_t target = std::max<int64_t>(
                {saturatingInt64(std::ceil(cores)) * 2, saturatingInt64(std::ceil(double(bytes) / double(128 << 20))),
                 tasks + 1});
            // Cores more partitions could use: dynamic allocation's ceiling, else what it had.
            double usable = cores;
            if (in.ctx.run.dynamicAllocation && maxExecutors && executorCores)
                usable = std::max(cores, std::min(double(target), std::atof(maxExecutors->c_str()) *
                                                                      std::atof(executorCores->c_str())));
            // The work spread over the usable cores; no task shorter than the longest one split
            // into target ÷ tasks pieces.
            const double ideal = std::max(double(s.taskTimeMs) / std::min(usable, double(target)),
                                          double(s.max) * double(tasks) / double(target));
            const int64_t saving = saturatingInt64(std::max(0.0, double(s.durationMs) - ideal));
            if (double(saving) < p["minSavingShare"] * double(in.ctx.wallMs)) continue;
            const StageProfile profile = profileStage(in.ctx, s);
            const StageKey key{s.stageId, s.attemptId};
            Finding f;
            f.id = "too-few-partitions:stage-" + key.str();
            f.title = in.ctx.stageLabel(s) + " ran " + countText(tasks, "task", "tasks") +
                      (coresKnown ? " on " + countText(saturatingInt64(std::round(cores)), "core", "cores")
                                  : "") +
                      " for " + formatDuration(s.durationMs);
            std::string d = "Each task processed about " + formatBytes(bytes / tasks) + " (" +
                            formatBytes(bytes) + " in all" +
                            (s.shuffleReadBytes() > 0 ? " of shuffle read" : "") + ") and ran " +
                            formatDuration(s.p50) + " at the median";
            if (fewForCores)
                d += "; " + std::to_string(saturatingInt64(std::round(cores)) - tasks) + " of " +
                     std::to_string(saturatingInt64(std::round(cores))) + " cores had no task";
            d += ". With " + std::to_string(target) + " partitions the stage's " +
                 formatDuration(s.taskTimeMs) + " of task time would spread over " +
                 std::to_string(saturatingInt64(std::round(std::min(usable, double(target))))) +
                 " cores" +
                 (usable > cores + 0.5 ? " (dynamic allocation allows up to " +
                                             std::to_string(saturatingInt64(usable)) + ")"
                                       : "") +
                 ".";
            f.detail = d;
            f.costMethod = "the stage's duration minus its task time spread over the cores more "
                           "partitions would use";
            f.fix = leverFor(in, profile, target, bytes, tasks);
            f.evidence = {Evidence::stage(s.stageId, s.attemptId), stageWindow(s)};
            claim(f, in, stageSlices(in, key), saving);
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
