// Task histograms of the selected stage (QCustomPlot) in any of Spark's task metrics; median and
// max marked (their labels never overlap), round ticks in the metric's unit; linear or log count
// axis. Hovering a bar tells its range and count, clicking it chooses its tasks (the bar drawn in
// the chosen colour until another metric, stage or finding); highlighted tasks (a finding's
// outliers) colour their bars; the selected task is pointed at. Without a stage, or tasks, a
// line of text says so instead of an empty axis.
#pragma once

#include <QVector>
#include <QWidget>

#include <vector>

#include "figures/Histogram.h"
#include "qt/MetaTypes.h"

class QCheckBox;
class QComboBox;
class QCPBars;
class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QLabel;

namespace stagelight {

class TaskHistogramView : public QWidget {
    Q_OBJECT
public:
    explicit TaskHistogramView(QWidget* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    // The same stage in a newer model: its tasks binned anew, the metric and the tasks marked kept.
    void refreshStage(ModelPtr model, size_t stageIndex);
    void setMetric(HistogramMetric metric);
    void setHighlightedTasks(std::vector<int64_t> taskIds);
    void setSelectedTask(int64_t taskId);  // -1: none
    void clearBarChoice();                 // the chosen bar drawn as the others again
    bool barChosen() const;
    HistogramMetric metric() const;
    // The bar under a point of the plot (-1 when none) and what its tooltip says. With a few
    // tasks (a dot strip: dotStrip()) each "bar" is one task's dot, by rank of value.
    int binAt(const QPoint& plotPos) const;
    QString binToolTip(int bin) const;
    std::vector<int64_t> binTasks(int bin) const;  // the task ids of a bar
    QCustomPlot* plot() const { return plot_; }
    // Where the median and max labels are drawn (plot pixels; after a replot): tests check
    // they never overlap.
    QList<QRectF> markerLabelRects() const;
    QString maxLabelText() const;  // empty when no max is marked
    const Histogram& histogram() const { return histogram_; }
    bool dotStrip() const { return dotStrip_; }
    // Draws the chart (without the metric and log controls) into `rect` of another device, as
    // vector drawing (the PDF report).
    void renderPlot(QPainter& p, const QRectF& rect);
    size_t highlightedTasks() const { return highlighted_.size(); }
    QString placeholderText() const;  // empty while the chart is shown

Q_SIGNALS:
    // A bar (or a dot) clicked: its tasks; empty when the user's metric change dropped it.
    void barTasksChosen(const QList<qint64>& taskIds);

protected:
    void changeEvent(QEvent* event) override;  // follows a light/dark palette switch

private:
    void applyPalette();
    void rebuild();
    void redraw();
    void layoutMarkerLabels();

    ModelPtr model_;
    size_t stage_ = 0;
    TaskValues values_;  // the stage's tasks sorted by the metric
    bool maxSucceeded_ = true;  // the task at the max ended in success
    Histogram histogram_;
    std::vector<int64_t> highlighted_;
    int64_t selectedTask_ = -1;
    QComboBox* metric_;
    QCheckBox* log_;
    QLabel* caption_;
    QLabel* placeholder_;
    QCustomPlot* plot_;
    bool chosen_ = false;  // a bar's tasks were handed on and not dropped since
    QCPBars* bars_;
    QCPBars* highlightBars_;
    QCPGraph* dots_;     // one dot per task when there are few
    QCPGraph* hotDots_;  // the highlighted ones, red
    QVector<double> dotY_;  // each dot's height in the strip, by rank
    bool dotStrip_ = false;
    QCPItemText* medianLabel_ = nullptr;  // owned by the plot; placed on every layout
    QCPItemText* maxLabel_ = nullptr;
};

}  // namespace stagelight
