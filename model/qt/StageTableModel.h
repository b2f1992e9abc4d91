// Stage attempts with their baseline figures (duration, tasks, input, shuffle, spill, GC). Display
// text is formatted like Spark's UI; Qt::UserRole holds the raw number for sorting.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "figures/StageTotals.h"
#include "qt/LoadSession.h"

namespace stagelight {

class StageTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Stage, Name, Status, Duration, Share, Tasks, Failed, Input, ShuffleRead, ShuffleWrite,
                  SpillMemory, SpillDisk, GcTime, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int StageIndexRole = Qt::UserRole + 1;  // index into EventLogModel::stages

    explicit StageTableModel(QObject* parent = nullptr);
    void setModel(ModelPtr model);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ModelPtr model_;
    std::vector<StageTotals> rows_;
    int64_t totalDuration_ = 0;
};

}  // namespace stagelight
