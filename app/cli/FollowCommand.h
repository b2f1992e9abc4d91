// `stagelight summary LOG --follow [--json] [--interval SECONDS]`: follows a log still being
// written and prints a line per stage attempt as it completes (JSON lines with --json), then a
// last line when the application ends.
#pragma once

#include <string>

namespace stagelight::cli {

int runSummaryFollow(const std::string& path, bool json, double intervalSeconds);

}  // namespace stagelight::cli
