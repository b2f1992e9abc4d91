// SQL plan node metrics as Spark's SQL tab shows them: the accumulator's total over every task
// update (plus the driver's own updates) and, for size and timing metrics, the min, median and
// max of the per-task values ("total (min, med, max)").
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct PlanMetricValue {
    std::string name, text;  // "number of output rows", "1,234" / "2.0 GiB (10.0 MiB, ...)"
    int64_t accumulatorId = 0;
};

// The per-task updates of the accumulators of one SQL execution's plan (one pass over the tasks).
class PlanMetricTable {
public:
    PlanMetricTable(const EventLogModel& model, const SqlExecution& execution);
    std::vector<PlanMetricValue> nodeMetrics(const PlanNode& node) const;
    // The time the operator's timing metrics measured (ms; nsTiming converted), 0 without any.
    int64_t measuredTimeMs(const PlanNode& node) const;
    // The stages whose tasks updated this node's metrics (the stages that ran the operator).
    std::vector<std::pair<int32_t, int32_t>> stagesOf(const PlanNode& node) const;
    // An accumulator's total over the tasks and the driver, or -1 when it was never updated.
    int64_t total(int64_t accumulatorId) const;

private:
    std::unordered_map<int64_t, std::vector<int64_t>> perTask_;
    std::unordered_map<int64_t, int64_t> driver_;
    std::unordered_map<int64_t, std::vector<std::pair<int32_t, int32_t>>> stages_;
};

// Spark's SQLMetrics.stringValue for one metric type ("sum", "size", "timing", "nsTiming",
// "average"), from its per-task values and driver total.
std::string sqlMetricText(const std::string& metricType, std::vector<int64_t> taskValues,
                          int64_t driverTotal);

}  // namespace stagelight
