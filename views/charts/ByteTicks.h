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

inline QSharedPointer<QCPAxisTickerText> byteTicker(double max) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    if (max <= 0) return ticker;
    const double step = niceByteStep(max);
    for (double t = 0; t <= max + step * 1e-9; t += step)
        ticker->addTick(t, QString::fromStdString(formatBytes(int64_t(t))));
    return ticker;
}

}  // namespace stagelight
