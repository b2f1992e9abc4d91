// SQL execution events (Jackson-serialised, camelCase keys) and the sparkPlanInfo tree.
#include "parse/EventDecoder.h"

#include <unordered_set>

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

SqlExecution& EventDecoder::sqlFor(int64_t id) {
    auto [it, inserted] = model_.sqlIndex.try_emplace(id, model_.sqlExecutions.size());
    if (!inserted) return model_.sqlExecutions[it->second];
    SqlExecution& s = model_.sqlExecutions.emplace_back();
    s.id = id;
    return s;
}

PlanMetric EventDecoder::readPlanMetric(Value v) {
    PlanMetric metric;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "name")
            metric.name = std::string(readString(val, k, problems_));
        else if (k == "accumulatorId")
            metric.accumulatorId = readInt(val, k, problems_);
        else if (k == "metricType")
            metric.metricType = std::string(readString(val, k, problems_));
    });
    return metric;
}

void EventDecoder::readPlanNode(Value v, SqlPlan& plan, int32_t index, int depth) {
    // Decoding recurses per plan level; the loader's thread has room for this many.
    constexpr int kMaxPlanDepth = 5000;
    if (depth > kMaxPlanDepth) throw simdjson::simdjson_error(simdjson::DEPTH_ERROR);
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "nodeName")
            plan.nodes[size_t(index)].nodeName = std::string(readString(val, k, problems_));
        else if (k == "simpleString")
            plan.nodes[size_t(index)].simpleString = std::string(readString(val, k, problems_));
        else if (k == "metadata")
            plan.nodes[size_t(index)].metadata = readProperties(val, k, problems_);
        else if (k == "metrics" && !isNull(val))
            forEachElement(val, [&](od::value m) {
                plan.nodes[size_t(index)].metrics.push_back(readPlanMetric(m));
            });
        else if (k == "children" && !isNull(val))
            forEachElement(val, [&](od::value child) {
                const auto childIndex = int32_t(plan.nodes.size());
                plan.nodes.emplace_back();
                plan.nodes[size_t(index)].children.push_back(childIndex);
                readPlanNode(child, plan, childIndex, depth + 1);
            });
    });
}

void EventDecoder::addPlanMetrics(SqlExecution& exec, const SqlPlan& plan) {
    // A set, not a scan per metric: plans of thousands of operators are updated many times.
    std::unordered_set<int64_t> known;
    for (const PlanMetric& m : exec.metrics) known.insert(m.accumulatorId);
    for (const PlanNode& node : plan.nodes)
        for (const PlanMetric& m : node.metrics)
            if (known.insert(m.accumulatorId).second) exec.metrics.push_back(m);
}

void EventDecoder::sqlExecutionStart(od::object& e, const SourceRef& where) {
    int64_t id = -1;
    SqlExecution scratch;
    bool hasPlan = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            id = readInt(v, k, problems_, -1);
        else if (k == "rootExecutionId")
            scratch.rootExecutionId = readInt(v, k, problems_, -1);
        else if (k == "description")
            scratch.description = std::string(readString(v, k, problems_));
        else if (k == "details")
            scratch.details = std::string(readString(v, k, problems_));
        else if (k == "physicalPlanDescription")
            scratch.plan.physicalPlanDescription = std::string(readString(v, k, problems_));
        else if (k == "sparkPlanInfo" && !isNull(v)) {
            scratch.plan.nodes.emplace_back();
            readPlanNode(v, scratch.plan, 0, 0);
            hasPlan = true;
        } else if (k == "time")
            scratch.startTime = readInt(v, k, problems_, -1);
        else if (k == "modifiedConfigs")
            scratch.modifiedConfigs = readProperties(v, k, problems_);
    }
    if (id < 0) {
        problems_.add("executionId", "missing; event skipped");
        return;
    }
    noteTime(scratch.startTime);
    SqlExecution& exec = sqlFor(id);
    exec.rootExecutionId = scratch.rootExecutionId;
    exec.description = std::move(scratch.description);
    exec.details = std::move(scratch.details);
    exec.startTime = scratch.startTime;
    exec.modifiedConfigs = std::move(scratch.modifiedConfigs);
    exec.startedAt = where;
    exec.started = true;
    if (hasPlan || exec.plan.nodes.empty()) exec.plan = std::move(scratch.plan);
    addPlanMetrics(exec, exec.plan);
}

void EventDecoder::sqlExecutionEnd(od::object& e) {
    int64_t id = -1, time = -1;
    std::string error;
    bool hasError = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            id = readInt(v, k, problems_, -1);
        else if (k == "time")
            time = readInt(v, k, problems_, -1);
        else if (k == "errorMessage") {
            bool wasNull = false;
            error = std::string(readString(v, k, problems_, &wasNull));
            hasError = !wasNull;
        }
    }
    if (id < 0) return problems_.add("executionId", "missing; event skipped");
    noteTime(time);
    SqlExecution& exec = sqlFor(id);
    exec.endTime = time;
    exec.errorMessage = std::move(error);
    exec.hasErrorMessage = hasError;
}

void EventDecoder::sqlAdaptiveUpdate(od::object& e) {
    int64_t id = -1;
    SqlPlan plan;
    bool hasPlan = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            id = readInt(v, k, problems_, -1);
        else if (k == "physicalPlanDescription")
            plan.physicalPlanDescription = std::string(readString(v, k, problems_));
        else if (k == "sparkPlanInfo" && !isNull(v)) {
            plan.nodes.emplace_back();
            readPlanNode(v, plan, 0, 0);
            hasPlan = true;
        }
    }
    if (id < 0 || !hasPlan) return;
    SqlExecution& exec = sqlFor(id);
    addPlanMetrics(exec, plan);
    if (exec.planUpdates == 0) exec.initialPlan = std::move(exec.plan);
    exec.plan = std::move(plan);
    ++exec.planUpdates;
}

void EventDecoder::sqlAdaptiveMetricUpdates(od::object& e) {
    int64_t id = -1;
    std::vector<PlanMetric> metrics;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            id = readInt(v, k, problems_, -1);
        else if (k == "sqlPlanMetrics" && !isNull(v))
            forEachElement(v, [&](od::value m) { metrics.push_back(readPlanMetric(m)); });
    }
    if (id < 0) return;
    SqlPlan holder;
    holder.nodes.emplace_back().metrics = std::move(metrics);
    addPlanMetrics(sqlFor(id), holder);
}

void EventDecoder::sqlDriverAccumUpdates(od::object& e) {
    int64_t id = -1;
    std::vector<std::pair<int64_t, int64_t>> updates;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            id = readInt(v, k, problems_, -1);
        else if (k == "accumUpdates" && !isNull(v))
            forEachElement(v, [&](od::value pair) {
                std::vector<int64_t> items;
                forEachElement(pair,
                               [&](od::value x) { items.push_back(readInt(x, k, problems_)); });
                if (items.size() == 2) updates.emplace_back(items[0], items[1]);
            });
    }
    if (id < 0) return;
    auto& target = sqlFor(id).driverAccumUpdates;
    target.insert(target.end(), updates.begin(), updates.end());
}

}  // namespace stagelight
