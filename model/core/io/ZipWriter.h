// Event log files zipped as the History Server's `applications/ID/logs` endpoint returns them:
// one entry per file (a rolling log's files under its directory's name), stored as they are on
// disk (they are often compressed already), ZIP64 where a size or offset needs it, streamed out
// while the files are read so a 20 GB log never sits in memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace stagelight {

struct ZipSource {
    std::string name;             // the entry's name; ending in '/' makes a directory entry
    std::filesystem::path file;   // empty for a directory entry
};

// Writes the archive to `out`, which returns false to stop (a client that went away). False with
// `error` set when a file cannot be read or `out` stopped. `zip64Always` writes the ZIP64
// records a 4 GiB log needs for any size (tests of both sides without writing 4 GiB).
bool writeZip(const std::vector<ZipSource>& entries,
              const std::function<bool(std::string_view)>& out, std::string& error,
              bool zip64Always = false);

}  // namespace stagelight
