#include "text/Format.h"

#include <cstdint>
#include <cstdio>
#include <ctime>

namespace stagelight {

std::string formatCount(int64_t v) {  // NumberFormat.getIntegerInstance(Locale.US)
    const uint64_t magnitude = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    std::string digits = std::to_string(magnitude), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return v < 0 ? "-" + out : out;
}

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

std::string formatOffset(int64_t ms) {
    if (ms < 0) return "-" + formatOffset(ms == INT64_MIN ? INT64_MAX : -ms).substr(1);
    if (ms < 59'950) return "+" + formatDuration(ms);
    char buf[64];
    if (ms < 3'599'950) {
        const int64_t tenths = ms / 100 + (ms % 100 >= 50);  // rounded once, so never "60.0 s"
        std::snprintf(buf, sizeof buf, "+%lld min %lld.%lld s", static_cast<long long>(tenths / 600),
                      static_cast<long long>(tenths % 600 / 10), static_cast<long long>(tenths % 10));
    } else {
        const int64_t s = ms / 1000 + (ms % 1000 >= 500);
        std::snprintf(buf, sizeof buf, "+%lld h %02lld min %02lld s", static_cast<long long>(s / 3600),
                      static_cast<long long>(s % 3600 / 60), static_cast<long long>(s % 60));
    }
    return buf;
}

std::string formatUtc(int64_t epochMs, const char* format) {
    const std::time_t t = std::time_t(epochMs / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    return std::strftime(buf, sizeof buf, format, &tm) > 0 ? std::string(buf) : std::string();
}

std::string oneLine(std::string_view text, size_t most) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    if (out.size() <= most) return out;
    size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    return out.substr(0, cut) + "…";
}

}  // namespace stagelight
