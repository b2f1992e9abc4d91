// Stage attempts with their baseline figures (duration, share of the application's wall clock,
// tasks, input, output, shuffle, spill, GC), each column defined in its header tooltip. Display
// text is formatted like Spark's UI; Qt::UserRole holds the raw number for sorting.
#pragma once

#include "qt/SnapshotTableModel.h"

#include <QString>

#include <vector>

#include "qt/MetaTypes.h"

namespace stagelight {

class StageTableModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column {
        Stage,
        Job,  // the jobs that list the stage ("2" or "2, 5")
        Sql,  // those jobs' SQL executions
        Name,
        Status,
        Duration,
        Waited,  // from its submission to its first task (not in Spark's Duration)
        Share,
        Tasks,
        Failed,
        Input,
        Output,
        ShuffleRead,
        ShuffleWrite,
        SpillMemory,
        SpillDisk,
        GcTime,
        ColumnCount
    };
    static constexpr int StageIndexRole = Qt::UserRole + 1;  // index into EventLogModel::stages
    static constexpr int ShareRole = Qt::UserRole + 2;       // duration / application wall clock

    explicit StageTableModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role) const override;
    int rowOfStage(int32_t stageId, int32_t attemptId) const;  // -1 when not listed
    StageKey stageKeyOf(int row) const;                          // invalid for a bad row

private:
    int rebuild() override;
    // Submission to first launch; -1 when the log gives no plausible submission before it.
    int64_t waitedMs(const StageTotals& st) const;
    std::vector<StageTotals> rows_;
    std::vector<QString> jobs_, sqls_;  // per row
    int64_t wallClockMs_ = 0;
};

}  // namespace stagelight
