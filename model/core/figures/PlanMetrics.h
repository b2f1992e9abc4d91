// SQL plan node metrics as Spark's SQL tab and the History Server's SQL endpoint compute them
// (SQLAppStatusListener, MetricUtils.stringValue): per stage of the execution's jobs, the latest
// attempt's values by task index (each slot overwritten by later updates until a successful
// attempt of that index freezes it, never-updated slots of a metric counting as 0), the stages'
// values concatenated with the driver's updates; for non-sum metrics the max's stage and task.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

// One metric's aggregate: what stringValue formats.
struct SqlMetricAggregate {
    std::string type;             // "sum", "size", "timing", "nsTiming", "average", "v2Custom_…"
    std::vector<int64_t> values;  // task slots of every stage, then the driver's updates
    int64_t sum = 0;              // of every value (a sum metric's total)
    // The largest task update (non-sum metrics), unless a driver update was larger.
    bool maxFromTask = false;
    int32_t maxStage = -1, maxAttempt = -1;
    int64_t maxTask = -1, maxValue = 0;
};

struct PlanMetricValue {
    std::string name, text;  // "number of output rows", "1,234" / "2.0 GiB (10.0 MiB, ...)"
    int64_t accumulatorId = 0;
};

class PlanMetricTable {
public:
    PlanMetricTable(const EventLogModel& model, const SqlExecution& execution);
    // The node's updated metrics with the window's text (units at 1024: formatBytes).
    std::vector<PlanMetricValue> nodeMetrics(const PlanNode& node) const;
    // The time the operator's timing metrics measured (ms; nsTiming converted), 0 without any.
    int64_t measuredTimeMs(const PlanNode& node) const;
    // The stages whose tasks updated this node's metrics (the stages that ran the operator).
    std::vector<std::pair<int32_t, int32_t>> stagesOf(const PlanNode& node) const;
    // An accumulator's total, or -1 when it was never updated.
    int64_t total(int64_t accumulatorId) const;
    const SqlMetricAggregate* aggregate(int64_t accumulatorId) const;
    // The History Server's string for the metric (MetricUtils.stringValue), "" when not updated.
    std::string sparkText(int64_t accumulatorId) const;

private:
    std::unordered_map<int64_t, SqlMetricAggregate> metrics_;
    std::unordered_map<int64_t, std::vector<std::pair<int32_t, int32_t>>> stages_;
};

// MetricUtils.stringValue of Spark 3.x/4.x: Utils.bytesToString sizes (a unit from twice its
// size: "1536.0 B"), msDurationToString times ("850 ms", "4.2 s", "3.1 m", "1.25 h").
std::string sparkMetricString(const SqlMetricAggregate& metric);
// The same figures in the window's units (formatBytes, formatDuration), on one line:
// "total (min, med, max)", the max's stage and task left to the History Server's string.
std::string windowMetricString(const SqlMetricAggregate& metric);
std::string sparkBytesToString(int64_t bytes);
std::string sparkMsDurationToString(int64_t ms);

}  // namespace stagelight
