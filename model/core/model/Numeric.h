// Converting estimates computed in double back to integers: values from a hostile log can be far
// outside int64's range (or NaN), and converting those is undefined behaviour. Signed integer
// arithmetic itself wraps (-fwrapv, as the JVM's long does in Spark's own sums).
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

inline int saturatingInt(double v) {
    if (std::isnan(v)) return 0;
    if (v >= 2147483647.0) return 2147483647;
    if (v <= -2147483648.0) return -2147483647 - 1;
    return int(v);
}

}  // namespace stagelight
