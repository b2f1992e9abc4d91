// The time-to-pixel mapping of a timeline and its zoom and pan maths, as a plain value with no
// widget behind it (tested with data-driven cases). Times are epoch ms as doubles; the visible
// range is never narrower than `minSpanMs`.
#pragma once

#include <algorithm>
#include <cmath>

namespace stagelight {

struct TimeViewport {
    double start = 0, end = 1;   // visible time range
    double left = 0, width = 1;  // where that range is drawn, in pixels
    double minSpanMs = 1;

    double span() const { return end - start; }
    double xOf(double timeMs) const { return left + (timeMs - start) / span() * width; }
    double timeAt(double x) const { return start + (x - left) / width * span(); }

    void setRange(double from, double to) {
        if (to < from) std::swap(from, to);
        if (to - from < minSpanMs) {
            const double mid = (from + to) / 2;
            from = mid - minSpanMs / 2;
            to = mid + minSpanMs / 2;
        }
        start = from;
        end = to;
    }
    // Zooms by `factor` (< 1 zooms in) keeping the time under pixel `x` where it is.
    void zoomAround(double x, double factor) {
        const double at = timeAt(x);
        setRange(at - (at - start) * factor, at + (end - at) * factor);
    }
    // One wheel notch is 120 units; each notch zooms in (positive) or out by 1.25×.
    static double wheelFactor(double angleDelta);
    // Moves the range so the content follows the mouse by `dx` pixels.
    void panPixels(double dx) {
        const double dt = dx / width * span();
        start -= dt;
        end -= dt;
    }
    // The range between two pixel positions, in either order.
    void zoomToPixels(double x0, double x1) { setRange(timeAt(x0), timeAt(x1)); }
};

inline double TimeViewport::wheelFactor(double angleDelta) {
    return std::pow(1.25, -angleDelta / 120.0);  // trackpads send fractions of a notch
}

}  // namespace stagelight
