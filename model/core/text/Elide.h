// Text from a log made safe to show: bounded in length wherever it is drawn or laid out, and
// unable to drive a terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace stagelight {

// How much of one name or text from a log is drawn or laid out (report, tables, tooltips,
// graphs): a few hundred bytes.
constexpr size_t kShownTextBytes = 300;

// Past `most` bytes (cut on a UTF-8 boundary) the text ends in "… (52,428,800 bytes)": one huge
// value costs what reading it costs, never a layout of all of it.
std::string elide(std::string_view text, size_t most = kShownTextBytes);

// Control characters other than newline and tab (ESC, BEL, BS, DEL and the C1 controls such as
// U+009B CSI) written as \x1b or \u009b, so log text printed to a terminal cannot drive it.
std::string terminalSafe(std::string_view text);

}  // namespace stagelight
