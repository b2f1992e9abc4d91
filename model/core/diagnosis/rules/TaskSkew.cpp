// task-skew: a few tasks of a stage read far more data than the median task and hold the
// stage (SlowTasks.h: ≥ 3 × the median task's time and data, 8 MiB more). Two causes: shuffle
// skew (hot keys: salting, or AQE's skew join for a sort-merge join from Spark 3.0) and uneven
// input splits on a scan (a few files or row groups carry the data: AQE never splits a scan).
// Reported when the replay says fixing it saves ≥ 1 s and 1 % of the wall clock.
#include <cmath>

#include "diagnosis/SlowTasks.h"
#include "diagnosis/StageProfile.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

bool planHas(const EventLogModel& m, const StageAttempt& a, std::string_view op) {
    for (int32_t id : a.jobIds)
        if (const Job* j = m.job(id))
            if (const SqlExecution* q = m.sqlExecution(j->sqlExecutionId))
                for (const PlanNode& n : q->plan.nodes)
                    if (n.nodeName.find(op) != std::string::npos) return true;
    return false;
}

std::string ratioText(double r) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f×", r);
    return buf;
}

std::string shuffleFix(const RuleInput& in, const StageAttempt& a, int64_t largest,
                       int64_t medianBytes) {
    const EventLogModel& m = in.ctx.model;
    const bool join = planHas(m, a, "SortMergeJoin");
    const std::string salt =
        "salt the hot key (add a random suffix to it, aggregate or join twice) or filter and "
        "pre-aggregate hot keys such as nulls";
    if (!join || !in.ctx.run.versionAtLeast(3, 0))
        return "Spread the hot keys: " + salt +
               (join ? "" : " (AQE's skew handling never splits an aggregation)");
    if (!in.ctx.run.aqeSkewJoin)
        return "Let AQE split the skewed join partition: spark.sql.adaptive.enabled=true and "
               "spark.sql.adaptive.skewJoin.enabled=true; or " + salt;
    // AQE's skew join is on: say which of its two conditions the partition missed.
    const auto threshold = memoryBytes(
        sparkConf(in, "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes").value_or("256m"));
    const double factor = std::atof(
        sparkConf(in, "spark.sql.adaptive.skewJoin.skewedPartitionFactor").value_or("5").c_str());
    std::string why;
    if (threshold && largest <= *threshold)
        why = "the largest partition, " + formatBytes(largest) +
              ", is below spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes (" +
              formatBytes(*threshold) + "): lower it";
    else if (double(largest) <= factor * double(medianBytes))
        why = "the largest partition is not " + ratioText(factor) +
              " the median (spark.sql.adaptive.skewJoin.skewedPartitionFactor): lower it";
    else
        why = "the skewed side may be one AQE cannot split (the outer side of an outer join)";
    return "AQE's skew join is on but did not split it: " + why + "; or " + salt;
}

}  // namespace

RuleDef taskSkewRule() {
    RuleDef r;
    r.name = "task-skew";
    r.checks = "a few tasks of a stage read far more data than the others and hold it";
    r.defaults = {{"minSavingMs", 1000}, {"minSavingShare", 0.01}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        for (const StageFacts& s : in.ctx.stages) {
            const SlowTaskAnalysis& a = in.slowTasksOf(s);
            for (const SlowTaskGroup& g : a.groups) {
                if (g.cause != SlowTaskGroup::Cause::ShuffleSkew &&
                    g.cause != SlowTaskGroup::Cause::InputSkew)
                    continue;
                if (double(g.savingMs) < p["minSavingMs"] ||
                    double(g.savingMs) < p["minSavingShare"] * double(in.ctx.wallMs))
                    continue;
                const bool input = g.cause == SlowTaskGroup::Cause::InputSkew;
                const StageKey key{s.stageId, s.attemptId};
                const StageAttempt& stage = m.stages[s.stageIndex];
                Finding f;
                f.id = std::string(input ? "input-skew" : "task-skew") + ":stage-" + key.str();
                f.cause = std::string(slowCauseId(g.cause));
                f.title = (input ? "Uneven input splits hold " : "Skewed partitions hold ") +
                          in.ctx.stageLabel(s);
                const double ratio = double(g.dataBytes) / double(std::max<int64_t>(1, a.medianDataBytes));
                const bool one = g.rows.size() == 1;  // "1 task ran 9.8 s … because it read"
                f.detail = countText(int64_t(g.rows.size()), "task", "tasks") +
                           (one ? " ran " : " ran up to ") + formatDuration(g.longestMs) +
                           " against a median of " + formatDuration(a.medianMs) +
                           (one ? " because it read " : " because they read up to ") +
                           formatBytes(g.dataBytes) + (input ? " of input" : " of shuffle data") +
                           " against a median of " + formatBytes(a.medianDataBytes) + " (" +
                           ratioText(ratio) + ").";
                if (input)
                    f.detail += " The stage reads no shuffle: the data sits unevenly in its input "
                                "files or row groups, which AQE never splits.";
                f.costMethod = "a replay of the stage's tasks on its " +
                               countText(a.slots, "slot", "slots") +
                               (one ? " with the skewed task" : " with the skewed tasks") +
                               " at the median task's time";
                if (input) {
                    const auto split = sparkConf(in, "spark.sql.files.maxPartitionBytes");
                    f.fix = "Rewrite the input into evenly sized files (or row groups), or "
                            "repartition() right after reading it; for splittable files "
                            "spark.sql.files.maxPartitionBytes" +
                            (split ? " (now " + *split + ")" : std::string(" (128 MiB by default)")) +
                            " caps how much one task reads";
                } else {
                    f.fix = shuffleFix(in, stage, g.dataBytes, a.medianDataBytes);
                }
                const std::vector<int64_t> ids =
                    rankedTaskIds(in.ctx, g.rows, {});  // longest first already
                f.evidence = {Evidence::stage(s.stageId, s.attemptId),
                              Evidence::tasks(s.stageId, s.attemptId, ids,
                                              listedNote(input ? "tasks with the largest input"
                                                               : "tasks with the most shuffle data",
                                                         ids.size(), g.rows.size(), "longest")),
                              stageWindow(s)};
                f.focusMetric = input ? HistogramMetric::Input : HistogramMetric::ShuffleRead;
                claim(f, in, stageSlices(in, key), g.savingMs);
                out.push_back(std::move(f));
            }
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
