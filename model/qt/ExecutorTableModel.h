// Executors as the History Server's executors page lists them (the driver included): tasks,
// failed tasks, task time, GC time (flagged above 10 % of task time), input, shuffle read/write,
// spill (from the task table), peak JVM heap and RSS when logged, added/removed and why.
// Qt::UserRole holds raw values for sorting; GcHeavyRole is true where GC is above 10 %.
#pragma once

#include <vector>

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class ExecutorTableModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column {
        Executor,
        Host,
        Cores,
        Tasks,
        Failed,
        TaskTime,
        GcTime,
        Input,
        ShuffleRead,
        ShuffleWrite,
        Spill,
        PeakHeap,
        PeakRss,
        Added,
        Removed,
        ColumnCount
    };
    static constexpr int GcHeavyRole = Qt::UserRole + 1;

    explicit ExecutorTableModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
    struct Row {
        const ExecutorFigures* figures;
        int64_t spillBytes = 0;
    };
    std::vector<Row> rows_;
};

}  // namespace stagelight
