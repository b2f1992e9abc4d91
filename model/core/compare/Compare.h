// Baseline vs trial: two runs of the same job matched stage by stage by structure, not by id (ids
// shift when a job is added or a stage is skipped), with each stage's deltas, the application's,
// the findings introduced / resolved / unchanged, and the stages that explain the change.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diagnosis/Analyzer.h"
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

struct Comparison {
    std::vector<StageMatch> matches;  // in the baseline's stage order
    std::vector<ComparedStage> unmatchedBaseline, unmatchedTrial;
    int64_t baselineWallMs = 0, trialWallMs = 0;
    int64_t baselineCriticalPathMs = 0, trialCriticalPathMs = 0;  // over every job
    double baselineIdleCores = -1, trialIdleCores = -1;
    std::vector<FindingChange> findings;
    std::vector<size_t> explaining;  // indices into matches: the stages behind most of the change
};

Comparison compareRuns(const EventLogModel& baseline, const Analysis& baselineAnalysis,
                       const EventLogModel& trial, const Analysis& trialAnalysis);

// `stagelight compare` output.
std::string comparisonJson(const Comparison& c);
std::string comparisonText(const Comparison& c);

}  // namespace stagelight
