// The diagnosis of one application: time accounting, what-if, and the rules' findings ranked by
// their estimated cost, with the checks that were clean and those that could not run.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "diagnosis/Finding.h"
#include "diagnosis/RuleConfig.h"
#include "diagnosis/TimeAccounting.h"
#include "diagnosis/WhatIf.h"

namespace stagelight {

struct Analysis {
    TimeAccounting time;
    WhatIf whatIf;
    std::vector<Finding> findings;  // most expensive first
    std::vector<std::string> cleanChecks;
    std::vector<std::pair<std::string, std::string>> notRunChecks;  // rule, why
};

using AnalysisPtr = std::shared_ptr<const Analysis>;

Analysis analyze(const EventLogModel& model, const RuleConfig& config = {});

// SQL metric totals: each accumulator's task updates summed, plus the driver's own updates.
std::unordered_map<int64_t, int64_t> accumulatorTotals(const EventLogModel& model);

}  // namespace stagelight
