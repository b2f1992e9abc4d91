#include "cli/SummaryCommand.h"

#include <cstdio>
#include <string>

#include "cli/AnalyzeCommand.h"
#include "load/Loader.h"
#include "report/Summary.h"

namespace stagelight::cli {

int runSummary(std::span<const std::string_view> args) {
    bool json = false;
    std::string path;
    for (std::string_view a : args) {
        if (a == "--json")
            json = true;
        else if (!a.empty() && a[0] == '-') {
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
        std::fprintf(stderr, "usage: stagelight summary LOG [--json]\n");
        return kUsage;
    }
    LoadResult loaded = loadEventLog(path);
    if (!loaded.model) {
        printLoadError(path, loaded.error);
        return kUnreadable;
    }
    const EventLogModel& model = *loaded.model;
    for (const LoadWarning& w : model.report.warnings)
        std::fprintf(stderr, "warning: %s\n", w.toString().c_str());
    if (model.report.suppressedWarnings > 0)
        std::fprintf(stderr, "warning: %llu more warnings not shown\n",
                     static_cast<unsigned long long>(model.report.suppressedWarnings));
    if (const std::string none = noSparkEventsError(model, path); !none.empty()) {
        std::fprintf(stderr, "stagelight: %s\n", none.c_str());
        return kUnreadable;
    }
    const Summary summary = summarize(model);
    const std::string out = json ? summaryJson(model, summary) : summaryText(model, summary);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kOk;
}

}  // namespace stagelight::cli
