// What-if: the recorded tasks replayed onto more or fewer executors (Sparklens' estimator): each
// group of overlapping jobs runs its stages in dependency order, every task attempt taking a slot
// for its recorded duration; driver-only time and time jobs waited for executors stay as they were.
#pragma once

#include <cstdint>
#include <vector>

#include "diagnosis/TimeAccounting.h"

namespace stagelight {

struct WhatIfPoint {
    int percent = 100;  // of the executors that ran
    int64_t executors = 0, coresPerExecutor = 0;
    int64_t estimatedWallMs = 0;
    double utilization = 0;  // task time ÷ (estimated executor time × cores)
};

struct WhatIf {
    int64_t observedExecutors = 0, coresPerExecutor = 0;
    std::vector<WhatIfPoint> points;
    int64_t modelErrorMs = 0;  // estimate at 100 % minus the observed wall clock
};

WhatIf estimateWhatIf(const DiagnosisContext& ctx, const TimeAccounting& ta);

}  // namespace stagelight
