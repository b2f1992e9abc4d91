// Byte and duration text as Spark's UI writes it (Utils.bytesToString, UIUtils.formatDuration).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace stagelight {

std::string formatBytes(int64_t bytes);      // "512 B", "1.5 KiB", "1.7 GiB" (units at 1024)
std::string formatDuration(int64_t millis);  // "850 ms", "4.2 s", "3.1 min", "1.2 h"
// "1 task", "3 tasks": a count with its noun in the right number.
std::string countText(int64_t n, std::string_view singular, std::string_view plural);

}  // namespace stagelight
