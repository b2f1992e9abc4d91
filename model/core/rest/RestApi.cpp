#include "rest/RestApi.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ctime>
#include <map>
#include <vector>

#include "text/JsonWriter.h"
#include "rest/RestApplication.h"
#include "rest/RestJobs.h"
#include "rest/RestListing.h"
#include "rest/RestRequest.h"
#include "rest/RestResources.h"
#include "rest/RestSql.h"
#include "rest/RestStages.h"

namespace stagelight {

std::string restDate(int64_t ms) {
    int64_t wholeSeconds = ms / 1000, millis = ms % 1000;
    if (millis < 0) {  // -1 (no end) is 1969-12-31T23:59:59.999GMT
        millis += 1000;
        --wholeSeconds;
    }
    const std::time_t seconds = std::time_t(wholeSeconds);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dGMT", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, int(millis));
    return buf;
}

RestRequest parseRestPath(std::string_view path) {
    RestRequest r;
    if (path.substr(0, 8) == "/api/v1/")
        path.remove_prefix(8);
    else if (path.substr(0, 7) == "api/v1/")
        path.remove_prefix(7);
    while (!path.empty() && path.front() == '/') path.remove_prefix(1);
    if (const size_t q = path.find('?'); q != std::string_view::npos) {
        std::string_view query = path.substr(q + 1);
        path = path.substr(0, q);
        while (!query.empty()) {
            const size_t amp = std::min(query.find('&'), query.size());
            const std::string_view pair = query.substr(0, amp);
            const size_t eq = pair.find('=');
            if (!pair.empty())
                r.query.emplace(std::string(pair.substr(0, eq)),
                                eq == std::string_view::npos ? std::string()
                                                             : std::string(pair.substr(eq + 1)));
            query.remove_prefix(std::min(amp + 1, query.size()));
        }
    }
    while (!path.empty()) {
        const size_t slash = std::min(path.find('/'), path.size());
        if (slash > 0) r.segments.emplace_back(path.substr(0, slash));
        path.remove_prefix(std::min(slash + 1, path.size()));
    }
    return r;
}

std::string upperAscii(std::string s) {
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool intParameter(const RestRequest& r, const std::string& key, int64_t fallback, int64_t& out) {
    const auto v = r.values(key);
    out = fallback;
    if (v.empty()) return true;
    const std::string& s = v.back();
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= INT32_MIN && out <= INT32_MAX;
}

bool boolParameter(const RestRequest& r, const std::string& key, bool fallback) {
    const auto v = r.values(key);
    return v.empty() ? fallback : upperAscii(v.back()) == "TRUE";
}

std::vector<std::string> RestRequest::values(const std::string& key) const {
    std::vector<std::string> out;
    for (auto [it, end] = query.equal_range(key); it != end; ++it) out.push_back(it->second);
    return out;
}

std::optional<AttemptChoice> chooseAttempt(const std::vector<const Application*>& attempts,
                                           const std::vector<std::string>& segments) {
    // Applications with attempts are addressed as applications/ID/ATTEMPT/...
    std::optional<AttemptChoice> chosen;
    for (size_t i = 0; i < attempts.size(); ++i)
        if (segments.size() > 2 && !attempts[i]->attemptId.empty() &&
            attempts[i]->attemptId == segments[2])
            chosen = AttemptChoice{i, 3};
    if (!chosen)
        for (size_t i = 0; i < attempts.size(); ++i)
            if (attempts[i]->attemptId.empty()) chosen = AttemptChoice{i, 2};
    return chosen;
}

std::string noSuchAttempt(const std::vector<const Application*>& attempts,
                          const std::vector<std::string>& segments) {
    std::string ids;
    for (const Application* a : attempts)
        if (!a->attemptId.empty()) ids += (ids.empty() ? "" : ", ") + a->attemptId;
    return "unknown app attempt: " + segments[1] + "/" + segments[2] +
           (ids.empty() ? std::string()
                        : " (application " + segments[1] + " has attempts " + ids +
                              ": address one as applications/" + segments[1] + "/ATTEMPT/…)");
}

RestResponse restQuery(const EventLogModel& model, std::string_view apiPath) {
    return restQuery(std::vector<const EventLogModel*>{&model}, apiPath);
}

RestResponse restQuery(const std::vector<const EventLogModel*>& logs, std::string_view apiPath) {
    RestRequest req = parseRestPath(apiPath);
    const auto& seg = req.segments;
    if (seg.size() == 1 && seg[0] == "applications") return restApplicationList(logs, req);
    if (seg.size() < 2 || seg[0] != "applications")
        return {404, "unsupported endpoint: " + std::string(apiPath)};
    std::vector<const EventLogModel*> attempts;
    for (const EventLogModel* m : logs)
        if (m->application.id == seg[1]) attempts.push_back(m);
    if (attempts.empty()) return {404, "unknown app: " + seg[1]};
    if (seg.size() == 2) return restApplicationInfo(attempts);
    std::vector<const Application*> apps;
    for (const EventLogModel* m : attempts) apps.push_back(&m->application);
    const auto choice = chooseAttempt(apps, seg);
    if (!choice) return {404, noSuchAttempt(apps, seg)};
    const EventLogModel& model = *attempts[choice->attempt];
    const size_t next = choice->next;
    if (next == seg.size() && next == 3) {  // applications/ID/ATTEMPT: the attempt alone
        JsonWriter w;
        writeApplicationAttempt(w, model);
        return {200, w.str() + "\n"};
    }
    if (next == seg.size()) return restApplication(model);
    if (seg[next] == "jobs") return restJobs(model, req, next + 1);
    if (seg[next] == "environment" && next + 1 == seg.size()) return restEnvironment(model);
    if (seg[next] == "stages") return restStages(model, req, next + 1);
    if (seg[next] == "sql") return restSql(model, req, next + 1);
    const bool last = next + 1 == seg.size();
    if (seg[next] == "executors" && last) return restExecutors(model, true);
    if (seg[next] == "allexecutors" && last) return restExecutors(model, false);
    if (seg[next] == "allmiscellaneousprocess" && last) return restMiscellaneousProcesses(model);
    if (seg[next] == "storage" && next + 1 < seg.size() && seg[next + 1] == "rdd") {
        if (next + 2 == seg.size()) return restRddList(model);
        if (next + 3 == seg.size()) return restRdd(model, seg[next + 2]);
    }
    return {404, "unsupported endpoint: " + std::string(apiPath)};
}

}  // namespace stagelight
