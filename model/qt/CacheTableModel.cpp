#include "qt/CacheTableModel.h"

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {

CacheTableModel::CacheTableModel(QObject* parent)
    : SnapshotTableModel({tr("RDD"), tr("Name"), tr("Storage level"), tr("Cached partitions"),
                          tr("Memory"), tr("Disk"), tr("Status")},
                         parent) {
    setColumnTips({tr("The RDD id"), tr("The RDD's name and the call site that created it"),
                   tr("Where its blocks are kept (memory, disk, serialized, replicas)"),
                   tr("Partitions in the cache of all partitions: below all, the rest are "
                      "recomputed when used"),
                   tr("Size of the cached partitions in memory"),
                   tr("Size of the cached partitions on disk"),
                   tr("cached, or unpersisted by the application")});
}

int CacheTableModel::rebuild() {
    usage_ = snapshot() ? cacheUsage(*snapshot()) : CacheUsage{};
    return int(usage_.rdds.size());
}

int CacheTableModel::rowOfRdd(int32_t rddId) const {
    for (size_t i = 0; i < usage_.rdds.size(); ++i)
        if (usage_.rdds[i].id == rddId) return int(i);
    return -1;
}

QVariant CacheTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(usage_.rdds.size())) return {};
    const CachedRdd& r = usage_.rdds[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == StorageLevel || index.column() == Status
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
            case Rdd:
                return r.id;
            case Cached:
                return r.partitions > 0 ? double(r.cachedPartitions) / r.partitions : 0.0;
            case Memory:
                return qlonglong(r.memoryBytes);
            case Disk:
                return qlonglong(r.diskBytes);
            default:
                return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Name)
        return plainTooltip(logText(r.name + "\n" + r.callsite, 2000));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Rdd:
            return QString::number(r.id);
        case Name:
            return firstLine(logText(r.name));
        case StorageLevel:
            return QString::fromStdString(r.storageLevel);
        case Cached:
            return QStringLiteral("%1 of %2").arg(r.cachedPartitions).arg(r.partitions);
        case Memory:
            return QString::fromStdString(formatBytes(r.memoryBytes));
        case Disk:
            return QString::fromStdString(formatBytes(r.diskBytes));
        default:
            return r.unpersisted ? tr("unpersisted") : tr("cached");
    }
}

}  // namespace stagelight
