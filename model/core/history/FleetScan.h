// A fleet scan: every application of a directory analysed, one JSON line each (id, name, user,
// start, wall clock, status, where the wall clock went by cause, the top findings with cost and
// fix, the log and its size), so a platform team can rank a day's applications by what they
// lose and why. A log that fails is a line with its error; the scan goes on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "diagnosis/RuleConfig.h"

namespace stagelight {

struct ScanOptions {
    unsigned jobs = 0;       // logs analysed at once (0: the cores)
    int64_t sinceMs = -1;    // only applications that started at or after (epoch ms)
    RuleConfig rules;
    size_t topFindings = 5;
};

struct ScanTotals {
    size_t logs = 0, analysed = 0, failed = 0, skipped = 0;
    size_t notLogs = 0;  // files beside the logs that are none (notes, empty files): counted
    double seconds = 0;
    long peakRssKb = 0;  // the process's, at the end
};

// What a scan of `dir` reads: every entry that looks like an event log (a directory that is
// itself one log counts once), and every entry that cannot be read at all (a FIFO, a device, a
// broken link), which becomes an error line; `notLogs` counts the files that are no log.
struct ScanTarget {
    std::filesystem::path path;
    std::string error;  // set: the entry is reported, not read
};
std::vector<ScanTarget> scanTargets(const std::filesystem::path& dir, size_t* notLogs = nullptr);

// One log's line (no newline): its analysis, or its error; none for a log --since skips.
struct ScanLine {
    enum class Outcome { Analysed, Failed, Skipped };
    Outcome outcome = Outcome::Analysed;
    std::string json;
};
ScanLine scanLine(const std::filesystem::path& log, const ScanOptions& options);

// Scans `logs` on options.jobs threads; each line goes to `out` as it is ready (from one
// thread at a time), then the summary line.
ScanTotals scanLogs(const std::vector<ScanTarget>& logs, const ScanOptions& options,
                    const std::function<void(const std::string& line)>& out,
                    size_t notLogs = 0);

}  // namespace stagelight
