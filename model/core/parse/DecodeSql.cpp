// SQL execution events (Jackson-serialised, camelCase keys) and the sparkPlanInfo tree.
#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

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

void EventDecoder::sqlExecutionStart(Object& e, const SourceRef& where) {
    events::SqlExecutionStart ev;
    SqlExecution& exec = ev.execution;
    exec.id = -1;
    exec.startedAt = where;
    exec.started = true;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            exec.id = readInt(v, k, problems_, -1);
        else if (k == "rootExecutionId")
            exec.rootExecutionId = readInt(v, k, problems_, -1);
        else if (k == "description")
            exec.description = std::string(readString(v, k, problems_));
        else if (k == "details")
            exec.details = std::string(readString(v, k, problems_));
        else if (k == "physicalPlanDescription")
            exec.plan.physicalPlanDescription = std::string(readString(v, k, problems_));
        else if (k == "sparkPlanInfo" && !isNull(v)) {
            exec.plan.nodes.emplace_back();
            readPlanNode(v, exec.plan, 0, 0);
            ev.hasPlan = true;
        } else if (k == "time")
            exec.startTime = readInt(v, k, problems_, -1);
        else if (k == "modifiedConfigs")
            exec.modifiedConfigs = readProperties(v, k, problems_);
    }
    if (exec.id < 0) return problems_.add("executionId", "missing; event skipped");
    emit(&EventSink::sqlExecutionStart, ev);
}

void EventDecoder::sqlExecutionEnd(Object& e, const SourceRef&) {
    events::SqlExecutionEnd ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            ev.executionId = readInt(v, k, problems_, -1);
        else if (k == "time")
            ev.time = readInt(v, k, problems_, -1);
        else if (k == "errorMessage") {
            bool wasNull = false;
            ev.errorMessage = std::string(readString(v, k, problems_, &wasNull));
            ev.hasErrorMessage = !wasNull;
        }
    }
    if (ev.executionId < 0) return problems_.add("executionId", "missing; event skipped");
    emit(&EventSink::sqlExecutionEnd, ev);
}

void EventDecoder::sqlAdaptiveExecutionUpdate(Object& e, const SourceRef&) {
    events::SqlAdaptiveExecutionUpdate ev;
    bool hasPlan = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            ev.executionId = readInt(v, k, problems_, -1);
        else if (k == "physicalPlanDescription")
            ev.plan.physicalPlanDescription = std::string(readString(v, k, problems_));
        else if (k == "sparkPlanInfo" && !isNull(v)) {
            ev.plan.nodes.emplace_back();
            readPlanNode(v, ev.plan, 0, 0);
            hasPlan = true;
        }
    }
    if (ev.executionId >= 0 && hasPlan) emit(&EventSink::sqlAdaptiveExecutionUpdate, ev);
}

void EventDecoder::sqlAdaptiveMetricUpdates(Object& e, const SourceRef&) {
    events::SqlAdaptiveMetricUpdates ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            ev.executionId = readInt(v, k, problems_, -1);
        else if (k == "sqlPlanMetrics" && !isNull(v))
            forEachElement(v, [&](od::value m) { ev.metrics.push_back(readPlanMetric(m)); });
    }
    if (ev.executionId >= 0) emit(&EventSink::sqlAdaptiveMetricUpdates, ev);
}

void EventDecoder::driverAccumUpdates(Object& e, const SourceRef&) {
    events::DriverAccumUpdates ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "executionId")
            ev.executionId = readInt(v, k, problems_, -1);
        else if (k == "accumUpdates" && !isNull(v))
            forEachElement(v, [&](od::value pair) {
                std::vector<int64_t> items;
                forEachElement(pair,
                               [&](od::value x) { items.push_back(readInt(x, k, problems_)); });
                if (items.size() == 2) ev.updates.emplace_back(items[0], items[1]);
            });
    }
    if (ev.executionId >= 0) emit(&EventSink::driverAccumUpdates, ev);
}

}  // namespace stagelight
