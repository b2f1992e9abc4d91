// Memory peaks per executor over time (QCustomPlot), from the per-stage executor metrics Spark
// logs: one line per executor, a point at the end of each stage it took part in; the metric is
// chosen above the plot. A log without those metrics says so instead of drawing zeros.
#pragma once

#include <QWidget>

#include "figures/ExecutorMemory.h"
#include "qt/MetaTypes.h"

class QComboBox;
class QCustomPlot;
class QLabel;

namespace stagelight {

class ExecutorMemoryChart : public QWidget {
    Q_OBJECT
public:
    explicit ExecutorMemoryChart(QWidget* parent = nullptr);
    void setModel(ModelPtr model);
    void setMetric(MemoryMetric metric);
    int seriesCount() const;  // executors drawn
    QString caption() const;

private:
    void rebuild();

    ModelPtr model_;
    QComboBox* metric_;
    QLabel* caption_;
    QCustomPlot* plot_;
};

}  // namespace stagelight
