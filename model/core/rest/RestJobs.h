// applications/{id}/jobs[?status=...] and applications/{id}/jobs/{jobId} (REST JobData).
#pragma once

#include "model/EventLogModel.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

namespace stagelight {

// `next` indexes the segment after "jobs".
RestResponse restJobs(const EventLogModel& model, const RestRequest& request, size_t next);

}  // namespace stagelight
