// Turns what the user opened (a file or a directory) into the ordered list of files that make up
// one application attempt's event log: single file, rolling eventlog_v2_* directory (with .compact
// files), Databricks directory (rotated eventlog-*.gz then eventlog), or legacy 1.x EVENT_LOG_N.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include <optional>
#include "io/Codec.h"
#include "io/ZipArchive.h"

namespace stagelight {

enum class LogLayout { SingleFile, Rolling, Databricks, Legacy, ZipArchive };
std::string_view layoutName(LogLayout layout);

struct LogPart {
    std::filesystem::path path;
    Codec codec = Codec::Plain;        // as detected (magic bytes first)
    uint64_t size = 0;                 // bytes on disk
    std::optional<ZipEntry> zipEntry;  // set when the part is an entry of a zip archive
    std::string displayName() const;   // the path, or "archive.zip!/entry"
};

struct LogSet {
    std::filesystem::path root;  // what was opened
    LogLayout layout = LogLayout::SingleFile;
    std::vector<LogPart> parts;      // in reading order
    bool inProgress = false;         // the writer had not finished (.inprogress / appstatus marker)
    std::vector<std::string> notes;  // layout remarks worth a warning (missing parts, compaction…)
    uint64_t totalBytes() const;
};

struct LocateError {
    std::string message;  // one line, names the path
};

std::variant<LogSet, LocateError> locateLog(const std::filesystem::path& path);

// Does this directory entry look like one application's event log (a file or a log directory)?
bool looksLikeEventLog(const std::filesystem::directory_entry& entry);

}  // namespace stagelight
