// Memory peaks per executor over time (QCustomPlot), from the per-stage executor metrics Spark
// logs: one line per executor, a point at the end of each stage it took part in; the metric is
// chosen above the plot, the legend above it (never over the lines). A log without those
// metrics says so, whole, instead of drawing empty axes.
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
    QString caption() const;  // the figures, or why there are none
    bool plotShown() const;
    QCustomPlot* plot() const { return plot_; }

protected:
    void resizeEvent(QResizeEvent* event) override;  // the legend wraps to fit

private:
    void rebuild();

    ModelPtr model_;
    QComboBox* metric_;
    QLabel* caption_;
    QLabel* message_;  // instead of the plot when nothing was measured
    QCustomPlot* plot_;
};

}  // namespace stagelight
