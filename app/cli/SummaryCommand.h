// `stagelight summary LOG [--json]`.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

// Exit codes shared by every subcommand.
enum ExitCode { kOk = 0, kUsage = 1, kUnreadable = 2 };

int runSummary(std::span<const std::string_view> args);

}  // namespace stagelight::cli
