#include "figures/PlanGraph.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace stagelight {
namespace {

bool contains(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

std::vector<int32_t> PlanGraph::nodesOf(int32_t planNode) const {
    std::vector<int32_t> out;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].planNode == planNode) out.push_back(int32_t(i));
    return out;
}

std::vector<std::pair<int32_t, int32_t>> PlanGraph::drawnEdges() const {
    std::vector<std::vector<int32_t>> out(nodes.size());
    for (const auto& [from, to] : edges)
        if (from >= 0 && to >= 0 && size_t(from) < nodes.size() && size_t(to) < nodes.size())
            out[size_t(from)].push_back(to);
    std::vector<std::pair<int32_t, int32_t>> drawn;
    std::vector<size_t> seenBy(nodes.size(), SIZE_MAX);  // the walk that last reached a node
    std::vector<int32_t> stack;
    for (size_t u = 0; u < nodes.size(); ++u) {
        if (!nodes[u].drawn()) continue;
        // Follow edges through undrawn nodes (a plan is a tree, but never trust a log).
        stack.assign(out[u].begin(), out[u].end());
        while (!stack.empty()) {
            const int32_t v = stack.back();
            stack.pop_back();
            if (std::exchange(seenBy[size_t(v)], u) == u) continue;
            if (nodes[size_t(v)].drawn())
                drawn.emplace_back(int32_t(u), v);
            else
                stack.insert(stack.end(), out[size_t(v)].begin(), out[size_t(v)].end());
        }
    }
    return drawn;
}

bool isWholeStageCodegen(const PlanNode& node) {
    // "WholeStageCodegen (3)" since Spark 3.0, "WholeStageCodegen" before (Spark's own test).
    return node.nodeName.rfind("WholeStageCodegen", 0) == 0;
}

bool isShuffleExchange(const PlanNode& node) {
    const std::string& n = node.nodeName;
    // "Exchange" (ShuffleExchangeExec), "ShuffleExchange" (2.x), "GpuColumnarExchange" (RAPIDS).
    const bool exchange = n == "Exchange" || n.rfind("Exchange ", 0) == 0 ||
                          (n.size() >= 8 && n.compare(n.size() - 8, 8, "Exchange") == 0);
    return exchange && !contains(n, "Broadcast") && !contains(n, "Reused");
}

bool isShuffleReadMetric(const std::string& name) {
    // SQLShuffleReadMetricsReporter's names: "remote blocks read", "local bytes read",
    // "records read", "fetch wait time", "remote reqs duration", push-based "merged" variants.
    return contains(name, " read") || contains(name, "fetch wait") ||
           contains(name, "reqs duration") || contains(name, "corrupt merged") ||
           contains(name, "fallback count");
}

PlanGraph buildPlanGraph(const SqlPlan& plan, const PlanMetricTable& table) {
    PlanGraph g;
    // Display nodes that take a plan node's input (bottom) and give its output (top).
    std::vector<int32_t> bottom(plan.nodes.size()), top(plan.nodes.size());
    const auto add = [&](int32_t index, const PlanNode& part, ExchangeHalf half) {
        PlanGraphNode n;
        n.planNode = index;
        n.half = half;
        n.title = plan.nodes[size_t(index)].nodeName + (half == ExchangeHalf::Write  ? " (write)"
                                                        : half == ExchangeHalf::Read ? " (read)"
                                                                                     : "");
        n.metrics = table.nodeMetrics(part);
        const auto stages = table.stagesOf(part);
        if (!stages.empty()) n.stage = stages.front();
        n.measuredTimeMs = table.measuredTimeMs(part);
        g.nodes.push_back(std::move(n));
        return int32_t(g.nodes.size() - 1);
    };
    for (size_t i = 0; i < plan.nodes.size(); ++i) {
        const PlanNode& node = plan.nodes[i];
        PlanNode write, read;
        if (isShuffleExchange(node))
            for (const PlanMetric& m : node.metrics)
                (isShuffleReadMetric(m.name) ? read : write).metrics.push_back(m);
        if (!write.metrics.empty() && !read.metrics.empty()) {
            bottom[i] = add(int32_t(i), write, ExchangeHalf::Write);
            top[i] = add(int32_t(i), read, ExchangeHalf::Read);
            g.edges.emplace_back(bottom[i], top[i]);
        } else {
            bottom[i] = top[i] = add(int32_t(i), node, ExchangeHalf::None);
        }
    }
    for (size_t i = 0; i < plan.nodes.size(); ++i)
        for (int32_t child : plan.nodes[i].children)
            if (child >= 0 && size_t(child) < plan.nodes.size())
                g.edges.emplace_back(top[size_t(child)], bottom[i]);
    // Codegen membership, as SparkPlanGraph builds it: the subtree under a WholeStageCodegen
    // down to (not into) its InputAdapters; a Subquery is never compiled in.
    std::vector<int32_t> owner(plan.nodes.size(), -1), stack;
    for (size_t i = 0; i < plan.nodes.size(); ++i) {
        if (!isWholeStageCodegen(plan.nodes[i]) || owner[i] >= 0) continue;
        g.nodes[size_t(top[i])].cluster = true;
        stack.assign(plan.nodes[i].children.begin(), plan.nodes[i].children.end());
        while (!stack.empty()) {
            const int32_t c = stack.back();
            stack.pop_back();
            if (c < 0 || size_t(c) >= plan.nodes.size() || owner[size_t(c)] >= 0) continue;
            const PlanNode& n = plan.nodes[size_t(c)];
            if (n.nodeName == "InputAdapter") {
                g.nodes[size_t(top[size_t(c)])].hidden = true;
                continue;
            }
            if (isWholeStageCodegen(n) || n.nodeName == "Subquery" ||
                n.nodeName == "SubqueryBroadcast" || isShuffleExchange(n))
                continue;
            owner[size_t(c)] = top[i];
            g.nodes[size_t(top[size_t(c)])].codegen = top[i];
            if (bottom[size_t(c)] != top[size_t(c)]) g.nodes[size_t(bottom[size_t(c)])].codegen = top[i];
            stack.insert(stack.end(), n.children.begin(), n.children.end());
        }
    }
    return g;
}

}  // namespace stagelight
