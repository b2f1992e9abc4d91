// `stagelight analyze LOG [--json] [--rules FILE] [--fail-on critical|warning]`.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

// Exits 3 when --fail-on is given and a finding at or above that severity exists.
constexpr int kFindingsAboveThreshold = 3;

int runAnalyze(std::span<const std::string_view> args);

}  // namespace stagelight::cli
