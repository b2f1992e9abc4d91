// Spark's "Summary Metrics for Completed Tasks" of one stage attempt: Min, 25th percentile,
// Median, 75th percentile and Max of each metric, from the same code as `stagelight rest`'s
// taskSummary (successful tasks only).
#pragma once

#include <QAbstractTableModel>

#include <array>
#include <optional>

#include "figures/TaskSummary.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class TaskSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Metric, Min, Q25, Median, Q75, Max, ColumnCount };

    explicit TaskSummaryModel(QObject* parent = nullptr);
    void setStage(ModelPtr model, size_t stageIndex);
    int tasksSummarized() const { return summary_ ? int(summary_->taskCount) : 0; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::optional<TaskSummary> summary_;
    std::array<bool, kSummaryMetricCount> logged_{};  // the log carries the metric at all
};

}  // namespace stagelight
