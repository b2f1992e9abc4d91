// Indents one line of JSON for reading without re-encoding it: only whitespace is added between
// tokens, so every number and string stays byte for byte what the log wrote (a JSON library
// would round big integers and re-escape strings).
#pragma once

#include <string>
#include <string_view>

namespace stagelight {

std::string indentJson(std::string_view json, int indent = 2);

}  // namespace stagelight
