// Names ordered as people read them: "executor 2" before "executor 10" (runs of digits compare
// as numbers, everything else byte by byte).
#pragma once

#include <string_view>

namespace stagelight {

bool naturalLess(std::string_view a, std::string_view b);

}  // namespace stagelight
