// Wall-clock attribution: the application's wall clock cut into slices, each millisecond in
// exactly one, each with a cause, a window and the entities behind it. Findings claim slices
// (diagnosis/Claims.h), so what a finding costs is wall clock, never counted twice.
#pragma once

#include <array>

#include "figures/TaskPhases.h"
#include "model/Numeric.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diagnosis/Context.h"

namespace stagelight {

struct Slice {
    enum class Cause {
        DriverBeforeFirstJob,  // no job yet: the driver starts, plans, lists files, waits
        DriverBetweenJobs,     // no job running between two jobs
        DriverAfterLastJob,    // after the last job: result handling, shutdown
        WaitingForExecutors,   // a job open and no executor alive
        StageWait,             // a stage submitted, no task running anywhere
        DriverInJob,           // a job open, no task running, no stage waiting to launch
        StageRunning,          // tasks running; the time goes to the stage that ends last
        IdleSlots,             // cores idle while the stage's tasks waited to launch
        StragglerTail,  // a stage with tasks for half the cores or more, down to its last tasks
                        // on fewer than half the cores (a narrow stage is StageRunning)
    };
    Cause cause = Cause::DriverBeforeFirstJob;
    int64_t startMs = 0, endMs = 0;  // epoch ms
    StageKey stage;                  // the stage it belongs to (stage causes)
    size_t stageIndex = SIZE_MAX;    // into EventLogModel::stages
    std::vector<int32_t> jobs;       // jobs open during the slice
    std::vector<StageKey> concurrent;  // other stages with tasks running meanwhile
    double taskMs = 0;                 // task time inside the slice (all stages)
    double coreMs = 0;                 // executor core time alive inside the slice
    std::vector<int64_t> sqlWithoutJobs;  // SQL executions that started here and ran no job
    int64_t explainedMs = 0;  // granted to findings (Claims.h); the rest is unexplained
    // The task time inside the slice split into Spark's seven phases (each task's phases in
    // proportion to its overlap with the slice); they add up to taskMs.
    std::array<double, kTaskPhaseCount> phaseMs{};

    int64_t durationMs() const { return saturatingSub(endMs, startMs); }
    bool isDriver() const {
        return cause == Cause::DriverBeforeFirstJob || cause == Cause::DriverBetweenJobs ||
               cause == Cause::DriverAfterLastJob;
    }
};
std::string_view sliceCauseName(Slice::Cause c);   // "driver-before-first-job", ...
std::string_view sliceCauseLabel(Slice::Cause c);  // "Driver before the first job", ...

// The slices' time by cause, largest first: what "Where the time went" lists everywhere.
struct SliceCauseTotal {
    Slice::Cause cause = Slice::Cause::StageRunning;
    int64_t ms = 0, explainedMs = 0;
    int slices = 0;
};
std::vector<SliceCauseTotal> sliceTotalsByCause(const std::vector<Slice>& slices);

// Sets each slice's phaseMs from the tasks running in it (SlicePhases.cpp).
void addTaskPhases(const DiagnosisContext& ctx, std::vector<Slice>& slices);

// Slices in time order, covering [ctx.appStart, ctx.appEnd) without gaps or overlaps.
std::vector<Slice> attributeWallClock(const DiagnosisContext& ctx);

}  // namespace stagelight
