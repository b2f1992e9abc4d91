// The applications of a History Server's log directory (or of logs named one by one), served
// as the History Server serves them: every log read once when it is found (the listing needs
// each application's start, end and user, which only a read gives exactly), read again when it
// changed, followed while it is still being written; models kept in a cache bounded in memory,
// read again on demand once evicted. Thread-safe: requests come in parallel.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "io/ZipWriter.h"
#include "model/EventLogModel.h"
#include "rest/RestApi.h"

namespace stagelight {

class HistoryCatalog {
public:
    struct Options {
        uint64_t cacheBytes = uint64_t(1) << 30;           // models kept in memory, about
        std::chrono::milliseconds rescanAfter{2000};       // how stale the directory may be
        unsigned scanThreads = 0;                          // logs read at once (0: the cores)
    };
    // Each root is a directory of logs (a History Server's log directory) or one log.
    explicit HistoryCatalog(std::vector<std::filesystem::path> roots, Options options);
    explicit HistoryCatalog(std::vector<std::filesystem::path> roots)
        : HistoryCatalog(std::move(roots), Options{}) {}
    ~HistoryCatalog();
    HistoryCatalog(const HistoryCatalog&) = delete;
    HistoryCatalog& operator=(const HistoryCatalog&) = delete;

    // The History Server's answer for /api/v1/PATH (with its query string).
    RestResponse query(std::string_view apiPath);
    // The files of an application's logs as `applications/ID[/ATTEMPT]/logs` zips them: every
    // attempt's, or the one named. nullopt for an unknown application or attempt.
    std::optional<std::vector<ZipSource>> logFiles(const std::string& appId,
                                                   const std::string& attemptId);
    // Looks at the disk now: logs new, grown, changed or gone.
    void rescan();

    size_t applicationCount();
    std::vector<std::string> unreadableLogs();  // "PATH: why", for the logs that failed
    uint64_t cachedModelBytes();

private:
    struct Entry;
    void rescanIfStale();
    std::shared_ptr<const EventLogModel> modelOf(const std::shared_ptr<Entry>& entry);
    void read(Entry& entry);           // with the entry's lock held, not the mutex
    void evictLocked(const Entry* keep);  // with the mutex held
    std::vector<std::shared_ptr<Entry>> attemptsOf(const std::string& appId);

    std::vector<std::filesystem::path> roots_;
    Options options_;
    std::mutex mutex_;  // the entries, the cache's accounting
    std::vector<std::shared_ptr<Entry>> entries_;
    std::chrono::steady_clock::time_point scannedAt_{};
    uint64_t useClock_ = 0;
};

}  // namespace stagelight
