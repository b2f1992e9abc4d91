#include "cli/AnalyzeCommand.h"

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "cli/SummaryCommand.h"
#include "diagnosis/Analyzer.h"
#include "load/Loader.h"
#include "load/LogListing.h"
#include "report/AnalysisReport.h"

namespace stagelight::cli {

bool loadRulesFile(const std::string& path, RuleConfig& config) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "stagelight: %s: cannot read the rules file\n", path.c_str());
        return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    if (!RuleConfig::parse(text.str(), config, error)) {
        std::fprintf(stderr, "stagelight: %s: %s\n", path.c_str(), error.c_str());
        return false;
    }
    return true;
}

void printLoadError(const std::string& path, const std::string& error) {
    printError(error);
    // A directory of separate logs: name each application so the right one can be opened.
    if (isDirectoryOfLogs(path)) printText(stderr, logListingText(listEventLogs(path)));
}

std::unique_ptr<EventLogModel> loadLogForCli(const std::string& path) {
    LoadResult loaded = loadEventLog(path);
    if (!loaded.model) {
        printLoadError(path, loaded.error);
        return nullptr;
    }
    printLoadWarnings(*loaded.model);
    if (const std::string none = noSparkEventsError(*loaded.model, path); !none.empty()) {
        printError(none);
        return nullptr;
    }
    return std::move(loaded.model);
}

int runAnalyze(std::span<const std::string_view> args) {
    std::optional<std::string> log, rulesFile;
    std::optional<Severity> failOn;
    bool json = false, bad = false;
    for (size_t i = 0; i < args.size() && !bad; ++i) {
        const std::string_view a = args[i];
        if (a == "--json") {
            json = true;
        } else if (a == "--rules" && i + 1 < args.size()) {
            rulesFile = std::string(args[++i]);
        } else if (a == "--fail-on" && i + 1 < args.size()) {
            const std::string_view level = args[++i];
            if (level == "critical")
                failOn = Severity::Critical;
            else if (level == "warning")
                failOn = Severity::Warning;
            else
                bad = true;
        } else if (!log && !a.starts_with("--")) {
            log = std::string(a);
        } else {
            bad = true;
        }
    }
    if (!log || bad) {
        std::fprintf(stderr,
                     "usage: stagelight analyze LOG [--json] [--rules FILE] "
                     "[--fail-on critical|warning]\n");
        return kUsage;
    }
    RuleConfig config;
    if (rulesFile && !loadRulesFile(*rulesFile, config)) return kUsage;
    const auto model = loadLogForCli(*log);
    if (!model) return kUnreadable;
    const Analysis analysis = analyze(*model, config);
    if (json) {
        const std::string out = analysisJson(*model, analysis);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } else {
        printText(stdout, analysisText(*model, analysis));
    }
    if (failOn)
        for (const Finding& f : analysis.findings)
            if (f.severity >= *failOn) return kFindingsAboveThreshold;
    return kOk;
}

}  // namespace stagelight::cli
