// qcustomplot.h uses the `signals`, `slots`, `emit` and `foreach` keywords, which this project
// turns off (QT_NO_KEYWORDS, QT_NO_FOREACH); they are mapped to Qt's macros for that header only.
// Files that include it are compiled with QT_NO_FOREACH undefined (views/CMakeLists.txt).
#pragma once

#include <QtGlobal>

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach

namespace stagelight {

// A chart in the widget's palette (light or dark): background, axes, ticks, labels and legend.
inline void applyChartPalette(QCustomPlot* plot, const QPalette& pal) {
    plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis* axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(pal.color(QPalette::Text)));
        axis->setTickPen(QPen(pal.color(QPalette::Text)));
        axis->setSubTickPen(QPen(pal.color(QPalette::Text)));
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->setLabelColor(pal.color(QPalette::Text));
    }
    plot->legend->setBrush(pal.color(QPalette::Base));
    plot->legend->setTextColor(pal.color(QPalette::Text));
}

}  // namespace stagelight
