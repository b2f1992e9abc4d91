// qcustomplot.h uses the `signals`, `slots`, `emit` and `foreach` keywords, which this project
// turns off (QT_NO_KEYWORDS, QT_NO_FOREACH); they are mapped to Qt's macros for that header only.
// Files that include it are compiled with QT_NO_FOREACH undefined (views/CMakeLists.txt).
#pragma once

#include <QtGlobal>

#include <algorithm>

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

// The legend as one row above the plot, never over the data (a short dock leaves no free corner).
inline void placeLegendAbove(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    legend->setVisible(true);
    if (plot->axisRect()->insetLayout()->take(legend)) {
        plot->axisRect()->insetLayout()->simplify();
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(0, 0, legend);
        plot->plotLayout()->setRowStretchFactor(0, 0.001);
        plot->plotLayout()->setRowSpacing(0);
    }
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setMargins(QMargins(4, 0, 4, 0));
    legend->setRowSpacing(0);
    legend->setColumnSpacing(12);
}

// As many legend entries per row as fit in `width` (entries wrap onto further rows).
inline void fitLegendColumns(QCustomPlot* plot, int width) {
    QCPLegend* legend = plot->legend;
    const int n = legend->itemCount();
    int widest = 1;
    for (int i = 0; i < n; ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            widest = std::max(widest, item->minimumOuterSizeHint().width());
    const int room = width - legend->margins().left() - legend->margins().right() - 8;
    const int columns = std::clamp((room + legend->columnSpacing()) / (widest + legend->columnSpacing()), 1,
                                   std::max(1, n));
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

}  // namespace stagelight
