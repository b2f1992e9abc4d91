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
RuleDef logQualityRule();
RuleDef configRule();
RuleDef driverTimeRule();
RuleDef stageWaitRule();
RuleDef driverStallRule();
RuleDef partitionDiscoveryRule();
RuleDef cpuBoundRule();
RuleDef executorChurnRule();
}  // namespace rules

namespace {
RuleDef at(RuleDef r, int precedence) {
    r.precedence = precedence;
    return r;
}
}  // namespace

const std::vector<RuleDef>& allRules() {
    // Precedence: root causes before their symptoms (Rule.h).
    static const std::vector<RuleDef> list = {
        at(rules::failedStagesRule(), 0),
        at(rules::failedTasksRule(), 5),
        rules::driverTimeRule(),
        rules::executorChurnRule(),
        rules::coldStartRule(),
        rules::stageWaitRule(),
        rules::driverStallRule(),
        rules::partitionDiscoveryRule(),
        at(rules::tooFewPartitionsRule(), 25),
        at(rules::taskSkewRule(), 30),
        // Before the slow-task causes: a locality wait claims only idle-slots slices, the time
        // tasks waited to launch, which slow running tasks do not explain.
        at(rules::localityRule(), 32),
        at(rules::stragglerRule(), 35),
        at(rules::slowHostRule(), 36),
        at(rules::speculationWasteRule(), 40),
        at(rules::smallFilesReadRule(), 45),
        at(rules::smallFilesWrittenRule(), 45),
        at(rules::recomputationRule(), 45),
        at(rules::cacheWasteRule(), 45),
        at(rules::missedBroadcastRule(), 45),
        at(rules::oversizedBroadcastRule(), 45),
        at(rules::cartesianJoinRule(), 45),
        at(rules::missingPushdownRule(), 50),
        at(rules::wideScanRule(), 50),
        at(rules::pythonUdfRule(), 50),
        // After every root cause, before the symptoms: a stage's busy phase is not a symptom of
        // a wait or a straggler tail on other slices of the stage.
        at(rules::cpuBoundRule(), 55),
        at(rules::spillRule(), 60),
        at(rules::gcPressureRule(), 60),
        at(rules::memoryPerTaskRule(), 60),
        at(rules::executorMemoryRule(), 60),
        at(rules::tinyTasksRule(), 70),
        at(rules::idleCoresRule(), 80),
        at(rules::logQualityRule(), 90),
        at(rules::configRule(), 90),
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
