#include "qt/JobTableModel.h"

#include "report/Format.h"

namespace stagelight {

JobTableModel::JobTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void JobTableModel::setModel(ModelPtr model) {
    beginResetModel();
    model_ = std::move(model);
    endResetModel();
}

int JobTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !model_ ? 0 : int(model_->jobs.size());
}
int JobTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"Job", "Description", "Result", "Duration", "Stages", "SQL"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !model_ || index.row() >= int(model_->jobs.size())) return {};
    const stagelight::Job& j = model_->jobs[size_t(index.row())];
    const int64_t end = j.completionTime >= 0 ? j.completionTime : model_->application.lastEventTime;
    const int64_t duration = j.submissionTime >= 0 && end >= j.submissionTime ? end - j.submissionTime : 0;
    const char* result = j.result == JobResult::Succeeded ? "SUCCEEDED" : j.result == JobResult::Failed ? "FAILED" : "RUNNING";
    if (role == Qt::TextAlignmentRole)
        return index.column() == Description || index.column() == Result ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                                                         : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
            case Job: return j.id;
            case Description: return QString::fromStdString(j.description);
            case Result: return QString::fromLatin1(result);
            case Duration: return qlonglong(duration);
            case Stages: return int(j.stageIds.size());
            case SqlExecution: return qlonglong(j.sqlExecutionId);
        }
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
        case Job: return QString::number(j.id);
        case Description:
            if (role == Qt::ToolTipRole && !j.failureMessage.empty()) return QString::fromStdString(j.failureMessage);
            return QString::fromStdString(j.description.empty() ? j.jobGroup : j.description);
        case Result: return QString::fromLatin1(result);
        case Duration: return QString::fromStdString(formatDuration(duration));
        case Stages: return QString::number(j.stageIds.size());
        case SqlExecution: return j.sqlExecutionId >= 0 ? QString::number(j.sqlExecutionId) : QString();
    }
    return {};
}

}  // namespace stagelight
