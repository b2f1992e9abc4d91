#include "qt/JobTableModel.h"

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {
namespace {

// Spark's UI falls back on the job's name ("show at <console>:33").
const std::string& description(const Job& j) {
    return !j.description.empty() ? j.description : !j.jobGroup.empty() ? j.jobGroup : j.name;
}

}  // namespace

JobTableModel::JobTableModel(QObject* parent)
    : SnapshotTableModel({tr("Job"), tr("Submitted"), tr("Description"), tr("Result"),
                          tr("Duration"), tr("Stages"), tr("Tasks"), tr("SQL")},
                         parent) {
    setColumnTips({tr("Spark's job id"),
                   tr("When the job was submitted, from the application's start"),
                   tr("The job's description or, without one, the name of its last stage"),
                   tr("SUCCEEDED, FAILED or RUNNING"),
                   tr("Elapsed time from the job's submission until it ended"),
                   tr("Stages that completed of the job's stages, then skipped and failed ones "
                      "(Spark's jobs page: Succeeded/Total)"),
                   tr("Tasks that completed of the job's tasks, skipped stages' tasks left out, "
                      "then failed and killed ones (Spark's jobs page: Succeeded/Total)"),
                   tr("The SQL execution that ran the job, if any")});
}

int JobTableModel::rebuild() {
    return snapshot() ? int(snapshot()->jobs.size()) : 0;
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const {
    const ModelPtr& model = snapshot();
    if (!index.isValid() || !model || index.row() >= int(model->jobs.size())) return {};
    const stagelight::Job& j = model->jobs[size_t(index.row())];
    const JobSpan& span = model->derived.jobSpans[size_t(&j - model->jobs.data())];
    const int64_t duration = span.durationMs();
    const int64_t appStart = model->derived.span.startMs;
    const JobCounters& c = j.counters;
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
            case Submitted:
                return qlonglong(span.startMs);
            case Tasks:
                return qlonglong(c.numTasks);
            case Description:
                return data(index, Qt::DisplayRole);
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
        if (index.column() == Description) {  // the whole text, and why the job failed
            QString tip = logText(description(j), 2000).trimmed();
            if (!j.failureMessage.empty())
                tip += (tip.isEmpty() ? QString() : QStringLiteral("\n\n")) +
                       logText(j.failureMessage, 2000);
            return tip.isEmpty() ? QVariant() : QVariant(plainTooltip(tip));
        }
        const QString shown = data(index, Qt::DisplayRole).toString();
        return shown.isEmpty() ? QVariant() : QVariant(plainTooltip(shown));
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Job:
            return QString::number(j.id);
        case Submitted:
            return span.startMs >= 0 && appStart >= 0
                       ? QString::fromStdString(formatOffset(span.startMs - appStart))
                       : QStringLiteral("—");
        case Description:
            return firstLine(logText(description(j)));
        case Tasks: {
            QString t = QStringLiteral("%1/%2")
                            .arg(c.numCompletedTasks)
                            .arg(c.numTasks - c.numSkippedTasks);
            if (c.numFailedTasks > 0) t += tr(" (%1 failed)").arg(c.numFailedTasks);
            if (c.numKilledTasks > 0) t += tr(" (%1 killed)").arg(c.numKilledTasks);
            return t;
        }
        case Result:
            return QString::fromLatin1(result);
        case Duration:
            return QString::fromStdString(formatDuration(duration));
        case Stages: {
            const auto total = qlonglong(j.stageIds.size() - c.skippedStages.size());
            QString t = QStringLiteral("%1/%2").arg(qlonglong(c.completedStages.size())).arg(total);
            if (!c.skippedStages.empty()) t += tr(" (%1 skipped)").arg(c.skippedStages.size());
            if (c.numFailedStages > 0) t += tr(" (%1 failed)").arg(c.numFailedStages);
            return t;
        }
        case SqlExecution:
            return j.sqlExecutionId >= 0 ? QString::number(j.sqlExecutionId) : QString();
    }
    return {};
}

}  // namespace stagelight
