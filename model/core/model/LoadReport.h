// What happened while reading a log: problems with file/line/offset, counts, timings.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace stagelight {

struct LoadWarning {
    enum class Severity { Info, Warning, Error };
    Severity severity = Severity::Warning;
    std::string file;     // the part the problem is in
    uint64_t line = 0;    // 1-based line in that part (0: not about a line)
    uint64_t offset = 0;  // byte offset: in the decompressed stream for lines, on disk for codecs
    bool offsetIsCompressed = false;
    std::string message;

    std::string toString() const;  // "file:line (offset N): message"
};

struct LoadReport {
    static constexpr size_t kMaxWarnings = 500;
    std::vector<LoadWarning> warnings;  // the first kMaxWarnings
    uint64_t suppressedWarnings = 0;
    std::map<std::string, uint64_t> unknownEvents;  // event name -> lines skipped
    uint64_t malformedLines = 0;
    uint64_t lines = 0, events = 0;
    uint64_t bytesOnDisk = 0, bytesDecoded = 0;
    bool truncatedTail = false;  // last line or block cut off (normal for in-progress logs)
    bool partial = false;        // a snapshot taken while the log was still being read
    bool cancelled = false;      // what was read before the load was cancelled
    double loadMillis = 0;       // reading it (for a partial model: so far)

    void add(LoadWarning w);
    uint64_t unknownEventCount() const;
};

}  // namespace stagelight
