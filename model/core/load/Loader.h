// Loads one event log into an EventLogModel: one thread reads and decompresses fixed-size chunks
// while the calling thread splits lines and decodes them with simdjson.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct LoadOptions {
    // Called from the parsing thread with bytes read from disk so far and the total.
    std::function<void(uint64_t done, uint64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
    size_t chunkBytes = size_t(4) << 20;  // decompressed bytes handed over at a time
};

struct LoadResult {
    std::unique_ptr<EventLogModel> model;  // null when nothing could be opened
    std::string error;                     // one line naming the path, when model is null
    bool cancelled = false;
};

LoadResult loadEventLog(const std::filesystem::path& path, const LoadOptions& options = {});

// Every event log in a directory of logs (a History Server's log directory), one result per
// entry that looks like a log, in name order. Empty when `dir` is not such a directory.
std::vector<LoadResult> loadEventLogDirectory(const std::filesystem::path& dir,
                                              const LoadOptions& options = {});

// The raw text of the line an entity came from (re-reads and decodes the part up to it).
std::optional<std::string> readSourceLine(const LogSet& source, const SourceRef& where);
// Several lines at once: each compressed part is decoded once for all of its lines.
std::vector<std::optional<std::string>> readSourceLines(const LogSet& source,
                                                        const std::vector<SourceRef>& where);

}  // namespace stagelight
