// The cache's size over time (QCustomPlot): memory and disk used by every cached RDD together,
// as steps at each stage completion that reported them, from the application's start (nothing
// cached) to its end; each unpersist of a cached RDD is a dashed vertical mark.
#pragma once

#include <QWidget>

#include "figures/CacheUsage.h"

class QCustomPlot;

namespace stagelight {

class CacheUsageChart : public QWidget {
    Q_OBJECT
public:
    explicit CacheUsageChart(QWidget* parent = nullptr);
    void setUsage(const CacheUsage& usage, int64_t appStartMs, int64_t appEndMs);
    // The plotted points (seconds from the start, bytes) of the memory and disk series (tests).
    std::vector<std::pair<double, double>> memoryPoints() const;
    std::vector<std::pair<double, double>> diskPoints() const;
    std::vector<double> unpersistMarks() const { return marks_; }  // seconds from the start

private:
    QCustomPlot* plot_;
    std::vector<double> marks_;
};

}  // namespace stagelight
