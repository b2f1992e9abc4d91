// Tick spacing and labels for the time axes (timelines, histograms): round steps of the clock
// (1-2-5 ms, then 1, 2, 5, 10, 15, 30 s and min, then hours) and labels at even spacing
// ("850 ms", "1.5 s", "3:20", "1:05:00"), never "3.7 min, 3.8 min".
#pragma once

#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace stagelight {

// The smallest round step that gives at most one label per `pixelsPerTick` pixels.
inline double niceTimeStep(double rough) {
    if (rough < 1000) {
        const double magnitude = std::pow(10, std::floor(std::log10(std::max(1.0, rough))));
        for (double m : {1.0, 2.0, 5.0})
            if (magnitude * m >= rough) return magnitude * m;
        return magnitude * 10;
    }
    for (double s : {1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0,
                     3600.0, 7200.0, 10800.0, 21600.0, 43200.0, 86400.0})
        if (s * 1000 >= rough) return s * 1000;
    return std::ceil(rough / 86'400'000.0) * 86'400'000.0;
}

inline double niceTickStep(double spanMs, double widthPx, double pixelsPerTick = 110) {
    return niceTimeStep(spanMs / std::max(2.0, widthPx / pixelsPerTick));
}

// The ticks origin + k·step (k ≥ kMin) inside [from, to], as offsets from origin: a count bounded
// by `maxTicks` (pixels), so a range far from its origin, where adding a step is lost to rounding
// (a task launched at -2^62), can never loop.
inline std::vector<double> tickOffsets(double origin, double from, double to, double step,
                                       size_t maxTicks, double kMin = -1e300) {
    std::vector<double> out;
    if (!(step > 0) || !std::isfinite(origin) || !std::isfinite(from) || !std::isfinite(to))
        return out;
    const double first = std::max(kMin, std::ceil((from - origin) / step)) * step;
    for (size_t i = 0; i < maxTicks; ++i) {
        const double tick = first + double(i) * step;
        if (!(origin + tick <= to)) break;
        if (!out.empty() && tick <= out.back()) break;  // the step no longer moves the tick
        out.push_back(tick);
    }
    return out;
}

// A tick's label: its precision follows the step, so consecutive labels differ evenly.
inline QString timeTickLabel(double ms, double stepMs) {
    const int64_t t = int64_t(std::llround(ms));
    if (stepMs < 1000 && t < 1000) return QStringLiteral("%1 ms").arg(t);
    if (t < 60'000) {
        const int decimals = stepMs >= 1000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
        return QStringLiteral("%1 s").arg(double(t) / 1000.0, 0, 'f', decimals);
    }
    const int64_t s = t / 1000;
    // Steps under a second past the first minute: the seconds get decimals ("1:37.25"), so
    // zoomed in the labels still differ.
    const int decimals = stepMs >= 1000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3;
    const QString seconds =
        decimals == 0 ? QStringLiteral("%1").arg(s % 60, 2, 10, QLatin1Char('0'))
                      : QStringLiteral("%1").arg(double(t % 60'000) / 1000.0, decimals + 3, 'f',
                                                 decimals, QLatin1Char('0'));
    if (t < 3'600'000) return QStringLiteral("%1:%2").arg(s / 60).arg(seconds);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg(s % 3600 / 60, 2, 10, QLatin1Char('0'))
        .arg(seconds);
}

}  // namespace stagelight
