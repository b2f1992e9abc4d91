// Round byte ticks for chart axes: steps that are powers of two (256 MiB, 512 MiB, 1.0 GiB…),
// labelled by formatBytes, so an axis never mixes "1295.5 MiB" with "2.5 GiB".
#pragma once

#include <QSharedPointer>
#include <QString>

#include <algorithm>
#include <cmath>

#include "charts/QCustomPlotInclude.h"
#include "text/Format.h"

namespace stagelight {

// About four to five steps over [0, max].
inline double niceByteStep(double max) {
    double step = std::exp2(std::ceil(std::log2(std::max(1.0, max / 4))));
    if (step / 2 * 5 >= max && step >= 2) step /= 2;
    return step;
}

// Round byte ticks over [lo, hi] (a dot strip zooms to its few tasks' values).
inline QSharedPointer<QCPAxisTickerText> byteTicker(double lo, double hi) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    if (!(hi > lo) || !std::isfinite(hi - lo)) return ticker;
    const double step = niceByteStep(hi - lo);
    // By count, not by adding the step: a step lost to rounding next to a huge lo never ends.
    const double first = std::max(0.0, std::ceil(lo / step) * step);
    for (int i = 0; i < 64; ++i) {
        const double t = first + double(i) * step;
        if (t > hi + step * 1e-9) break;
        ticker->addTick(t, QString::fromStdString(formatBytes(int64_t(t))));
    }
    return ticker;
}

inline QSharedPointer<QCPAxisTickerText> byteTicker(double max) {
    return byteTicker(0, max);
}

}  // namespace stagelight
