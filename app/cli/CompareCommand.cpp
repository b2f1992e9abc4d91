#include "cli/CompareCommand.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "cli/AnalyzeCommand.h"
#include "cli/SummaryCommand.h"
#include "compare/Compare.h"
#include "load/Loader.h"

namespace stagelight::cli {
int runCompare(std::span<const std::string_view> args) {
    std::vector<std::string> logs;
    std::optional<std::string> rulesFile;
    std::optional<double> maxRegression;
    bool json = false, bad = false;
    for (size_t i = 0; i < args.size() && !bad; ++i) {
        const std::string_view a = args[i];
        if (a == "--json") {
            json = true;
        } else if (a == "--max-regression-pct" && i + 1 < args.size()) {
            const std::string value(args[++i]);
            char* end = nullptr;
            maxRegression = std::strtod(value.c_str(), &end);
            bad = end == value.c_str() || *end != '\0' || *maxRegression < 0;
        } else if (a == "--rules" && i + 1 < args.size()) {
            rulesFile = std::string(args[++i]);
        } else if (!a.starts_with("--") && logs.size() < 2) {
            logs.emplace_back(a);
        } else {
            bad = true;
        }
    }
    if (logs.size() != 2 || bad) {
        std::fprintf(stderr,
                     "usage: stagelight compare BASELINE TRIAL [--json] [--max-regression-pct P] "
                     "[--rules FILE]\n");
        return kUsage;
    }
    RuleConfig rules;
    if (rulesFile && !loadRulesFile(*rulesFile, rules)) return kUsage;
    const auto baseline = loadLogForCli(logs[0]);
    if (!baseline) return kUnreadable;
    const auto trial = loadLogForCli(logs[1]);
    if (!trial) return kUnreadable;
    const Comparison c =
        compareRuns(*baseline, analyze(*baseline, rules), *trial, analyze(*trial, rules));
    if (json) {
        const std::string out = comparisonJson(c);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } else {
        printText(stdout, comparisonText(c));  // stage names are log text
    }
    if (maxRegression && c.baselineWallMs > 0 &&
        double(c.trialWallMs) > double(c.baselineWallMs) * (1 + *maxRegression / 100.0))
        return kRegression;
    return kOk;
}

}  // namespace stagelight::cli
