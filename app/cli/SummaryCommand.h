// `stagelight summary LOG [--json]`.
#pragma once

#include <cstdio>
#include <span>
#include <string_view>

namespace stagelight {
struct EventLogModel;
}

namespace stagelight::cli {

// Exit codes shared by every subcommand.
enum ExitCode { kOk = 0, kUsage = 1, kUnreadable = 2 };

// What every subcommand prints for a person (text, messages, warnings) goes through
// terminalSafe: log text cannot move the cursor, retitle or recolour the terminal.
void printText(std::FILE* to, std::string_view text);
void printError(std::string_view message);  // "stagelight: MESSAGE" on stderr
void printLoadWarnings(const EventLogModel& model);

int runSummary(std::span<const std::string_view> args);

}  // namespace stagelight::cli
