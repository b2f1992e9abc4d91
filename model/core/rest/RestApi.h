// `stagelight rest`: answers the Spark History Server's REST API (/api/v1/...) from a loaded log,
// with the History Server's own field names and semantics.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct RestResponse {
    int status = 200;  // 200, 400 (bad request) or 404 (no such resource / endpoint)
    std::string body;  // JSON for 200, a one-line message otherwise
};

// `apiPath` is what follows /api/v1/ (a leading "/api/v1/" is accepted), with its query string.
RestResponse restQuery(const EventLogModel& model, std::string_view apiPath);
// The same over several logs (a log directory): the application listing spans them all, and
// applications/ID[/ATTEMPT]/... picks the log of that application attempt.
RestResponse restQuery(const std::vector<const EventLogModel*>& logs, std::string_view apiPath);

// Which of an application's attempts (all with the id of segments[1]) the path's segments
// address, as the History Server reads applications/ID/ATTEMPT/...: the attempt's index and
// where the resource's segments start (2, or 3 after an attempt id); nullopt when none fits.
struct AttemptChoice {
    size_t attempt = 0;
    size_t next = 2;
};
std::optional<AttemptChoice> chooseAttempt(const std::vector<const Application*>& attempts,
                                           const std::vector<std::string>& segments);
// The 404 message when none fits: which attempts the application has, and how to name one.
std::string noSuchAttempt(const std::vector<const Application*>& attempts,
                          const std::vector<std::string>& segments);

// "2015-02-03T16:42:59.720GMT", the History Server's date format (UTC).
std::string restDate(int64_t epochMillis);

}  // namespace stagelight
