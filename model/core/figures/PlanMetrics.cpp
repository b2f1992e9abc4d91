#include "figures/PlanMetrics.h"

#include <algorithm>
#include <unordered_set>

#include "text/Format.h"

namespace stagelight {
namespace {

std::string withSeparators(int64_t v) {  // Spark formats counts with grouping
    std::string digits = std::to_string(v < 0 ? -v : v), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return v < 0 ? "-" + out : out;
}

}  // namespace

std::string sqlMetricText(const std::string& type, std::vector<int64_t> values, int64_t driver) {
    auto fmt = [&](int64_t v) {
        if (type == "size") return formatBytes(v);
        if (type == "timing") return formatDuration(v);
        if (type == "nsTiming") return formatDuration(v / 1000000);
        return withSeparators(v);
    };
    int64_t total = driver;
    for (int64_t v : values) total += v;
    if (type == "sum" || type.empty() || values.empty()) return fmt(total);
    std::sort(values.begin(), values.end());
    const std::string head = type == "average" ? "avg" : fmt(total);
    return head + " (" + fmt(values.front()) + ", " + fmt(values[values.size() / 2]) + ", " +
           fmt(values.back()) + ")";
}

PlanMetricTable::PlanMetricTable(const EventLogModel& model, const SqlExecution& execution) {
    std::unordered_set<int64_t> wanted;  // every metric of the final and the initial plan
    for (const PlanMetric& m : execution.metrics) wanted.insert(m.accumulatorId);
    for (const SqlPlan* plan : {&execution.plan, &execution.initialPlan})
        for (const PlanNode& n : plan->nodes)
            for (const PlanMetric& m : n.metrics) wanted.insert(m.accumulatorId);
    const TaskTable& t = model.tasks;
    for (size_t r = 0; r < t.size(); ++r)
        t.forEachAccumulable(r, [&](AccumulableUpdate a) {
            if (!wanted.count(a.id)) return;
            perTask_[a.id].push_back(a.update);
            const std::pair<int32_t, int32_t> stage{int32_t(t.get(r, TaskField::StageId)),
                                                    int32_t(t.get(r, TaskField::StageAttemptId))};
            auto& list = stages_[a.id];
            if (std::find(list.begin(), list.end(), stage) == list.end()) list.push_back(stage);
        });
    for (const auto& [id, value] : execution.driverAccumUpdates)
        if (wanted.count(id)) driver_[id] += value;
}

std::vector<PlanMetricValue> PlanMetricTable::nodeMetrics(const PlanNode& node) const {
    std::vector<PlanMetricValue> out;
    for (const PlanMetric& m : node.metrics) {
        const auto tasks = perTask_.find(m.accumulatorId);
        const auto driver = driver_.find(m.accumulatorId);
        if (tasks == perTask_.end() && driver == driver_.end()) continue;  // never updated
        out.push_back(
            {m.name,
             sqlMetricText(m.metricType,
                           tasks == perTask_.end() ? std::vector<int64_t>{} : tasks->second,
                           driver == driver_.end() ? 0 : driver->second),
             m.accumulatorId});
    }
    return out;
}

int64_t PlanMetricTable::measuredTimeMs(const PlanNode& node) const {
    int64_t total = 0;
    for (const PlanMetric& m : node.metrics) {
        if (m.metricType != "timing" && m.metricType != "nsTiming") continue;
        int64_t sum = 0;
        if (const auto it = perTask_.find(m.accumulatorId); it != perTask_.end())
            for (int64_t v : it->second) sum += v;
        if (const auto it = driver_.find(m.accumulatorId); it != driver_.end()) sum += it->second;
        total += m.metricType == "nsTiming" ? sum / 1000000 : sum;
    }
    return total;
}

std::vector<std::pair<int32_t, int32_t>> PlanMetricTable::stagesOf(const PlanNode& node) const {
    std::vector<std::pair<int32_t, int32_t>> out;
    for (const PlanMetric& m : node.metrics)
        if (const auto it = stages_.find(m.accumulatorId); it != stages_.end())
            for (const auto& s : it->second)
                if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    std::sort(out.begin(), out.end());
    return out;
}

int64_t PlanMetricTable::total(int64_t accumulatorId) const {
    const auto tasks = perTask_.find(accumulatorId);
    const auto driver = driver_.find(accumulatorId);
    if (tasks == perTask_.end() && driver == driver_.end()) return -1;
    int64_t sum = driver == driver_.end() ? 0 : driver->second;
    if (tasks != perTask_.end())
        for (int64_t v : tasks->second) sum += v;
    return sum;
}

}  // namespace stagelight
