// stages, stages/{id}, stages/{id}/{attempt} (StageData, with details and summaries on request).
#pragma once

#include "model/EventLogModel.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

namespace stagelight {

// `next` indexes the segment after "stages".
RestResponse restStages(const EventLogModel& model, const RestRequest& request, size_t next);

}  // namespace stagelight
