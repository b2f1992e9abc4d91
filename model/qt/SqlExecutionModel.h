// The SQL dock's table: every SQL execution with its description, duration, jobs and status.
#pragma once

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class SqlExecutionModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column { Id, Description, Duration, Jobs, Status, ColumnCount };

    explicit SqlExecutionModel(QObject* parent = nullptr);
    const SqlExecution* execution(int row) const;
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
};

}  // namespace stagelight
