// tiny-tasks: stages of many more tasks than cores, each with so little data that a task's fixed
// cost (launch, deserialization, a Python worker, results) is most of its time. Defaults: ≥ 100
// tasks and 4 × the cores, ≤ 8 MiB of data per task, median ≤ 500 ms (sparkforensics asks
// ≥ 100 tasks and a 500 ms median; the data bound keeps a busy 600-task stage out); reported
// when it saves 1 s, or 5 % of a short run, and not where the tasks' run time was ≥ 80 % CPU
// (they were computing, not paying a fixed cost). Stages are
// grouped by the lever that sets their partitions, one finding each ("200 shuffle partitions on
// 1 KB in 41 stages"); each stage's cost is its duration minus one task's time per wave of the
// fewer partitions it needs. Partition-discovery jobs have their own rule.
#include <algorithm>
#include <cmath>
#include <map>

#include "diagnosis/StageProfile.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

struct Tiny {
    const StageFacts* stage;
    int64_t tasks, bytes, saving, target;
};

std::string stageIds(const std::vector<Tiny>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) {
        if (i == 8) return s + " and " + std::to_string(v.size() - 8) + " more";
        s += (i ? ", " : "") + StageKey{v[i].stage->stageId, v[i].stage->attemptId}.str();
    }
    return s;
}

std::string lever(const RuleInput& in, StageProfile::Kind kind, int64_t target) {
    const std::string n = std::to_string(target);
    switch (kind) {
        case StageProfile::Kind::ShuffleRead:
            if (in.ctx.run.aqeCoalesce)
                return "AQE coalescing is on and still left these partitions: raise "
                       "spark.sql.adaptive.advisoryPartitionSizeInBytes, or set "
                       "spark.sql.adaptive.coalescePartitions.parallelismFirst=false, or lower "
                       "spark.sql.shuffle.partitions to about " + n;
            if (in.ctx.run.versionAtLeast(3, 0))
                return "Use fewer shuffle partitions: spark.sql.shuffle.partitions=" + n +
                       ", or let AQE coalesce them (spark.sql.adaptive.enabled=true); for RDD "
                       "shuffles, spark.default.parallelism or the partition count argument";
            return "Use fewer shuffle partitions: spark.sql.shuffle.partitions=" + n +
                   " (RDD shuffles: spark.default.parallelism or the partition count argument)";
        case StageProfile::Kind::FileScan:
            return "The files are small: pack more of them into each task with a larger "
                   "spark.sql.files.maxPartitionBytes and spark.sql.files.openCostInBytes, or "
                   "compact the input into fewer, larger files";
        case StageProfile::Kind::RddInput:
            return "The input splits are small: read fewer, larger files, or coalesce(" + n +
                   ") right after textFile()/hadoopFile()";
        case StageProfile::Kind::Parallelize:
            return "Parallelize into fewer slices: sc.parallelize(data, " + n + ")";
        default:
            return "Use fewer partitions: coalesce(" + n + ") before these stages";
    }
}

}  // namespace

RuleDef tinyTasksRule() {
    RuleDef r;
    r.name = "tiny-tasks";
    r.checks = "many tasks with so little data that their fixed cost is most of their time";
    r.defaults = {{"minTasks", 100}, {"minTasksPerCore", 4}, {"maxBytesPerTask", 8.0 * (1 << 20)},
                  {"maxMedianMs", 500}, {"minSavingMs", 1000}, {"minSavingShare", 0.05},
                  {"floorMs", 200}, {"computeCpuShare", 0.8}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        std::map<StageProfile::Kind, std::vector<Tiny>> groups;
        for (const StageFacts& s : in.ctx.stages) {
            const int64_t tasks = int64_t(s.rows.size());
            const double cores = averageSlots(s);
            if (double(tasks) < p["minTasks"] || double(tasks) < p["minTasksPerCore"] * cores ||
                double(s.p50) > p["maxMedianMs"])
                continue;
            const int64_t bytes = s.shuffleReadBytes() + s.metrics[TaskField::InputBytesRead] +
                                  s.metrics[TaskField::ShuffleBytesWritten];
            if (double(bytes) > p["maxBytesPerTask"] * double(tasks)) continue;
            const StageProfile profile = profileStage(in.ctx, s);
            if (profile.kind == StageProfile::Kind::PartitionDiscovery) continue;
            // Fewer partitions: as many as the cores, or one per 64 MiB.
            const int64_t target = std::max<int64_t>(
                saturatingInt64(std::ceil(cores)), saturatingInt64(std::ceil(double(bytes) / double(64 << 20))));
            const double waves = std::ceil(double(target) / cores);
            const int64_t ideal = saturatingInt64(waves * double(s.p50));
            const int64_t saving = std::max<int64_t>(0, s.durationMs - ideal);
            // Tasks whose run time is nearly all CPU are computing, not paying a fixed cost
            // (a range or a generator of rows has no input bytes): fewer partitions save nothing.
            const int64_t run = s.metrics[TaskField::ExecutorRunTime];
            const double cpuMs = double(s.metrics[TaskField::ExecutorCpuTime]) / 1e6;
            if (run > 0 && cpuMs >= p["computeCpuShare"] * double(run)) continue;
            if (saving <= 0) continue;
            groups[profile.kind].push_back({&s, tasks, bytes, saving, target});
        }
        for (auto& [kind, stages] : groups) {
            int64_t saving = 0, bytes = 0, tasks = 0, target = 0;
            for (const Tiny& t : stages) {
                saving += t.saving;
                bytes += t.bytes;
                tasks += t.tasks;
                target = std::max(target, t.target);
            }
            // 1 s, or 5 % of a short run.
            if (double(saving) < p["floorMs"] ||
                (double(saving) < p["minSavingMs"] &&
                 double(saving) < p["minSavingShare"] * double(in.ctx.wallMs)))
                continue;
            std::sort(stages.begin(), stages.end(),
                      [](const Tiny& a, const Tiny& b) { return a.saving > b.saving; });
            const Tiny& top = stages.front();
            Finding f;
            f.id = "tiny-tasks:" + std::string(stageKindName(kind)) + ":stage-" +
                   StageKey{top.stage->stageId, top.stage->attemptId}.str();
            f.stage = {top.stage->stageId, top.stage->attemptId};
            const bool one = stages.size() == 1;
            f.title = one ? std::to_string(top.tasks) + " tiny tasks in " + in.ctx.stageLabel(*top.stage)
                          : std::to_string(tasks) + " tiny tasks in " + std::to_string(stages.size()) +
                                " " + std::string(stageKindName(kind)) + " stages";
            f.detail = (one ? "The stage" : "Stages " + stageIds(stages)) + " ran " +
                       countText(tasks, "task", "tasks") + " on " + formatBytes(bytes) +
                       " of data in all (" + formatBytes(bytes / std::max<int64_t>(1, tasks)) +
                       " per task); the median task took " + formatDuration(top.stage->p50) +
                       ", most of it fixed cost. With about " + std::to_string(target) +
                       " partitions " + (one ? "it" : "they") + " would take " +
                       formatDuration(saving) + " less.";
            f.costMethod = "each stage's duration minus one median task per wave of the fewer "
                           "partitions";
            f.fix = lever(in, kind, target);
            for (const Tiny& t : stages) {
                const StageKey key{t.stage->stageId, t.stage->attemptId};
                if (f.evidence.size() < 8) f.evidence.push_back(Evidence::stage(key.stage, key.attempt));
                claim(f, in, stageSlices(in, key), t.saving);
            }
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
