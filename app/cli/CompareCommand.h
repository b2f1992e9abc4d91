// `stagelight compare BASELINE TRIAL [--json] [--max-regression-pct P] [--rules FILE]`.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

// Exit code when the trial's wall clock is more than P % above the baseline's.
constexpr int kRegression = 3;

int runCompare(std::span<const std::string_view> args);

}  // namespace stagelight::cli
