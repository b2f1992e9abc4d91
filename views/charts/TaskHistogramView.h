// Task histograms of the selected stage (QCustomPlot): duration, shuffle read, input, spill or GC
// time; median and max marked; linear or log count axis. Clicking a bar selects its tasks;
// highlighted tasks (a finding's outliers) colour their bars.
#pragma once

#include <QWidget>

#include <vector>

#include "figures/Histogram.h"
#include "qt/MetaTypes.h"

class QCheckBox;
class QComboBox;
class QCPBars;
class QCustomPlot;
class QLabel;

namespace stagelight {

class TaskHistogramView : public QWidget {
    Q_OBJECT
public:
    explicit TaskHistogramView(QWidget* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    void setMetric(HistogramMetric metric);
    void setHighlightedTasks(std::vector<int64_t> taskIds);
    const Histogram& histogram() const { return histogram_; }
    // Draws the chart (without the metric and log controls) into `rect` of another device, as
    // vector drawing (the PDF report).
    void renderPlot(QPainter& p, const QRectF& rect);
    size_t highlightedTasks() const { return highlighted_.size(); }

Q_SIGNALS:
    void tasksSelected(const QList<qint64>& taskIds);

protected:
    void changeEvent(QEvent* event) override;  // follows a light/dark palette switch

private:
    void applyPalette();
    void rebuild();
    void redraw();

    ModelPtr model_;
    size_t stage_ = 0;
    TaskValues values_;  // the stage's tasks sorted by the metric
    Histogram histogram_;
    std::vector<int64_t> highlighted_;
    QComboBox* metric_;
    QCheckBox* log_;
    QLabel* caption_;
    QCustomPlot* plot_;
    QCPBars* bars_;
    QCPBars* highlightBars_;
};

}  // namespace stagelight
