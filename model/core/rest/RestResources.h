// executors, allexecutors, allmiscellaneousprocess, storage/rdd and storage/rdd/{id}.
#pragma once

#include "model/EventLogModel.h"
#include "rest/RestApi.h"

namespace stagelight {

RestResponse restExecutors(const EventLogModel& model, bool activeOnly);
RestResponse restMiscellaneousProcesses(const EventLogModel& model);
RestResponse restRddList(const EventLogModel& model);
RestResponse restRdd(const EventLogModel& model, const std::string& id);

}  // namespace stagelight
