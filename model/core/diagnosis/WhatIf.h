// What-if: the recorded tasks replayed onto more or fewer executors (Sparklens' estimator): each
// group of overlapping jobs runs its stages in dependency order, every task attempt taking a slot
// for its recorded duration, a task's retry after the attempt it retries; the time no task ran
// (driver, waits for executors or a first task) stays as it was.
#pragma once

#include <cstdint>
#include <string>
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
    std::string caveat;        // set when that error is over 10 % of the wall clock
};

WhatIf estimateWhatIf(const DiagnosisContext& ctx, const TimeAccounting& ta);

}  // namespace stagelight
