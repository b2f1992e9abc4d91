// Why a stage's slow tasks were slow, asked before they are labelled: each outlier (≥ 3 × the
// median task, ≥ 1 s) is split into Spark's phases and compared with the median task, its
// executor's age and its place in the stage, then given one cause: more data than the others
// (shuffle skew, or uneven input splits on a scan), a cache miss (its cached input read from
// Hadoop while the others read memory), a cold executor (deserialization on an executor seconds
// old), the first wave of a stage warming up (later waves fast, same data), waiting on the
// driver (scheduler delay), or, failing all of these, a straggler. The task-skew and straggler
// rules turn the groups into findings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diagnosis/Context.h"

namespace stagelight {

struct SlowTaskGroup {
    enum class Cause { ShuffleSkew, InputSkew, CacheMiss, ColdExecutor, WarmUp, DriverWait, Straggler };
    Cause cause = Cause::Straggler;
    std::vector<uint32_t> rows;  // the group's tasks, longest first
    std::vector<int64_t> fixedMs;  // per row, what it would take without the cause (the replay)
    int64_t longestMs = 0;
    // Wall clock the stage would have saved had these tasks taken the median task's time: a
    // replay of the stage's tasks on its slots, both ways, scaled to its real duration.
    int64_t savingMs = 0;
    // What the group has in common, for the finding's text (set by the cause).
    int64_t excessMs = 0;         // their time beyond the median task's, together
    int64_t phaseExcessMs = 0;    // of which in the phase that names the cause
    int64_t dataBytes = 0;        // the largest task's data (skew)
    int64_t youngestExecutorAgeMs = -1, oldestExecutorAgeMs = -1;  // cold: launch − executor added
    std::vector<std::string> executors, hosts;
};
std::string_view slowCauseId(SlowTaskGroup::Cause c);  // the Finding::cause vocabulary

struct SlowTaskAnalysis {
    int64_t medianMs = 0, medianDataBytes = 0;
    int slots = 0;  // most tasks of the stage running at once
    std::vector<SlowTaskGroup> groups;  // by saving, largest first
};

SlowTaskAnalysis explainSlowTasks(const DiagnosisContext& ctx, const StageFacts& stage);

// A stage whose end dragged on fewer than half its cores (a straggler-tail slice) although no
// task was an outlier: its longest tasks (above the 90th percentile) that finished in the tail
// with no more data than 1.5 × the median task, grouped as stragglers, saving what capping them
// at the 90th percentile would (the same replay). Empty when they carried more data.
SlowTaskGroup explainTail(const DiagnosisContext& ctx, const StageFacts& stage, int64_t tailStartMs);

// The stage's duration saved if the tasks `faster` ran in `newMs` each (a list-scheduling
// replay on `slots` slots, scaled to the stage's real duration).
int64_t replaySaving(const DiagnosisContext& ctx, const StageFacts& stage, int slots,
                     const std::vector<uint32_t>& faster, int64_t newMs);
// The same with a new duration per task (`newMs[i]` for `faster[i]`).
int64_t replaySaving(const DiagnosisContext& ctx, const StageFacts& stage, int slots,
                     const std::vector<uint32_t>& faster, const std::vector<int64_t>& newMs);

}  // namespace stagelight
