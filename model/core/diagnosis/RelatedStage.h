// The stage the stage views show for a finding: its first stage evidence, else the stage its
// other evidence points at (the longest stage of its SQL execution, of the stages that listed
// its RDD, or the one that ran longest in its time window). A finding of the driver or a setting
// has none, and the stage views say so instead of keeping the previous finding's stage.
#pragma once

#include "diagnosis/Finding.h"
#include "model/EventLogModel.h"

namespace stagelight {

StageKey relatedStage(const EventLogModel& model, const Finding& finding);

// Whether the job lists the attempt's stage (as the stage table's job:N filter does).
bool stageOfJob(const EventLogModel& model, StageKey stage, int32_t jobId);
// The stage the stage views show for a job: its longest attempt of a stage it ran (a stage it
// skipped ran for an earlier job), else of any stage it lists; invalid when it lists none.
StageKey jobStage(const EventLogModel& model, int32_t jobId);
// The SQL executions of the jobs that list the stage, ascending (empty: none).
std::vector<int64_t> stageExecutions(const EventLogModel& model, StageKey stage);

}  // namespace stagelight
