#include "rest/RestListing.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <limits>
#include <map>

#include "text/JsonWriter.h"
#include "rest/RestApplication.h"

namespace stagelight {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
int64_t daysFromCivil(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

bool number(std::string_view s, size_t pos, size_t len, int64_t& out) {
    if (pos + len > s.size()) return false;
    const auto [ptr, ec] = std::from_chars(s.data() + pos, s.data() + pos + len, out);
    return ec == std::errc() && ptr == s.data() + pos + len;
}

// The attempts of one application, newest start first (FsHistoryProvider's order).
std::vector<const EventLogModel*> sortedAttempts(std::vector<const EventLogModel*> attempts) {
    std::stable_sort(attempts.begin(), attempts.end(), [](auto* a, auto* b) {
        return a->application.startTime > b->application.startTime;
    });
    return attempts;
}

int64_t endOf(const EventLogModel& m) {
    return m.application.sawApplicationEnd ? m.application.endTime : -1;
}

void writeApplication(JsonWriter& w, const std::vector<const EventLogModel*>& attempts) {
    w.beginObject();
    w.field("id", attempts.front()->application.id)
        .field("name", attempts.front()->application.name);
    w.key("attempts").beginArray();
    for (const EventLogModel* m : attempts) writeApplicationAttempt(w, *m);
    w.endArray().endObject();
}

}  // namespace

bool parseRestDate(std::string_view text, int64_t& epochMillis) {
    int64_t y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    if (!number(text, 0, 4, y) || text.size() < 10 || text[4] != '-' || !number(text, 5, 2, mo) ||
        text[7] != '-' || !number(text, 8, 2, d) || mo < 1 || mo > 12 || d < 1 || d > 31)
        return false;
    if (text.size() == 10) {
        epochMillis = daysFromCivil(y, mo, d) * 86400000;
        return true;
    }
    if (text.size() != 26 || text[10] != 'T' || text.substr(23) != "GMT" ||
        !number(text, 11, 2, h) || text[13] != ':' || !number(text, 14, 2, mi) || text[16] != ':' ||
        !number(text, 17, 2, s) || text[19] != '.' || !number(text, 20, 3, ms))
        return false;
    epochMillis = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60000 + s * 1000 + ms;
    return true;
}

RestResponse restApplicationList(const std::vector<const EventLogModel*>& logs,
                                 const RestRequest& request) {
    bool includeCompleted = true, includeRunning = true;
    if (const auto statuses = request.values("status"); !statuses.empty()) {
        includeCompleted = includeRunning = false;
        for (std::string s : statuses) {
            for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
            if (s == "completed")
                includeCompleted = true;
            else if (s == "running")
                includeRunning = true;
            else
                return {kBadParameterStatus, "Illegal value for ApplicationStatus: " + s};
        }
    }
    int64_t minDate = 0, maxDate = 0, minEnd = 0, maxEnd = 0;
    parseRestDate("2010-01-01", minDate);
    parseRestDate("3000-01-01", maxDate);
    minEnd = minDate;
    maxEnd = maxDate;
    for (auto [key, out] : {std::pair<const char*, int64_t*>{"minDate", &minDate},
                            {"maxDate", &maxDate},
                            {"minEndDate", &minEnd},
                            {"maxEndDate", &maxEnd}})
        if (const auto v = request.values(key); !v.empty() && !parseRestDate(v.front(), *out))
            return {400, "Couldn't parse date: " + v.front()};
    int64_t limit = std::numeric_limits<int64_t>::max();
    if (!request.values("limit").empty() && !intParameter(request, "limit", limit, limit))
        return {kBadParameterStatus, "limit must be an integer: " + request.values("limit").back()};

    std::map<std::string, std::vector<const EventLogModel*>> byId;
    for (const EventLogModel* m : logs)
        if (!m->application.id.empty()) byId[m->application.id].push_back(m);
    std::vector<std::vector<const EventLogModel*>> apps;
    for (auto& [id, attempts] : byId) apps.push_back(sortedAttempts(attempts));
    // Listed by the latest attempt's end time, newest first (unfinished ones end at -1).
    std::stable_sort(apps.begin(), apps.end(), [](const auto& a, const auto& b) {
        const int64_t ea = endOf(*a.front()), eb = endOf(*b.front());
        return ea != eb ? ea > eb : a.front()->application.id > b.front()->application.id;
    });
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    JsonWriter w;
    w.beginArray();
    int64_t listed = 0;
    for (const auto& attempts : apps) {
        if (listed >= limit) break;
        const bool running = !attempts.front()->application.complete;
        if (running ? !includeRunning : !includeCompleted) continue;
        // An application is listed when any attempt falls in the window; a running one has no
        // end, so Spark accepts it when maxEndDate lies in the future (wall clock, as Spark).
        const bool inRange =
            std::any_of(attempts.begin(), attempts.end(), [&](const EventLogModel* m) {
                const int64_t start = m->application.startTime;
                const bool startOk = start >= minDate && start <= maxDate;
                const bool endOk =
                    running ? maxEnd > now : endOf(*m) >= minEnd && endOf(*m) <= maxEnd;
                return startOk && endOk;
            });
        if (!inRange) continue;
        writeApplication(w, attempts);
        ++listed;
    }
    w.endArray();
    return {200, w.str() + "\n"};
}

RestResponse restApplicationInfo(const std::vector<const EventLogModel*>& attempts) {
    if (attempts.empty()) return {404, "no such app"};
    JsonWriter w;
    writeApplication(w, sortedAttempts(attempts));
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
