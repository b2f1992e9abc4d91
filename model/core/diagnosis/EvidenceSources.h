// Where a finding's evidence came from in the log: the event lines to show as raw JSON (read on
// demand with readSourceLines, never kept in memory).
#pragma once

#include <string>
#include <vector>

#include "diagnosis/Finding.h"
#include "model/EventLogModel.h"

namespace stagelight {

struct EvidenceSource {
    std::string label;  // "StageCompleted of stage 3.0", "TaskEnd of task 1234", ...
    SourceRef where;
};

// The events behind each piece of evidence, in the finding's order, without repeats: stage
// submitted/completed lines, the TaskEnd of at most `maxTasks` tasks per task list, the SQL
// execution's start (its plan), the stage that first listed an RDD, the job of a time window.
std::vector<EvidenceSource> evidenceSources(const EventLogModel& model, const Finding& finding,
                                            size_t maxTasks = 10);

}  // namespace stagelight
