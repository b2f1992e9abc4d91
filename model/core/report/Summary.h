// `stagelight summary`: the application, counts, and stages sorted by duration with their
// baseline figures, as text or as the JSON other tools read (documented in the README).
#pragma once

#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct SummaryCounts {
    int64_t jobs = 0, stageAttempts = 0, tasks = 0, failedTasks = 0, resubmittedTasks = 0,
            executors = 0, sqlExecutions = 0, unknownEvents = 0, malformedLines = 0;
};

struct Summary {
    SummaryCounts counts;
    int64_t durationMs = -1;          // application wall clock (Derived::span), -1 unknown
    std::vector<StageTotals> stages;  // stage attempts that ran, longest first
};

Summary summarize(const EventLogModel& model);
std::string summaryJson(const EventLogModel& model, const Summary& summary);
std::string summaryText(const EventLogModel& model, const Summary& summary);

}  // namespace stagelight
