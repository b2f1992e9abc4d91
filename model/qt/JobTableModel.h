// Jobs with their submit time (from the application's start), description, result, duration,
// stage and task progress as Spark's jobs page counts them, and SQL execution.
#pragma once

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class JobTableModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column {
        Job,
        Submitted,
        Description,
        Result,
        Duration,
        Stages,
        Tasks,
        SqlExecution,
        ColumnCount
    };

    explicit JobTableModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
};

}  // namespace stagelight
