// Opening an application from a History Server: a URL of its UI or API
// (https://shs:18080/history/APP_ID/, .../history/APP_ID/1/jobs/, .../api/v1/applications/APP_ID)
// becomes a download of the application's event logs through the History Server's own
// `.../api/v1/applications/APP_ID[/ATTEMPT]/logs` endpoint (a zip), saved to the cache and then
// opened like a local file. Proxy, TLS and credentials come from the environment (README).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace stagelight::net {

struct HistoryServerUrl {
    std::string origin;  // "https://shs.example:18080"
    std::string prefix;  // a path the server sits under ("/sparkhistory"), or ""
    std::string appId, attemptId;
    std::string logsPath() const;  // prefix + "/api/v1/applications/ID[/ATTEMPT]/logs"
};

bool looksLikeUrl(std::string_view text);  // http:// or https://
std::optional<HistoryServerUrl> parseHistoryServerUrl(std::string_view url, std::string& error);

struct DownloadOptions {
    // Bytes so far and in all (0 when the server does not say); false cancels.
    std::function<bool(uint64_t done, uint64_t total)> progress;
    std::filesystem::path cacheDir;  // default: $XDG_CACHE_HOME/stagelight or ~/.cache/stagelight
};

struct DownloadResult {
    std::filesystem::path file;  // the saved zip, when it worked
    std::string error;           // one line naming the URL, otherwise
    bool cancelled = false;
};

DownloadResult downloadEventLogs(std::string_view url, const DownloadOptions& options = {});

}  // namespace stagelight::net
