// What the diagnosis engine reports: findings with an estimated cost and the evidence behind them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "figures/Histogram.h"
#include "model/Ids.h"

namespace stagelight {

enum class Severity { Info, Warning, Critical };
std::string_view severityName(Severity s);  // "info", "warning", "critical"

struct Evidence {
    enum class Kind { Stage, Tasks, TimeWindow, SqlNode, Rdd, Executor };
    Kind kind = Kind::Stage;
    int32_t stageId = -1, stageAttemptId = -1;
    std::vector<int64_t> taskIds;
    int64_t startMs = -1, endMs = -1;  // epoch ms
    int64_t executionId = -1, nodeId = -1;
    int32_t rddId = -1;
    std::string executorId;
    std::string note;  // what this piece of evidence shows

    static Evidence stage(int32_t stageId, int32_t attemptId, std::string note = {});
    static Evidence tasks(int32_t stageId, int32_t attemptId, std::vector<int64_t> ids,
                          std::string note = {});
    static Evidence window(int64_t startMs, int64_t endMs, std::string note = {});
    static Evidence sqlNode(int64_t executionId, int64_t nodeId, std::string note = {});
    static Evidence rdd(int32_t rddId, std::string note = {});
    static Evidence executor(std::string id, std::string note = {});
};
std::string_view evidenceKindName(Evidence::Kind k);

// Wall clock a finding explains: `ms` of time-accounting slice `slice` (Slices.h).
struct SliceClaim {
    size_t slice = 0;
    int64_t ms = 0;
};

struct Finding {
    std::string id;    // stable: rule and subject, e.g. "task-skew:stage-3.0"
    std::string rule;  // canonical rule name
    // The root cause it names, from one vocabulary (README "Causes"): "driver-before-first-job",
    // "shuffle-skew", "warm-up", …; the rule's name when the rule sets none.
    std::string cause;
    StageKey stage;    // the stage attempt it is about (the first stage evidence when unset)
    Severity severity = Severity::Info;
    std::string title, detail;
    int64_t estimatedCostMs = 0;
    std::string costMethod;  // how the cost was estimated
    std::string fix;
    std::vector<Evidence> evidence;
    // The task metric the finding is about: the histogram its outliers are shown in, in the
    // window and in the report. Rules set it, so nothing outside them compares rule names.
    HistogramMetric focusMetric = HistogramMetric::Duration;
    // Findings whose cost is not wall clock (idle cores cost executor hours, a bad setting risks
    // failures) set the least severity they deserve.
    Severity minSeverity = Severity::Info;
    // The slices the cause holds and how much of each removing it would save. A rule asks; the
    // analyzer grants each slice's milliseconds once, root causes first (RuleDef::precedence),
    // so estimatedCostMs is what was granted and the costs of all findings sum to at most the
    // wall clock. `askedMs` is what the rule asked for.
    std::vector<SliceClaim> claims;
    int64_t askedMs = 0;
    // A finding whose slices a root cause took: its id (the text says so too).
    std::string symptomOf;
    // A caveat on every other figure (the log's clock is unreliable): listed first whatever its
    // time share. A failed job is critical instead (minSeverity), ranked at least at the critical
    // share, so the run's largest sinks still lead.
    bool headline = false;
    // The cost is not wall clock (executor time, risk): ranked by its severity's lower bound.
    bool costNotWallClock = false;
};

}  // namespace stagelight
