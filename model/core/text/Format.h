// Byte and duration text as Spark's UI writes it (Utils.bytesToString, UIUtils.formatDuration).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace stagelight {

std::string formatCount(int64_t n);          // "3,014,070" (as Spark's SQL metrics print counts)
std::string formatBytes(int64_t bytes);      // "512 B", "1.5 KiB", "1.7 GiB" (units at 1024)
std::string formatDuration(int64_t millis);  // "850 ms", "4.2 s", "3.1 min", "1.2 h"
// A point in a run as an offset from its start, precise enough to tell two points a second
// apart in a long run: "+850 ms", "+42.3 s", "+1 min 29.6 s", "+2 h 05 min 12 s".
std::string formatOffset(int64_t millis);
// An epoch-ms time in UTC with a strftime format, e.g. "%Y-%m-%d %H:%M:%S" (seconds floor).
std::string formatUtc(int64_t epochMs, const char* format);
// Text quoted from a log on one line: runs of whitespace (newlines in SQL or code) as one
// space, at most `most` characters with "…" when cut.
std::string oneLine(std::string_view text, size_t most = 80);
// "1 task", "3 tasks": a count with its noun in the right number.
std::string countText(int64_t n, std::string_view singular, std::string_view plural);

}  // namespace stagelight
