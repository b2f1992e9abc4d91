// `stagelight scan DIR [--jobs N] [--since DATE] [--rules FILE]`: every application of a log
// directory analysed, a JSON line each, then a summary line (history/FleetScan.h).
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

int runScan(std::span<const std::string_view> args);

}  // namespace stagelight::cli
