#include "qt/JobTableModel.h"

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {

JobTableModel::JobTableModel(QObject* parent)
    : SnapshotTableModel(
          {tr("Job"), tr("Description"), tr("Result"), tr("Duration"), tr("Stages"), tr("SQL")},
          parent) {
    setColumnTips({tr("Spark's job id"),
                   tr("The job's description or, without one, the name of its last stage"),
                   tr("SUCCEEDED, FAILED or RUNNING"),
                   tr("Elapsed time from the job's submission until it ended"),
                   tr("Stages of the job (skipped ones included)"),
                   tr("The SQL execution that ran the job, if any")});
}

int JobTableModel::rebuild() {
    return snapshot() ? int(snapshot()->jobs.size()) : 0;
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const {
    const ModelPtr& model = snapshot();
    if (!index.isValid() || !model || index.row() >= int(model->jobs.size())) return {};
    const stagelight::Job& j = model->jobs[size_t(index.row())];
    const int64_t duration = model->derived.jobSpans[size_t(&j - model->jobs.data())].durationMs();
    const char* result = j.result == JobResult::Succeeded ? "SUCCEEDED"
                         : j.result == JobResult::Failed  ? "FAILED"
                                                          : "RUNNING";
    if (role == Qt::TextAlignmentRole)
        return index.column() == Description || index.column() == Result
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
            case Job:
                return j.id;
            case Description:
                return QString::fromStdString(j.description);
            case Result:
                return QString::fromLatin1(result);
            case Duration:
                return qlonglong(duration);
            case Stages:
                return int(j.stageIds.size());
            case SqlExecution:
                return qlonglong(j.sqlExecutionId);
        }
    }
    if (role == Qt::ToolTipRole) {  // log text, escaped: never rich text
        if (index.column() == Description && !j.failureMessage.empty())
            return plainTooltip(QString::fromStdString(j.failureMessage));
        const QString shown = data(index, Qt::DisplayRole).toString();
        return shown.isEmpty() ? QVariant() : QVariant(plainTooltip(shown));
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Job:
            return QString::number(j.id);
        case Description:
            return QString::fromStdString(j.description.empty() ? j.jobGroup : j.description);
        case Result:
            return QString::fromLatin1(result);
        case Duration:
            return QString::fromStdString(formatDuration(duration));
        case Stages:
            return QString::number(j.stageIds.size());
        case SqlExecution:
            return j.sqlExecutionId >= 0 ? QString::number(j.sqlExecutionId) : QString();
    }
    return {};
}

}  // namespace stagelight
