#include "timeline/StageTimelineView.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include "figures/TaskFigures.h"
#include "text/Format.h"

namespace stagelight {
namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

}  // namespace

StageTimelineView::StageTimelineView(QWidget* parent) : TimelineWidget(parent) {
    setMinimumHeight(160);
}

void StageTimelineView::setStage(ModelPtr model, size_t stageIndex) {
    painter_.setStage(std::move(model), stageIndex);
    clearHistory();
    resetZoom();
}

void StageTimelineView::setHighlightedTasks(std::vector<int64_t> taskIds) {
    painter_.setHighlightedTasks(taskIds);
    update();
}

void StageTimelineView::setGaps(std::vector<std::pair<int64_t, int64_t>> windows) {
    painter_.setGaps(std::move(windows));
    update();
}

std::pair<double, double> StageTimelineView::fullRange() const {
    return {double(lanes().start), double(std::max(lanes().end, lanes().start + 1))};
}

QRectF StageTimelineView::barRect(size_t i) const {
    return painter_.barRect(i, viewport(), plotArea());
}

int64_t StageTimelineView::taskAt(const QPoint& pos) const {
    const int64_t i = painter_.laneTaskAt(pos, viewport(), plotArea());
    if (i < 0) return -1;
    return painter_.model()->tasks.get(lanes().tasks[size_t(i)].row, TaskField::TaskId);
}

void StageTimelineView::clickedAt(const QPoint& pos) {
    if (const int64_t id = taskAt(pos); id >= 0) Q_EMIT taskClicked(id);
}

void StageTimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    painter_.paint(p, rect(), viewport(), palette());
    paintRubberBand(p);
}

bool StageTimelineView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip || !painter_.model()) return TimelineWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const int64_t i = painter_.laneTaskAt(help->pos(), viewport(), plotArea());
    if (i < 0) {
        QToolTip::hideText();
        return true;
    }
    const EventLogModel& m = *painter_.model();
    const TaskTable& t = m.tasks;
    const size_t row = lanes().tasks[size_t(i)].row;
    const int64_t now = m.application.lastEventTime;
    const TaskTimes times = taskTimes(t, row, now);
    QString s = tr("Task %1 (index %2, attempt %3) · %4\nExecutor %5 on %6\nDuration %7 · GC %8")
                    .arg(t.get(row, TaskField::TaskId))
                    .arg(t.get(row, TaskField::Index))
                    .arg(t.get(row, TaskField::Attempt))
                    .arg(text(taskStatus(t, row)))
                    .arg(text(m.strings.view(StrId(t.get(row, TaskField::ExecutorId)))))
                    .arg(text(m.strings.view(StrId(t.get(row, TaskField::Host)))))
                    .arg(QString::fromStdString(formatDuration(times.duration)))
                    .arg(QString::fromStdString(formatDuration(t.get(row, TaskField::JvmGcTime))));
    const auto phases = taskPhases(t, row, now);
    for (size_t ph = 0; ph < kTaskPhaseCount; ++ph)
        if (phases[ph] >= 1)
            s += QStringLiteral("\n") + text(taskPhaseName(TaskPhase(ph))) + QStringLiteral(": ") +
                 QString::fromStdString(formatDuration(int64_t(phases[ph])));
    // Log text (executor ids, hosts) stays plain: escaped inside a rich-text tooltip.
    QToolTip::showText(
        help->globalPos(),
        QStringLiteral("<p style='white-space:pre'>") + s.toHtmlEscaped() + QStringLiteral("</p>"),
        this);
    return true;
}

}  // namespace stagelight
