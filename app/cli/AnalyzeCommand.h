// `stagelight analyze LOG [--json] [--rules FILE] [--fail-on critical|warning]`.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "diagnosis/RuleConfig.h"
#include "model/EventLogModel.h"

namespace stagelight::cli {

// Exits 3 when --fail-on is given and a finding at or above that severity exists.
constexpr int kFindingsAboveThreshold = 3;

int runAnalyze(std::span<const std::string_view> args);
// Reads a rules file (--rules); prints why on stderr and returns false when it is refused.
bool loadRulesFile(const std::string& path, RuleConfig& config);
// Loads a log for a subcommand: its warnings go to stderr; null (the error printed) when nothing
// could be read.
std::unique_ptr<EventLogModel> loadLogForCli(const std::string& path);
// The load error on stderr; for a directory of separate logs, a table of its applications too.
void printLoadError(const std::string& path, const std::string& error);

}  // namespace stagelight::cli
