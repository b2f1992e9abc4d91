// The application listing (applications?status&minDate&maxDate&minEndDate&maxEndDate&limit) and
// applications/{id} over one or several logs, with the History Server's attempt grouping.
#pragma once

#include <vector>

#include "model/EventLogModel.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

namespace stagelight {

RestResponse restApplicationList(const std::vector<const EventLogModel*>& logs,
                                 const RestRequest& request);
// All attempts of one application id (any order).
RestResponse restApplicationInfo(const std::vector<const EventLogModel*>& attempts);

// "2015-02-10" (midnight GMT) or "2015-02-03T16:42:40.000GMT"; false if neither.
bool parseRestDate(std::string_view text, int64_t& epochMillis);

}  // namespace stagelight
