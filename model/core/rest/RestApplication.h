// applications/{id} (ApplicationInfo with its attempt) and applications/{id}/environment.
#pragma once

#include "model/EventLogModel.h"
#include "text/JsonWriter.h"
#include "rest/RestApi.h"

namespace stagelight {

// One ApplicationAttemptInfo object (also used by the directory listing).
void writeApplicationAttempt(JsonWriter& w, const EventLogModel& model);
RestResponse restApplication(const EventLogModel& model);
RestResponse restEnvironment(const EventLogModel& model);

}  // namespace stagelight
