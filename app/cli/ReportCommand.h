// `stagelight report LOG [-o FILE] [--format pdf|md|json] [--page a4|letter] [--rules FILE]
// [--baseline LOG]`: the findings report, headless.
#pragma once

#include <span>
#include <string_view>

namespace stagelight::cli {

int runReport(int argc, char** argv, std::span<const std::string_view> args);

}  // namespace stagelight::cli
