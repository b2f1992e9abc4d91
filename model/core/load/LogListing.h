// The applications of a directory that holds several separate event logs (a History Server's log
// directory, a folder of downloaded logs): listed cheaply, one entry per log, so a user picks one
// instead of having unrelated runs merged into a fake application. Only the first events of each
// log are parsed (id, name, start); the end comes from the file's tail when it is cheap to reach.
// Nothing is modified.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace stagelight {

struct LogSummary {
    std::filesystem::path path;  // the file or log directory (rolling, Databricks, legacy)
    std::string appId, appName, attemptId, sparkVersion, user;
    int64_t startMs = -1;     // SparkListenerApplicationStart's Timestamp; -1 when not read
    int64_t endMs = -1;       // SparkListenerApplicationEnd's; -1 when absent or not reached
    bool inProgress = false;  // named .inprogress, or an appstatus_ marker says so
    bool endChecked = false;  // the whole tail was scanned: endMs < 0 then means "no end event"
    uint64_t bytes = 0;       // on disk, every part
    std::string error;        // set when the head could not be read (not a log, unreadable)

    std::string appIdText() const;  // "application_1_0002 (attempt 1)" when it has attempts
    // "completed", "in progress", "incomplete" (read to the end, no ApplicationEnd) or "?"
    std::string status() const;
    int64_t durationMs() const { return startMs >= 0 && endMs >= startMs ? endMs - startMs : -1; }
};

// True when `path` is a directory of several logs rather than one application's log
// (not a rolling eventlog_v2_*, Databricks or legacy directory) and at least one entry looks like
// an event log.
bool isDirectoryOfLogs(const std::filesystem::path& path);

// Every entry of `dir` that looks like an event log, in name order, with its head read.
std::vector<LogSummary> listEventLogs(const std::filesystem::path& dir);
LogSummary summarizeLog(const std::filesystem::path& log);

// The listing as text for a terminal: a header and one line per log (id, name, start, duration,
// status, size, file name).
std::string logListingText(const std::vector<LogSummary>& logs);

}  // namespace stagelight
