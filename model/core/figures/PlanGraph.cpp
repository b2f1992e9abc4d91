#include "figures/PlanGraph.h"

#include <algorithm>

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
    return g;
}

}  // namespace stagelight
