// The registry of rules (one file each under rules/) and the helpers they share.
#include <cstdio>
#include <stdexcept>

#include "diagnosis/Rule.h"

namespace stagelight {
namespace rules {
RuleDef taskSkewRule();
RuleDef stragglerRule();
RuleDef spillRule();
RuleDef smallFilesReadRule();
RuleDef smallFilesWrittenRule();
RuleDef tinyTasksRule();
RuleDef tooFewPartitionsRule();
RuleDef idleCoresRule();
RuleDef gcPressureRule();
RuleDef memoryPerTaskRule();
RuleDef executorMemoryRule();
RuleDef missedBroadcastRule();
RuleDef oversizedBroadcastRule();
RuleDef cartesianJoinRule();
RuleDef missingPushdownRule();
RuleDef wideScanRule();
RuleDef pythonUdfRule();
RuleDef recomputationRule();
RuleDef cacheWasteRule();
RuleDef failedTasksRule();
RuleDef failedStagesRule();
RuleDef speculationWasteRule();
RuleDef slowHostRule();
RuleDef coldStartRule();
RuleDef localityRule();
RuleDef incompleteLogRule();
RuleDef configRule();
}  // namespace rules

const std::vector<RuleDef>& allRules() {
    static const std::vector<RuleDef> list = {
        rules::taskSkewRule(),
        rules::stragglerRule(),
        rules::spillRule(),
        rules::smallFilesReadRule(),
        rules::smallFilesWrittenRule(),
        rules::tinyTasksRule(),
        rules::tooFewPartitionsRule(),
        rules::idleCoresRule(),
        rules::gcPressureRule(),
        rules::memoryPerTaskRule(),
        rules::executorMemoryRule(),
        rules::missedBroadcastRule(),
        rules::oversizedBroadcastRule(),
        rules::cartesianJoinRule(),
        rules::missingPushdownRule(),
        rules::wideScanRule(),
        rules::pythonUdfRule(),
        rules::recomputationRule(),
        rules::cacheWasteRule(),
        rules::failedTasksRule(),
        rules::failedStagesRule(),
        rules::speculationWasteRule(),
        rules::slowHostRule(),
        rules::coldStartRule(),
        rules::localityRule(),
        rules::incompleteLogRule(),
        rules::configRule(),
    };
    return list;
}

double RuleParams::operator[](std::string_view key) const {
    auto it = values_.find(std::string(key));
    if (it == values_.end())
        throw std::logic_error("rule threshold not declared: " + std::string(key));
    return it->second;
}

std::string stageId(int32_t stage, int32_t attempt) {
    return StageKey{stage, attempt}.str();
}

}  // namespace stagelight
