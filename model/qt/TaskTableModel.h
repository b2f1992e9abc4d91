// Every task attempt of one stage attempt, with Spark's task-table columns (no row cap). Display
// text is formatted like Spark's UI; Qt::UserRole holds raw values for sorting.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "qt/MetaTypes.h"

namespace stagelight {

class TaskTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Spark's task table, every column (Input, Output and the shuffle sizes show "size / records"
    // as Spark does); "—" where the log does not carry a metric.
    enum Column {
        TaskId,
        Index,
        Attempt,
        Status,
        Speculative,
        Executor,
        Host,
        Locality,
        Launch,
        Duration,
        SchedulerDelay,
        Deserialization,
        RunTime,
        CpuTime,
        GcTime,
        ResultSerialization,
        GettingResult,
        PeakExecutionMemory,
        Input,
        Output,
        ShuffleRead,
        ShuffleReadBlocked,
        ShuffleRemoteRead,
        ShuffleWrite,
        ShuffleWriteTime,
        SpillMemory,
        SpillDisk,
        Error,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int TaskIdRole = Qt::UserRole + 1;

    explicit TaskTableModel(QObject* parent = nullptr);
    // Shows the tasks of model->stages[stageIndex]; a null model or a bad index shows none.
    void setStage(ModelPtr model, size_t stageIndex);
    int rowOfTask(int64_t taskId) const;  // -1 when the task is not shown

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ModelPtr model_;
    std::vector<uint32_t> rows_;  // task table rows, in task id order
    bool cpuLogged_ = true;       // the stage's tasks carry Executor CPU Time
};

}  // namespace stagelight
