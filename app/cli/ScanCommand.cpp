#include "cli/ScanCommand.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli/AnalyzeCommand.h"
#include "cli/SummaryCommand.h"
#include "history/FleetScan.h"
#include "rest/RestListing.h"

namespace stagelight::cli {

int runScan(std::span<const std::string_view> args) {
    std::string dir;
    std::string rulesFile;
    ScanOptions options;
    bool bad = false;
    for (size_t i = 0; i < args.size() && !bad; ++i) {
        const std::string_view a = args[i];
        if (a == "--jobs" && i + 1 < args.size()) {
            const std::string v(args[++i]);
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (end == v.c_str() || *end != '\0' || n < 1 || n > 256) {
                std::fprintf(stderr, "stagelight scan: --jobs takes a count from 1 to 256, not %s\n",
                             v.c_str());
                return kUsage;
            }
            options.jobs = unsigned(n);
        } else if (a == "--since" && i + 1 < args.size()) {
            // The History Server's date forms: 2026-12-01 or 2026-12-01T08:00:00.000GMT.
            const std::string v(args[++i]);
            if (!parseRestDate(v, options.sinceMs)) {
                std::fprintf(stderr,
                             "stagelight scan: --since takes a date as 2026-12-01 or "
                             "2026-12-01T08:00:00.000GMT, not %s\n",
                             v.c_str());
                return kUsage;
            }
        } else if (a == "--rules" && i + 1 < args.size()) {
            rulesFile = std::string(args[++i]);
        } else if (dir.empty() && !a.starts_with("--")) {
            dir = std::string(a);
        } else {
            bad = true;
        }
    }
    if (dir.empty() || bad) {
        std::fprintf(stderr,
                     "usage: stagelight scan DIR [--jobs N] [--since YYYY-MM-DD] [--rules FILE]\n");
        return kUsage;
    }
    if (!rulesFile.empty() && !loadRulesFile(rulesFile, options.rules)) return kUsage;
    std::error_code ec;
    if (!std::filesystem::exists(dir, ec)) {
        printError(dir + ": no such file or directory");
        return kUnreadable;
    }
    size_t notLogs = 0;
    const auto targets = scanTargets(dir, &notLogs);
    const ScanTotals totals = scanLogs(
        targets, options,
        [](const std::string& line) {
            // JSON escapes every control character: the lines are safe for a terminal as is.
            std::fwrite(line.data(), 1, line.size(), stdout);
            std::fputc('\n', stdout);
            std::fflush(stdout);
        },
        notLogs);
    // Nothing new since --since is a quiet day, not a failure; every log failing is.
    if (totals.analysed == 0 && totals.failed > 0) {
        printError("no application of " + dir + " could be analysed");
        return kUnreadable;
    }
    return kOk;
}

}  // namespace stagelight::cli
