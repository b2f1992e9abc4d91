// Jobs with their SQL execution, description, duration and result.
#pragma once

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class JobTableModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column { Job, Description, Result, Duration, Stages, SqlExecution, ColumnCount };

    explicit JobTableModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
};

}  // namespace stagelight
