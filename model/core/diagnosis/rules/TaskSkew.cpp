// task-skew: a stage whose longest task runs far longer than its median because it got more data.
// Defaults: max ÷ median task duration ≥ 5 (between sparkforensics' P95/P50 > 3 and DataFlint's
// max/median > 10) with the longest task ≥ 2 s (DataFlint asks 5 s; severity follows the cost's
// share of the run, so a short skew shows as info rather than not at all), or a partition > 5 ×
// the median and > 256 MiB (AQE's own definition of skew, which holds even when durations hide
// it). It counts as data skew when the longest task's shuffle read or input is ≥ 3 × the median
// (else it is a straggler). AQE splits a skewed join partition only when it is > 5 × the median and
// > 256 MiB (skewedPartitionFactor, skewedPartitionThresholdInBytes), never an aggregation's.
#include <cmath>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef taskSkewRule() {
    RuleDef r;
    r.name = "task-skew";
    r.checks = "a stage's longest task carries far more data than the median task";
    r.defaults = {{"minRatio", 5},  {"minMaxTaskMs", 2000},
                  {"minTasks", 4},  {"minDataRatio", 3},
                  {"aqeFactor", 5}, {"aqeThresholdBytes", 256.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.rows.size()) < p["minTasks"] || s.p50 <= 0) continue;
            const int64_t medianBytes = s.medianDataBytes, maxBytes = s.maxDataBytes;
            if (medianBytes <= 0 || double(maxBytes) < p["minDataRatio"] * double(medianBytes))
                continue;  // not data-driven: the straggler rule looks at it
            const bool timeSkew = double(s.max) >= p["minMaxTaskMs"] &&
                                  double(s.max) >= p["minRatio"] * double(s.p50);
            // AQE's own definition of a skewed partition, even where the durations hide it.
            const bool dataSkew = double(maxBytes) > p["aqeFactor"] * double(medianBytes) &&
                                  double(maxBytes) > p["aqeThresholdBytes"];
            if (!timeSkew && !dataSkew) continue;
            const double even = std::max(double(s.p50), double(s.taskTimeMs) / averageSlots(s));
            const int64_t cost =
                std::max<int64_t>(0, saturatingInt64(double(std::min(s.durationMs, s.max)) - even));
            const double ratio = double(s.max) / double(s.p50);
            const auto outliers = topTasks(
                in.ctx, s, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); },
                [&](uint32_t r) {
                    return double(in.ctx.taskDuration(r)) >= p["minRatio"] / 2 * double(s.p50);
                });
            const bool aqeWouldSplit = double(maxBytes) > p["aqeFactor"] * double(medianBytes) &&
                                       double(maxBytes) > p["aqeThresholdBytes"];
            Finding f;
            f.id = "task-skew:stage-" + stageId(s.stageId, s.attemptId);
            f.title = "Skewed partitions hold " + in.ctx.stageLabel(s);
            char buf[96];
            std::snprintf(buf, sizeof buf, "%.1f", ratio);
            f.detail =
                "The longest task ran " + formatDuration(s.max) + " against a median of " +
                formatDuration(s.p50) + " (" + buf + "×) because it read " + formatBytes(maxBytes) +
                " against a median of " + formatBytes(medianBytes) + ". " +
                std::to_string(outliers.size()) + " task(s) ran at least half that ratio. " +
                (aqeWouldSplit
                     ? "AQE's skew-join handling can split it if this is a sort-merge join; "
                       "it does not split aggregations."
                     : "AQE's skew-join handling would not split it: the largest partition "
                       "is below spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes "
                       "(256 MiB) or 5 × the median, and aggregations are never split.");
            f.estimatedCostMs = cost;
            f.costMethod =
                "the stage's longest task minus the stage time if its work were spread "
                "evenly over the cores it had";
            f.fix =
                "Salt the skewed key (add a random suffix, aggregate twice) or, for a join, set "
                "spark.sql.adaptive.skewJoin.enabled=true and lower "
                "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes; filter or "
                "pre-aggregate hot keys such as nulls";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId),
                          Evidence::tasks(s.stageId, s.attemptId, outliers, "the skewed tasks"),
                          stageWindow(s)};
            // Its outliers are shown by what the largest partition was read from.
            const TaskTable& t = in.ctx.model.tasks;
            for (uint32_t r : s.rows)
                if (taskDataBytes(t, r) == maxBytes) {
                    const int64_t input = t.get(r, TaskField::InputBytesRead);
                    f.focusMetric = maxBytes - input >= input ? HistogramMetric::ShuffleRead
                                                              : HistogramMetric::Input;
                    break;
                }
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
