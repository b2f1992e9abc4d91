// The Cache dock's table: every RDD the application persisted, its storage level, how many of its
// partitions were cached, their size in memory and on disk, and whether it was unpersisted.
#pragma once

#include "figures/CacheUsage.h"
#include "qt/SnapshotTableModel.h"

namespace stagelight {

class CacheTableModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column { Rdd, Name, StorageLevel, Cached, Memory, Disk, Status, ColumnCount };

    explicit CacheTableModel(QObject* parent = nullptr);
    const CacheUsage& usage() const { return usage_; }
    int rowOfRdd(int32_t rddId) const;
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
    CacheUsage usage_;
};

}  // namespace stagelight
