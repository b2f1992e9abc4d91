// Jobs with their SQL execution, description, duration and result.
#pragma once

#include <QAbstractTableModel>

#include "qt/LoadSession.h"

namespace stagelight {

class JobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Job, Description, Result, Duration, Stages, SqlExecution, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;

    explicit JobTableModel(QObject* parent = nullptr);
    void setModel(ModelPtr model);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ModelPtr model_;
};

}  // namespace stagelight
