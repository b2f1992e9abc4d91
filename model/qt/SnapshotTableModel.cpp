#include "qt/SnapshotTableModel.h"

namespace stagelight {

SnapshotTableModel::SnapshotTableModel(QStringList columns, QObject* parent)
    : QAbstractTableModel(parent), columns_(std::move(columns)) {}

void SnapshotTableModel::setModel(ModelPtr model) {
    beginResetModel();
    model_ = std::move(model);
    rows_ = rebuild();
    endResetModel();
}

int SnapshotTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows_;
}
int SnapshotTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(columns_.size());
}

QVariant SnapshotTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columns_.size()) return {};
    if (role == Qt::DisplayRole) return columns_[section];
    if (role == Qt::ToolTipRole && section < tips_.size()) return tips_[section];
    return {};
}

}  // namespace stagelight
