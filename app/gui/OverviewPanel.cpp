#include "gui/OverviewPanel.h"

#include <QFormLayout>
#include <QLabel>

#include "qt/LoadSession.h"
#include "report/Summary.h"
#include "text/Format.h"

namespace stagelight {

OverviewPanel::OverviewPanel(LoadSession* session, QWidget* parent)
    : QWidget(parent), form_(new QFormLayout(this)) {
    setObjectName(QStringLiteral("overview"));
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
    const Summary s = summarize(*model);
    const Application& a = model->application;
    auto str = [](const std::string& x) { return QString::fromStdString(x); };
    app_->setText(str(a.name.empty() ? "(unnamed)" : a.name) + QStringLiteral("  ·  ") + str(a.id) +
                  (a.user.empty() ? QString() : QStringLiteral("  ·  ") + str(a.user)));
    spark_->setText(a.sparkVersion.empty() ? tr("unknown (no SparkListenerLogStart)")
                                           : str(a.sparkVersion));
    wallClock_->setText(s.durationMs >= 0 ? str(formatDuration(s.durationMs)) +
                                                (a.complete ? QString() : tr("  (incomplete log)"))
                                          : tr("unknown"));
    counts_->setText(tr("%1 jobs · %2 stage attempts · %3 tasks (%4 failed) · %5 SQL executions")
                         .arg(s.counts.jobs)
                         .arg(s.counts.stageAttempts)
                         .arg(s.counts.tasks)
                         .arg(s.counts.failedTasks)
                         .arg(s.counts.sqlExecutions));
    int64_t input = 0, shuffleRead = 0, shuffleWrite = 0, memSpill = 0, diskSpill = 0, gc = 0,
            run = 0;
    for (const StageTotals& st : s.stages) {
        input += st.sum(TaskField::InputBytesRead);
        shuffleRead += st.shuffleReadBytes();
        shuffleWrite += st.sum(TaskField::ShuffleBytesWritten);
        memSpill += st.sum(TaskField::MemoryBytesSpilled);
        diskSpill += st.sum(TaskField::DiskBytesSpilled);
        gc += st.sum(TaskField::JvmGcTime);
        run += st.sum(TaskField::ExecutorRunTime);
    }
    data_->setText(tr("input %1 · shuffle read %2 · shuffle write %3")
                       .arg(str(formatBytes(input)), str(formatBytes(shuffleRead)),
                            str(formatBytes(shuffleWrite))));
    spill_->setText(tr("spilled %1 in memory, %2 to disk · GC %3 of %4 task run time")
                        .arg(str(formatBytes(memSpill)), str(formatBytes(diskSpill)),
                             str(formatDuration(gc)), str(formatDuration(run))));
    int cores = 0;
    for (const Executor& e : model->executors) cores += e.added ? e.totalCores : 0;
    executors_->setText(tr("%1 executors, %2 cores").arg(s.counts.executors).arg(cores));
    source_->setText(str(model->source.root.string()) + QStringLiteral("  (") +
                     str(std::string(layoutName(model->source.layout))) + QStringLiteral(", ") +
                     str(formatBytes(int64_t(model->report.bytesOnDisk))) +
                     QStringLiteral(" on disk, ") +
                     str(formatBytes(int64_t(model->report.bytesDecoded))) + tr(" decoded)"));
}

}  // namespace stagelight
