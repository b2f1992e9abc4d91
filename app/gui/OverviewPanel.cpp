#include "gui/OverviewPanel.h"

#include <QFormLayout>
#include <QLabel>

#include "qt/LoadSession.h"
#include "text/Elide.h"
#include "text/Format.h"

namespace stagelight {

OverviewPanel::OverviewPanel(LoadSession* session, QWidget* parent)
    : QWidget(parent), form_(new QFormLayout(this)) {
    setObjectName(QStringLiteral("overview"));
    setWindowTitle(tr("Overview"));
    form_->setLabelAlignment(Qt::AlignRight);
    app_ = addRow(tr("Application"));
    spark_ = addRow(tr("Spark"));
    wallClock_ = addRow(tr("Wall clock"));
    counts_ = addRow(tr("Work"));
    data_ = addRow(tr("Data"));
    spill_ = addRow(tr("Spill / GC"));
    executors_ = addRow(tr("Executors"));
    source_ = addRow(tr("Log"));
    connect(session, &LoadSession::modelAvailable, this, &OverviewPanel::setModel);
}

QLabel* OverviewPanel::addRow(const QString& label) {
    auto* value = new QLabel(this);
    value->setTextFormat(Qt::PlainText);  // never interpret text from a log as rich text
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    form_->addRow(label, value);
    return value;
}

void OverviewPanel::setModel(const ModelPtr& model) {
    if (!model) return;
    const Derived& d = model->derived;
    const AppTotals& t = d.totals;
    const Application& a = model->application;
    auto str = [](const std::string& x) { return QString::fromStdString(elide(x)); };
    app_->setText(str(a.name.empty() ? "(unnamed)" : a.name) + QStringLiteral("  ·  ") + str(a.id) +
                  (a.user.empty() ? QString() : QStringLiteral("  ·  ") + str(a.user)));
    spark_->setText(a.sparkVersion.empty() ? tr("unknown (no SparkListenerLogStart)")
                                           : str(a.sparkVersion));
    QString wall = d.span.known() ? str(formatDuration(d.span.wallMs())) : tr("unknown");
    if (d.span.known() && !d.span.fromApplicationEvents())
        wall += QStringLiteral("  (") + str(d.span.howFound()) + QStringLiteral(")");
    if (model->report.partial)
        wall += tr("  (so far: the log is still being read)");
    else if (model->report.cancelled)
        wall += tr("  (so far: the load was cancelled)");
    else if (!a.complete)
        wall += tr("  (incomplete log)");
    wallClock_->setText(wall);
    const auto count = [&](int64_t n, const char* one, const char* many) {
        return str(countText(n, one, many));
    };
    QString work = tr("%1 · %2 · %3 (%4 failed) · %5")
                       .arg(count(t.jobs, "job", "jobs"),
                            count(t.stageAttempts, "stage attempt", "stage attempts"),
                            count(t.tasks, "task", "tasks"))
                       .arg(t.failedTasks)
                       .arg(count(t.sqlExecutions, "SQL execution", "SQL executions"));
    if (t.resubmittedTasks > 0) work += tr(" · %1 resubmitted").arg(t.resubmittedTasks);
    if (t.sqlWithoutStart > 0)
        work += tr(" (%1 more SQL execution ids named by jobs, without a start event)")
                    .arg(t.sqlWithoutStart);
    counts_->setText(work);
    const MetricSums& m = t.metrics;
    data_->setText(tr("input %1 · shuffle read %2 · shuffle write %3")
                       .arg(str(formatBytes(m[TaskField::InputBytesRead])),
                            str(formatBytes(m[TaskField::ShuffleLocalBytesRead] +
                                            m[TaskField::ShuffleRemoteBytesRead])),
                            str(formatBytes(m[TaskField::ShuffleBytesWritten]))));
    spill_->setText(tr("spilled %1 in memory, %2 to disk · GC %3 of %4 task run time")
                        .arg(str(formatBytes(m[TaskField::MemoryBytesSpilled])),
                             str(formatBytes(m[TaskField::DiskBytesSpilled])),
                             str(formatDuration(m[TaskField::JvmGcTime])),
                             str(formatDuration(m[TaskField::ExecutorRunTime]))));
    executors_->setText((t.executors == 1 ? tr("1 executor, %2 cores%3")
                                          : tr("%1 executors, %2 cores%3").arg(t.executors))
                            .arg(t.executorCores)
                            .arg(t.driverRunsTasks ? tr(" (local mode: the driver ran the tasks)")
                                                   : QString()));
    // A path has no spaces to wrap at: a zero-width space after each separator lets it wrap
    // in a narrow dock instead of scrolling it sideways (the tooltip keeps the path as is).
    QString path = str(model->source.root.string());
    source_->setToolTip(path);
    path.replace(QLatin1Char('/'), QStringLiteral("/\u200B")).replace(QLatin1Char('_'), QStringLiteral("_\u200B"));
    source_->setText(path + QStringLiteral("  (") +
                     str(std::string(layoutName(model->source.layout))) + QStringLiteral(", ") +
                     str(formatBytes(int64_t(model->report.bytesOnDisk))) +
                     QStringLiteral(" on disk, ") +
                     str(formatBytes(int64_t(model->report.bytesDecoded))) + tr(" decoded)"));
}

}  // namespace stagelight
