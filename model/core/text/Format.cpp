#include "text/Format.h"

#include <cstdio>

namespace stagelight {

std::string formatBytes(int64_t bytes) {
    // Units switch at 1024 everywhere (never "2034.9 MiB" beside "2.3 GiB"); whole bytes have
    // no decimals. Rounding up to 1024.0 moves to the next unit too.
    static constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes > -1024 && bytes < 1024) return std::to_string(bytes) + " B";
    double v = double(bytes);
    int unit = 0;
    while (unit < 6 && (v >= 1023.95 || v <= -1023.95)) {
        v /= 1024.0;
        ++unit;
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[unit]);
    return buf;
}

std::string formatDuration(int64_t ms) {
    char buf[48];
    if (ms < 1000)
        std::snprintf(buf, sizeof buf, "%lld ms", static_cast<long long>(ms));
    else if (ms < 60'000)
        std::snprintf(buf, sizeof buf, "%.1f s", double(ms) / 1000.0);
    else if (ms < 3'600'000)
        std::snprintf(buf, sizeof buf, "%.1f min", double(ms) / 60'000.0);
    else
        std::snprintf(buf, sizeof buf, "%.1f h", double(ms) / 3'600'000.0);
    return buf;
}

std::string countText(int64_t n, std::string_view singular, std::string_view plural) {
    return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

}  // namespace stagelight
