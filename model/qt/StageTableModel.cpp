#include "qt/StageTableModel.h"

#include "report/Format.h"

namespace stagelight {

namespace {
QString text(const std::string& s) {
    return QString::fromStdString(s);
}
}  // namespace

StageTableModel::StageTableModel(QObject* parent)
    : SnapshotTableModel(
          {tr("Stage"), tr("Description"), tr("Status"), tr("Duration"), tr("Share"), tr("Tasks"),
           tr("Failed"), tr("Input"), tr("Shuffle read"), tr("Shuffle write"), tr("Spill (memory)"),
           tr("Spill (disk)"), tr("GC time")},
          parent) {}

int StageTableModel::rebuild() {
    rows_.clear();
    totalDuration_ = 0;
    if (!snapshot()) return 0;
    for (StageTotals& st : computeStageTotals(*snapshot())) {
        const StageAttempt& s = snapshot()->stages[st.stage];
        if (!(s.submitted || s.completed || st.tasks > 0)) continue;
        totalDuration_ += st.durationMs;
        rows_.push_back(st);
    }
    return int(rows_.size());
}

int StageTableModel::rowOfStage(int32_t stageId, int32_t attemptId) const {
    if (!snapshot()) return -1;
    for (size_t i = 0; i < rows_.size(); ++i) {
        const StageAttempt& s = snapshot()->stages[rows_[i].stage];
        if (s.stageId == stageId && s.attemptId == attemptId) return int(i);
    }
    return -1;
}

QVariant StageTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !snapshot() || index.row() >= int(rows_.size())) return {};
    const StageTotals& st = rows_[size_t(index.row())];
    const StageAttempt& s = snapshot()->stages[st.stage];
    if (role == StageIndexRole) return qulonglong(st.stage);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Status
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
            case Stage:
                return qlonglong(s.stageId) * 1000 + s.attemptId;
            case Duration:
            case Share:
                return st.durationMs;
            case Tasks:
                return st.tasks;
            case Failed:
                return st.failedTasks;
            case Input:
                return st.sum(TaskField::InputBytesRead);
            case ShuffleRead:
                return st.shuffleReadBytes();
            case ShuffleWrite:
                return st.sum(TaskField::ShuffleBytesWritten);
            case SpillMemory:
                return st.sum(TaskField::MemoryBytesSpilled);
            case SpillDisk:
                return st.sum(TaskField::DiskBytesSpilled);
            case GcTime:
                return st.sum(TaskField::JvmGcTime);
            default:
                return 0;
        }
    };
    if (role == SortRole) {
        if (index.column() == Name) return text(s.name);
        if (index.column() == Status) return text(std::string(stageStatusName(s.status())));
        return number();
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
        case Stage:
            return QStringLiteral("%1.%2").arg(s.stageId).arg(s.attemptId);
        case Name:
            return role == Qt::ToolTipRole ? text(s.details.empty() ? s.name : s.details)
                                           : text(s.name);
        case Status:
            return text(std::string(stageStatusName(s.status())));
        case Duration:
            return text(formatDuration(st.durationMs));
        case Share:
            return totalDuration_ > 0
                       ? QStringLiteral("%1 %").arg(
                             100.0 * double(st.durationMs) / double(totalDuration_), 0, 'f', 1)
                       : QString();
        case Tasks:
        case Failed:
            return QString::number(number());
        case GcTime:
            return text(formatDuration(number()));
        default:
            return text(formatBytes(number()));
    }
}

}  // namespace stagelight
