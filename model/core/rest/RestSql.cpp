#include "rest/RestSql.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <unordered_map>

#include "figures/PlanMetrics.h"
#include "model/Numeric.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace {

bool startsWith(const std::string& s, std::string_view p) {
    return s.rfind(p, 0) == 0;
}

std::string trimmed(const std::string& s) {  // Scala's trim: code points <= ' ' at both ends
    size_t b = 0, e = s.size();
    while (b < e && static_cast<unsigned char>(s[b]) <= ' ') ++b;
    while (e > b && static_cast<unsigned char>(s[e - 1]) <= ' ') --e;
    return s.substr(b, e - b);
}

// SparkPlanInfo's structural equality (what the exchange map of SparkPlanGraph keys on), by a
// hash of the name, description, metadata, metrics and children.
std::vector<uint64_t> structuralHashes(const SqlPlan& plan) {
    std::vector<uint64_t> h(plan.nodes.size(), 0);
    std::vector<char> state(plan.nodes.size(), 0);  // 0 new, 1 in progress, 2 done
    const std::hash<std::string> str;
    std::function<uint64_t(size_t, int)> of = [&](size_t i, int depth) -> uint64_t {
        if (state[i] == 2) return h[i];
        if (state[i] == 1 || depth > 10000) return 0;  // a cycle or absurd depth: never trust a log
        state[i] = 1;
        const PlanNode& n = plan.nodes[i];
        uint64_t x = str(n.nodeName) * 31 + str(n.simpleString);
        for (const auto& [k, v] : n.metadata) x = x * 1000003 ^ (str(k) * 7 + str(v));
        for (const PlanMetric& m : n.metrics)
            x = x * 1000003 ^ (str(m.name) + uint64_t(m.accumulatorId) * 13 + str(m.metricType));
        for (int32_t c : n.children)
            if (c >= 0 && size_t(c) < plan.nodes.size()) x = x * 1000003 ^ of(size_t(c), depth + 1);
        state[i] = 2;
        return h[i] = x;
    };
    for (size_t i = 0; i < plan.nodes.size(); ++i) of(i, 0);
    return h;
}

int64_t codegenNumber(const std::string& name) {  // "WholeStageCodegen (3)" → 3
    const std::string t = trimmed(name);
    const std::string_view prefix = "WholeStageCodegen (";
    if (!startsWith(t, prefix) || t.back() != ')') return -1;
    int64_t v = -1;
    const char* b = t.data() + prefix.size();
    const auto [end, ec] = std::from_chars(b, t.data() + t.size() - 1, v);
    return ec == std::errc() && end == t.data() + t.size() - 1 ? v : -1;
}

}  // namespace

SparkGraph sparkPlanGraph(const SqlPlan& plan) {
    SparkGraph g;
    if (plan.nodes.empty()) return g;
    const std::vector<uint64_t> hashes = structuralHashes(plan);
    std::unordered_map<uint64_t, int64_t> exchanges;  // structure → graph node id
    int64_t nextId = 0;
    const auto child0 = [&](size_t i) -> int64_t {
        const auto& c = plan.nodes[i].children;
        return !c.empty() && c[0] >= 0 && size_t(c[0]) < plan.nodes.size() ? c[0] : -1;
    };
    // (plan node, parent id or -1, enclosing cluster's codegen id or -2 for none)
    struct Visit {
        int64_t node, parent, cluster;
        int depth;
    };
    std::vector<Visit> stack{{0, -1, -2, 0}};
    while (!stack.empty()) {
        const Visit v = stack.back();
        stack.pop_back();
        if (v.node < 0 || v.depth > 10000) continue;
        const size_t i = size_t(v.node);
        const PlanNode& n = plan.nodes[i];
        const std::string& name = n.nodeName;
        const auto edgeTo = [&](int64_t from) {
            if (v.parent >= 0) g.edges.emplace_back(from, v.parent);
        };
        if (startsWith(name, "WholeStageCodegen")) {
            SparkGraphNode c{nextId++, int32_t(i), -1, true};
            const int64_t number = codegenNumber(name);
            g.nodes.push_back(c);
            stack.push_back({child0(i), v.parent, number >= 0 ? number : -1, v.depth + 1});
        } else if (name == "InputAdapter") {
            stack.push_back({child0(i), v.parent, -2, v.depth + 1});
        } else if (name == "BroadcastQueryStage" || name == "ShuffleQueryStage" ||
                   name == "TableCacheQueryStage") {
            const int64_t c = child0(i);
            const auto it = c >= 0 ? exchanges.find(hashes[size_t(c)]) : exchanges.end();
            if (it != exchanges.end())
                edgeTo(it->second);
            else
                stack.push_back({c, v.parent, -2, v.depth + 1});
        } else if (name == "Subquery" && v.cluster != -2) {
            stack.push_back({v.node, v.parent, -2, v.depth + 1});  // never inside a codegen
        } else if (name == "Subquery" && exchanges.count(hashes[i])) {
            edgeTo(exchanges[hashes[i]]);
        } else if (name == "ReusedSubquery") {
            stack.push_back({child0(i), v.parent, v.cluster, v.depth + 1});
        } else if (name == "ReusedExchange" && child0(i) >= 0 &&
                   exchanges.count(hashes[size_t(child0(i))])) {
            edgeTo(exchanges[hashes[size_t(child0(i))]]);
        } else {
            const int64_t id = nextId++;
            g.nodes.push_back({id, int32_t(i), v.cluster >= 0 ? v.cluster : -1, false});
            if (name.find("Exchange") != std::string::npos || name == "Subquery")
                exchanges.emplace(hashes[i], id);
            edgeTo(id);
            // Children in order: pushed last first.
            for (auto c = n.children.rbegin(); c != n.children.rend(); ++c)
                if (*c >= 0 && size_t(*c) < plan.nodes.size())
                    stack.push_back({*c, id, v.cluster, v.depth + 1});
        }
    }
    return g;
}

