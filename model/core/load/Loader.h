// Loads one event log into an EventLogModel: one thread reads and decompresses fixed-size chunks,
// another splits them into lines, worker threads decode the lines with simdjson, and one thread
// applies the decoded events in log order (ParallelDecode.h); with one thread, lines are decoded
// and applied where they are split.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct LoadOptions {
    // Called from the parsing thread with bytes read from disk so far and the total.
    std::function<void(uint64_t done, uint64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
    size_t chunkBytes = size_t(4) << 20;  // decompressed bytes handed over at a time
    // Threads decoding lines: 0 is STAGELIGHT_THREADS, else every core. With 1 the lines are
    // decoded and applied on one thread; with more, workers decode and one thread applies in log
    // order (the result is the same whatever the count).
    unsigned threads = 0;
    // Task events in Spark's own form read from their text (parse/CanonicalTaskEnd.h), the fast
    // path; off, every line goes through simdjson On-Demand. The result is the same (tested).
    bool textReaders = true;
    // Partial models while the log loads (the window's first figures): the model as it would be
    // if the log ended there, finished and derived, handed over from the loading thread first
    // once `firstPartialAfter` has passed, then every `partialEvery`, never after the last line.
    std::function<void(std::unique_ptr<EventLogModel>)> partial;
    std::chrono::milliseconds firstPartialAfter{250}, partialEvery{1000};
    // Bounds against hostile input (decompression bombs, a line without end). Past either the
    // load stops with a warning naming the file and offset; what was read before is kept.
    // Defaults: environment STAGELIGHT_MAX_DECODED_BYTES / STAGELIGHT_MAX_LINE_BYTES (a number
    // with an optional K, M, G or T suffix), else 256 GiB and 1 GiB.
    uint64_t maxDecodedBytes = defaultMaxDecodedBytes();
    size_t maxLineBytes = defaultMaxLineBytes();
    // A compressed log expanding more than this many times (once past the first GiB decoded) is
    // refused as a decompression bomb: Spark's JSON compresses 5-50x.
    double maxExpansion = 2000;
    uint64_t expansionCheckAfterBytes = uint64_t(1) << 30;

    static uint64_t defaultMaxDecodedBytes();
    static size_t defaultMaxLineBytes();
};

// "64G", "512M", "1000" → bytes; nullopt when not a size.
std::optional<uint64_t> parseByteSize(std::string_view text);

struct LoadResult {
    std::unique_ptr<EventLogModel> model;  // null when nothing could be opened
    std::string error;                     // one line naming the path, when model is null
    bool cancelled = false;
};

LoadResult loadEventLog(const std::filesystem::path& path, const LoadOptions& options = {});

// "PATH: no Spark events could be read (N lines, M malformed)" when the loaded model holds no
// event at all (a text file, an empty file), else empty: such a file is an error, not an empty
// application, in the CLI and the GUI alike.
std::string noSparkEventsError(const EventLogModel& model, const std::string& path);

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
