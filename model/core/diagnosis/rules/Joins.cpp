#include "diagnosis/rules/Joins.h"

namespace stagelight::rules {

std::optional<int64_t> inputSize(const RuleInput& in, const SqlPlan& plan, int32_t node) {
    std::vector<int32_t> stack{node};
    while (!stack.empty()) {
        const int32_t at = stack.back();
        stack.pop_back();
        if (at < 0 || size_t(at) >= plan.nodes.size()) continue;
        const PlanNode& n = plan.nodes[size_t(at)];
        if (auto size = nodeMetric(in, n, "data size")) return size;
        if (auto size = nodeMetric(in, n, "shuffle bytes written")) return size;
        if (auto size = nodeMetric(in, n, "size of files read")) return size;
        for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.push_back(*it);
    }
    return std::nullopt;
}

}  // namespace stagelight::rules
