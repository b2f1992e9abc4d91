// `stagelight serve [DIR | LOG ...] [--port 18080] [--bind 127.0.0.1] [--cache-mb 1024]`: the
// History Server's REST API v1 over HTTP, read-only, for every application of a log directory
// (or of the logs given), without a JVM and without waiting for a replay.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

int runServe(std::span<const std::string_view> args);

}  // namespace stagelight::cli
