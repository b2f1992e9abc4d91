// Base of the table models over a loaded EventLogModel: holds the snapshot, names the columns,
// and resets cleanly when a new snapshot arrives.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include "qt/MetaTypes.h"

namespace stagelight {

class SnapshotTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole;  // raw values, for sorting

    void setModel(ModelPtr model);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

protected:
    SnapshotTableModel(QStringList columns, QObject* parent);
    // Rows for the current snapshot (called inside the reset; the snapshot may be null).
    virtual int rebuild() = 0;
    const ModelPtr& snapshot() const { return model_; }
    void setColumnTips(QStringList tips) { tips_ = std::move(tips); }  // header tooltips

private:
    ModelPtr model_;
    QStringList columns_, tips_;
    int rows_ = 0;
};

}  // namespace stagelight
