// The stage the stage views show for a finding: its first stage evidence, else the stage its
// other evidence points at (the longest stage of its SQL execution, of the stages that listed
// its RDD, or the one that ran longest in its time window). A finding of the driver or a setting
// has none, and the stage views say so instead of keeping the previous finding's stage.
#pragma once

#include "diagnosis/Finding.h"
#include "model/EventLogModel.h"

namespace stagelight {

StageKey relatedStage(const EventLogModel& model, const Finding& finding);

}  // namespace stagelight
