// Baseline vs trial: two runs of the same job matched stage by stage by structure, not by id (ids
// shift when a job is added or a stage is skipped), with each stage's deltas, the application's,
// the findings introduced / resolved / unchanged, and the stages that explain the change.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diagnosis/Analyzer.h"
#include "diagnosis/Slices.h"
#include "model/EventLogModel.h"

namespace stagelight {

// The figures compared per stage attempt.
struct ComparedStage {
    size_t stage = 0;  // index into EventLogModel::stages
    int32_t stageId = 0, attemptId = 0;
    std::string name;
    int64_t durationMs = 0, tasks = 0, inputBytes = 0, shuffleReadBytes = 0, shuffleWriteBytes = 0,
            spillBytes = 0, gcTimeMs = 0;
    double skewRatio = 0;  // longest ÷ median successful task duration (0 without tasks)
};

struct StageMatch {
    ComparedStage baseline, trial;
    double confidence = 0;  // 0..1: how much of the structure agrees
};

struct FindingChange {
    enum class Kind { Introduced, Resolved, Unchanged };
    Kind kind = Kind::Unchanged;
    std::string rule, title;  // the trial's finding (the baseline's when resolved)
    int64_t baselineCostMs = 0, trialCostMs = 0;
};

// The wall clock of one kind of time (a slice cause: driver before the first job, stages
// running, …) in both runs.
struct CauseChange {
    Slice::Cause cause = Slice::Cause::StageRunning;
    int64_t baselineMs = 0, trialMs = 0;
    int64_t deltaMs() const { return trialMs - baselineMs; }
};

struct Comparison {
    std::vector<StageMatch> matches;  // in the baseline's stage order
    std::vector<ComparedStage> unmatchedBaseline, unmatchedTrial;
    int64_t baselineWallMs = 0, trialWallMs = 0;
    int64_t baselineCriticalPathMs = 0, trialCriticalPathMs = 0;  // over every job
    double baselineIdleCores = -1, trialIdleCores = -1;
    std::vector<FindingChange> findings;
    std::vector<size_t> explaining;  // indices into matches: the stages behind most of the change
    // The wall clock by slice cause, the largest change in the wall clock's direction first: the
    // time outside stages (the driver, waiting for executors) changes a run as much as a stage.
    std::vector<CauseChange> causes;
    // The causes behind most (80 %) of the wall clock's change, in its direction.
    std::vector<size_t> explainingCauses;  // indices into causes
};

Comparison compareRuns(const EventLogModel& baseline, const Analysis& baselineAnalysis,
                       const EventLogModel& trial, const Analysis& trialAnalysis);

// `stagelight compare` output.
std::string comparisonJson(const Comparison& c);
std::string comparisonText(const Comparison& c);
// "driver before the first job 10.2 s -> 11.7 s (+1.5 s)"
std::string causeChangeText(const CauseChange& change);

}  // namespace stagelight
