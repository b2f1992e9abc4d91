// Where the wall clock went: driver-only time vs job time, each job's critical path of stages,
// gaps with their causes, idle cores overall / per stage / over time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diagnosis/Context.h"
#include "diagnosis/Slices.h"

namespace stagelight {

struct Gap {
    enum class Cause { Driver, NoExecutors, StragglerTail, IdleSlots };
    Cause cause = Cause::Driver;
    int64_t startMs = 0, endMs = 0;
    int32_t stageId = -1, stageAttemptId = -1;  // for gaps inside a stage
    std::string detail;
};
std::string_view gapCauseName(Gap::Cause c);  // the JSON name: "stragglerTail"
std::string_view gapCauseText(Gap::Cause c);  // in prose: "straggler tail"

struct CriticalPath {
    int32_t jobId = 0;
    int64_t jobDurationMs = 0, pathMs = 0;  // path: Σ longest task of each stage on the chain
    std::vector<std::pair<int32_t, int32_t>> stages;  // (stage, attempt), first to last
};

struct StageShare {
    int32_t stageId = 0, stageAttemptId = 0;
    int64_t durationMs = 0;
    double wallShare = 0;  // duration ÷ application wall clock
    double idleCores = 0;  // 1 − task time ÷ core time available during the stage
    bool onCriticalPath = false;
};

struct CoreSample {
    int64_t timeMs = 0;
    double busyCores = 0, allocatedCores = 0;
};

struct TimeAccounting {
    int64_t wallClockMs = 0, driverOnlyMs = 0, jobTimeMs = 0;
    int64_t taskTimeMs = 0;
    double availableCoreMs = 0;
    double idleCores = -1;  // -1: unknown (no executor cores logged)
    std::vector<CriticalPath> criticalPaths;
    std::vector<StageShare> stages;  // longest first
    std::vector<Gap> gaps;           // in time order
    std::vector<CoreSample> coreSeries;
    std::vector<Slice> slices;  // the wall clock, every millisecond in one slice (Slices.h)
};

TimeAccounting accountTime(const DiagnosisContext& ctx, int samples = 200);

}  // namespace stagelight
