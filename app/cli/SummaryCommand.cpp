#include "cli/SummaryCommand.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli/AnalyzeCommand.h"
#include "cli/FollowCommand.h"
#include "load/Loader.h"
#include "report/Summary.h"
#include "text/Elide.h"

namespace stagelight::cli {

void printText(std::FILE* to, std::string_view text) {
    const std::string safe = terminalSafe(text);
    std::fwrite(safe.data(), 1, safe.size(), to);
}

void printError(std::string_view message) {
    printText(stderr, "stagelight: " + std::string(message) + "\n");
}

void printLoadWarnings(const EventLogModel& model) {
    for (const LoadWarning& w : model.report.warnings) printError("warning: " + w.toString());
    if (model.report.suppressedWarnings > 0)
        printError("warning: " + std::to_string(model.report.suppressedWarnings) +
                   " more warnings not shown");
}

int runSummary(std::span<const std::string_view> args) {
    bool json = false, follow = false;
    double interval = 1.0;
    std::string path;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--json")
            json = true;
        else if (a == "--follow")
            follow = true;
        else if (a == "--interval" && i + 1 < args.size()) {
            const std::string value(args[++i]);
            char* end = nullptr;
            interval = std::strtod(value.c_str(), &end);
            if (end == value.c_str() || *end != '\0' || !(interval > 0)) {
                std::fprintf(stderr, "stagelight summary: --interval needs seconds, e.g. 0.5\n");
                return kUsage;
            }
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "stagelight summary: unknown option %.*s\n", int(a.size()),
                         a.data());
            return kUsage;
        } else if (path.empty())
            path = std::string(a);
        else {
            std::fprintf(stderr, "stagelight summary: only one LOG may be given\n");
            return kUsage;
        }
    }
    if (path.empty()) {
        std::fprintf(stderr,
                     "usage: stagelight summary LOG [--json] [--follow [--interval SECONDS]]\n");
        return kUsage;
    }
    if (follow) return runSummaryFollow(path, json, interval);
    LoadResult loaded = loadEventLog(path);
    if (!loaded.model) {
        printLoadError(path, loaded.error);
        return kUnreadable;
    }
    const EventLogModel& model = *loaded.model;
    printLoadWarnings(model);
    if (const std::string none = noSparkEventsError(model, path); !none.empty()) {
        printError(none);
        return kUnreadable;
    }
    const Summary summary = summarize(model);
    if (json) {
        const std::string out = summaryJson(model, summary);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } else {
        printText(stdout, summaryText(model, summary));
    }
    return kOk;
}

}  // namespace stagelight::cli
