// `stagelight rest LOG API_PATH`: the History Server's REST answer for API_PATH, offline.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

int runRest(std::span<const std::string_view> args);

}  // namespace stagelight::cli