namespace {

// SQLExecutionUIData's status as SqlResource reports it (Spark 3.x): COMPLETED when every job
// succeeded, FAILED when one failed, else RUNNING.
std::string_view executionStatus(const EventLogModel& m, const SqlExecution& q, std::vector<int32_t>& running,
                                 std::vector<int32_t>& succeeded, std::vector<int32_t>& failed) {
    size_t jobs = 0;
    for (const Job& j : m.jobs) {
        if (j.sqlExecutionId != q.id || !j.started) continue;
        ++jobs;
        (j.result == JobResult::Succeeded ? succeeded
         : j.result == JobResult::Failed  ? failed
                                          : running)
            .push_back(j.id);
    }
    for (auto* v : {&running, &succeeded, &failed}) std::sort(v->begin(), v->end());
    if (succeeded.size() == jobs) return "COMPLETED";
    return failed.empty() ? "RUNNING" : "FAILED";
}

void writeExecution(JsonWriter& w, const EventLogModel& m, const SqlExecution& q, bool details,
                    bool planDescription) {
    std::vector<int32_t> running, succeeded, failed;
    const std::string_view status = executionStatus(m, q, running, succeeded, failed);
    // A running execution's duration runs to "now": the log's last event stands in for it.
    const int64_t end = q.endTime >= 0 ? q.endTime : m.application.lastEventTime;
    w.beginObject();
    w.field("id", q.id).field("status", status).field("description", q.description);
    w.field("planDescription", planDescription ? q.plan.physicalPlanDescription : std::string());
    w.field("submissionTime", restDate(q.startTime));
    w.field("duration", jvmSub(end, q.startTime));
    for (const auto& [key, ids] : {std::pair{"runningJobIds", &running},
                                   std::pair{"successJobIds", &succeeded},
                                   std::pair{"failedJobIds", &failed}}) {
        w.key(key).beginArray();
        for (int32_t id : *ids) w.value(id);
        w.endArray();
    }
    w.key("nodes").beginArray();
    SparkGraph graph;
    if (details) {
        graph = sparkPlanGraph(q.plan);
        const PlanMetricTable metrics(m, q);
        std::vector<const SparkGraphNode*> order;
        for (const SparkGraphNode& n : graph.nodes) order.push_back(&n);
        std::sort(order.begin(), order.end(),
                  [](const SparkGraphNode* a, const SparkGraphNode* b) { return a->id > b->id; });
        for (const SparkGraphNode* n : order) {
            const PlanNode& pn = q.plan.nodes[size_t(n->planNode)];
            w.beginObject().field("nodeId", n->id).field("nodeName", trimmed(pn.nodeName));
            if (n->codegenId >= 0) w.field("wholeStageCodegenId", n->codegenId);
            w.key("metrics").beginArray();
            for (const PlanMetric& pm : pn.metrics) {
                std::string value = metrics.sparkText(pm.accumulatorId);
                if (metrics.aggregate(pm.accumulatorId) == nullptr) continue;  // no value
                if (!value.empty() && value.front() == '\n') value.erase(0, 1);
                w.beginObject().field("name", trimmed(pm.name)).field("value", value).endObject();
            }
            w.endArray().endObject();
        }
    }
    w.endArray();
    w.key("edges").beginArray();
    for (const auto& [from, to] : graph.edges)
        w.beginObject().field("fromId", from).field("toId", to).endObject();
    w.endArray();
    if (q.hasErrorMessage) w.field("errorMessage", q.errorMessage);
    w.field("rootExecutionId", q.rootExecutionId >= 0 ? q.rootExecutionId : q.id);
    w.endObject();
}

}  // namespace

RestResponse restSql(const EventLogModel& model, const RestRequest& request, size_t next) {
    const auto& seg = request.segments;
    const bool details = boolParameter(request, "details", true);
    const bool planDescription = boolParameter(request, "planDescription", true);
    std::vector<const SqlExecution*> executions;
    for (const SqlExecution& q : model.sqlExecutions)
        if (q.started) executions.push_back(&q);
    std::sort(executions.begin(), executions.end(),
              [](const SqlExecution* a, const SqlExecution* b) { return a->id < b->id; });
    JsonWriter w;
    if (next < seg.size()) {
        if (next + 1 != seg.size()) return {404, "unsupported endpoint"};
        int64_t id = -1;
        const std::string& s = seg[next];
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
        if (ec != std::errc() || end != s.data() + s.size() || id < 0)
            return {404, "unsupported endpoint: sql/" + s};
        const auto it = std::find_if(executions.begin(), executions.end(),
                                     [&](const SqlExecution* q) { return q->id == id; });
        if (it == executions.end()) return {404, "unknown query execution id: " + s};
        writeExecution(w, model, **it, details, planDescription);
        return {200, w.str() + "\n"};
    }
    int64_t offset = 0, length = -1;
    if (!intParameter(request, "offset", 0, offset) || !intParameter(request, "length", -1, length))
        return {kBadParameterStatus, "offset and length are integers"};
    size_t from = 0, to = executions.size();
    if (length > 0) {  // SQLAppStatusStore.executionsList(offset, length)
        from = size_t(std::clamp<int64_t>(offset, 0, int64_t(executions.size())));
        to = size_t(std::min<int64_t>(int64_t(executions.size()), int64_t(from) + length));
    }
    w.beginArray();
    for (size_t i = from; i < to; ++i) writeExecution(w, model, *executions[i], details, planDescription);
    w.endArray();
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
