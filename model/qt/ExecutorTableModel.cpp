#include "qt/ExecutorTableModel.h"

#include <unordered_map>

#include "model/Numeric.h"
#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {
namespace {

QString text(const std::string& s) {
    return logText(s);
}

}  // namespace

ExecutorTableModel::ExecutorTableModel(QObject* parent)
    : SnapshotTableModel(
          {tr("Executor"), tr("Host"), tr("Cores"), tr("Tasks"), tr("Failed"), tr("Task time"),
           tr("GC time"), tr("Input"), tr("Shuffle read"), tr("Shuffle write"), tr("Spill"),
           tr("Peak heap"), tr("Peak RSS"), tr("Added"), tr("Removed")},
          parent) {
    setColumnTips(
        {tr("Executor id (\"driver\" for the driver)"), tr("Host the executor ran on"),
         tr("Cores the executor offered"), tr("Tasks the executor ran (all attempts)"),
         tr("Task attempts that failed on this executor"),
         tr("Elapsed time the executor spent running tasks"),
         tr("Time that the executor spent paused for Java garbage collection while running "
            "tasks; highlighted above 10 % of the task time"),
         tr("Bytes read from Hadoop or from Spark storage"),
         tr("Total shuffle bytes read, local and remote"),
         tr("Bytes written to disk in order to be read by a shuffle in a future stage"),
         tr("Bytes spilled to disk by the executor's tasks"),
         tr("Peak JVM heap memory (executor metrics, when the log has them)"),
         tr("Peak resident set size of the JVM process tree (when the log has it)"),
         tr("When the executor was added, from the application's start"),
         tr("When it was removed, and why")});
}

int ExecutorTableModel::rebuild() {
    rows_.clear();
    const ModelPtr& m = snapshot();
    if (!m) return 0;
    std::unordered_map<int64_t, int64_t> spill;  // executor string id → disk bytes spilled
    for (size_t r = 0; r < m->tasks.size(); ++r) {
        int64_t& bytes = spill[m->tasks.get(r, TaskField::ExecutorId)];
        bytes = saturatingAdd(bytes, m->tasks.get(r, TaskField::DiskBytesSpilled));
    }
    for (const auto& [id, e] : m->status.executors) {
        Row row{&e, 0};
        for (const auto& [strId, bytes] : spill)
            if (m->strings.view(StrId(strId)) == id) row.spillBytes = bytes;
        rows_.push_back(row);
    }
    return int(rows_.size());
}

QVariant ExecutorTableModel::data(const QModelIndex& index, int role) const {
    const ModelPtr& m = snapshot();
    if (!index.isValid() || !m || index.row() >= int(rows_.size())) return {};
    const Row& row = rows_[size_t(index.row())];
    const ExecutorFigures& e = *row.figures;
    const bool gcHeavy = e.totalDuration > 0 && e.totalGcTime * 10 > e.totalDuration;
    if (role == GcHeavyRole) return gcHeavy;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Executor || index.column() == Host || index.column() == Removed
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const int64_t appStart = m->application.startTime;
    const bool peaks = e.peak.isSet();
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
            case Cores:
                return e.totalCores;
            case Tasks:
                return e.totalTasks;
            case Failed:
                return e.failedTasks;
            case TaskTime:
                return e.totalDuration;
            case GcTime:
                return e.totalGcTime;
            case Input:
                return e.totalInputBytes;
            case ShuffleRead:
                return e.totalShuffleRead;
            case ShuffleWrite:
                return e.totalShuffleWrite;
            case Spill:
                return row.spillBytes;
            case PeakHeap:
                return peaks ? e.peak.values[size_t(ExecutorMetric::JVMHeapMemory)] : -1;
            case PeakRss:
                return peaks ? e.peak.values[size_t(ExecutorMetric::ProcessTreeJVMRSSMemory)] : -1;
            case Added:
                return e.addTime - appStart;
            case Removed:
                return e.removeTime >= 0 ? e.removeTime - appStart : -1;
            default:
                return 0;
        }
    };
    if (role == SortRole) {
        if (index.column() == Executor) return text(e.id);
        if (index.column() == Host) return text(e.hostname());
        return number();
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == Removed && e.removeReason) return plainTooltip(text(*e.removeReason));
        if (index.column() == GcTime && gcHeavy)
            return tr("GC took %1 % of this executor's task time")
                .arg(100.0 * double(e.totalGcTime) / double(e.totalDuration), 0, 'f', 1);
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Executor:
            return text(e.id);
        case Host:
            return text(e.hostname());
        case Cores:
        case Tasks:
        case Failed:
            return QString::number(number());
        case TaskTime:
        case GcTime:
            return text(formatDuration(number()));
        case PeakHeap:
        case PeakRss:
            // Spark logs 0 for a peak it did not measure (process-tree metrics are off by
            // default): "—", never "0.0 B".
            return number() > 0 ? text(formatBytes(number())) : QStringLiteral("—");
        case Added:
            return appStart >= 0 ? QStringLiteral("+") + text(formatDuration(number())) : QString();
        case Removed:
            if (e.removeTime < 0) return QString();
            return QStringLiteral("+%1 %2").arg(text(formatDuration(number())),
                                                e.removeReason ? text(*e.removeReason) : QString());
        default:
            return text(formatBytes(number()));
    }
}

}  // namespace stagelight
