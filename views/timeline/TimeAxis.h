// Tick spacing for the timelines' time axes: a 1-2-5 step giving roughly one label per
// `pixelsPerTick` pixels.
#pragma once

#include <algorithm>
#include <cmath>

namespace stagelight {

inline double niceTickStep(double spanMs, double widthPx, double pixelsPerTick = 110) {
    const double rough = spanMs / std::max(2.0, widthPx / pixelsPerTick);
    const double magnitude = std::pow(10, std::floor(std::log10(std::max(1.0, rough))));
    for (double m : {1.0, 2.0, 5.0})
        if (magnitude * m >= rough) return magnitude * m;
    return magnitude * 10;
}

}  // namespace stagelight
