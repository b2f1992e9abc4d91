// `stagelight analyze LOG [--json] [--rules FILE] [--fail-on critical|warning]`.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "diagnosis/RuleConfig.h"

namespace stagelight::cli {

// Exits 3 when --fail-on is given and a finding at or above that severity exists.
constexpr int kFindingsAboveThreshold = 3;

int runAnalyze(std::span<const std::string_view> args);
// Reads a rules file (--rules); prints why on stderr and returns false when it is refused.
bool loadRulesFile(const std::string& path, RuleConfig& config);

}  // namespace stagelight::cli
