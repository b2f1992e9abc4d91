#include "qt/SqlExecutionModel.h"

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {

SqlExecutionModel::SqlExecutionModel(QObject* parent)
    : SnapshotTableModel({tr("Query"), tr("Description"), tr("Duration"), tr("Jobs"), tr("Status")},
                         parent) {
    setColumnTips({tr("The SQL execution id"), tr("The query's description (its SQL text)"),
                   tr("From the execution's start to its end"), tr("Jobs the execution ran"),
                   tr("COMPLETED, FAILED, RUNNING (no end event in the log) or NO START EVENT "
                      "(jobs name the id but the log has no SQLExecutionStart for it)")});
}

int SqlExecutionModel::rebuild() {
    return snapshot() ? int(snapshot()->sqlExecutions.size()) : 0;
}

const SqlExecution* SqlExecutionModel::execution(int row) const {
    if (!snapshot() || row < 0 || row >= int(snapshot()->sqlExecutions.size())) return nullptr;
    return &snapshot()->sqlExecutions[size_t(row)];
}

QVariant SqlExecutionModel::data(const QModelIndex& index, int role) const {
    const SqlExecution* q = index.isValid() ? execution(index.row()) : nullptr;
    if (!q) return {};
    const int64_t end = q->endTime >= 0 ? q->endTime : snapshot()->application.lastEventTime;
    const int64_t duration = q->startTime >= 0 && end >= q->startTime ? end - q->startTime : 0;
    // An id that jobs name but whose SQLExecutionStart is not in the log (an excerpt, or a
    // listener that dropped it): listed so its jobs can be found, never counted as a query.
    const QString status = !q->started               ? QStringLiteral("NO START EVENT")
                           : q->endTime < 0          ? QStringLiteral("RUNNING")
                           : !q->errorMessage.empty() ? QStringLiteral("FAILED")
                                                      : QStringLiteral("COMPLETED");
    if (role == Qt::TextAlignmentRole)
        return index.column() == Description || index.column() == Status
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
            case Id:
                return qlonglong(q->id);
            case Duration:
                return qlonglong(duration);
            case Jobs:
                return int(q->jobIds.size());
            case Status:
                return status;
            default:
                return logText(q->description, 2000);
        }
    }
    if (role == Qt::ToolTipRole && !q->started)
        return tr("Jobs name this SQL execution id, but its SQLExecutionStart is not in the log: "
                  "no plan, description or duration is known");
    if (role == Qt::ToolTipRole && index.column() == Description)
        return plainTooltip(logText(q->description, 2000));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Id:
            return QString::number(q->id);
        case Description:
            return logText(q->description).simplified();
        case Duration:
            return q->started ? QString::fromStdString(formatDuration(duration))
                              : QStringLiteral("—");
        case Jobs: {
            QString jobs;
            for (int32_t j : q->jobIds)
                jobs += (jobs.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(j);
            return jobs;
        }
        default:
            return status;
    }
}

}  // namespace stagelight
