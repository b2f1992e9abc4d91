// Arithmetic on figures from a log, which a hostile log can put anywhere in int64's range.
// Converting estimates computed in double back to integers saturates (out-of-range conversion is
// undefined behaviour). Where Spark itself sums JVM longs (task metrics into stage, job and executor
// totals) the sum wraps exactly as the JVM's does: jvmAdd. (-fwrapv is still on while the rest of
// the code moves to these helpers; then UBSan checks every other signed sum.)
#pragma once

#include <cmath>
#include <cstdint>

namespace stagelight {

inline int64_t saturatingInt64(double v) {
    if (std::isnan(v)) return 0;
    if (v >= 9.2e18) return INT64_MAX;
    if (v <= -9.2e18) return INT64_MIN;
    return int64_t(v);
}

// A JVM long's +: two's-complement wrap-around, as Spark's own sums of a hostile log do.
constexpr int64_t jvmAdd(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }

// A sum of two figures that are shown, not Spark's: it saturates instead of wrapping.
constexpr int64_t saturatingAdd(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return b > 0 ? INT64_MAX : INT64_MIN;
    return r;
}

inline int saturatingInt(double v) {
    if (std::isnan(v)) return 0;
    if (v >= 2147483647.0) return 2147483647;
    if (v <= -2147483648.0) return -2147483647 - 1;
    return int(v);
}

}  // namespace stagelight
