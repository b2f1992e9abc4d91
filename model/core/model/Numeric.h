// Arithmetic on figures from a log, which a hostile log can put anywhere in int64's range.
// Converting estimates computed in double back to integers saturates (out-of-range conversion is
// undefined behaviour). Where Spark itself sums JVM longs (task metrics into stage, job and
// executor totals) the sum wraps exactly as the JVM's does: jvmAdd, jvmSub. Every other sum of
// figures saturates; UBSan (no -fwrapv) checks that nothing else overflows.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>

namespace stagelight {

inline int64_t saturatingInt64(double v) {
    if (std::isnan(v)) return 0;
    if (v >= 9.2e18) return INT64_MAX;
    if (v <= -9.2e18) return INT64_MIN;
    return int64_t(v);
}

// A JVM long's +: two's-complement wrap-around, as Spark's own sums of a hostile log do.
constexpr int64_t jvmAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }

constexpr int64_t jvmSub(int64_t a, int64_t b) {
    return int64_t(uint64_t(a) - uint64_t(b));
}

// A sum of two figures that are shown, not Spark's: it saturates instead of wrapping.
constexpr int64_t saturatingAdd(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
    return r;
}

constexpr int64_t saturatingSub(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_sub_overflow(a, b, &r)) return b < 0 ? INT64_MAX : INT64_MIN;
    return r;
}

inline int saturatingInt(double v) {
    if (std::isnan(v)) return 0;
    if (v >= 2147483647.0) return 2147483647;
    if (v <= -2147483648.0) return -2147483647 - 1;
    return int(v);
}

// atoll's reading (leading blanks, a sign, the digits that follow) without its undefined
// behaviour past int64's range: saturates instead.
constexpr int64_t leadingInteger(std::string_view text) {
    size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    uint64_t magnitude = 0;
    const uint64_t limit = negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        const uint64_t digit = uint64_t(text[i] - '0');
        if (magnitude > (limit - digit) / 10) return negative ? INT64_MIN : INT64_MAX;
        magnitude = magnitude * 10 + digit;
    }
    return negative ? int64_t(0 - magnitude) : int64_t(magnitude);
}

inline int32_t leadingInt32(std::string_view text) {
    const int64_t v = leadingInteger(text);
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : int32_t(v);
}

}  // namespace stagelight
