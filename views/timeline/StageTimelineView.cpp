#include "timeline/StageTimelineView.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>

#include "figures/TaskFigures.h"
#include "model/Numeric.h"
#include "text/Elide.h"
#include "text/Format.h"

namespace stagelight {
namespace {

constexpr int kScrollBarWidth = 12;

QString text(std::string_view s) {
    const std::string shown = elide(s);
    return QString::fromUtf8(shown.data(), qsizetype(shown.size()));
}

QString bytes(int64_t b) {
    return QString::fromStdString(formatBytes(b));
}

}  // namespace

StageTimelineView::StageTimelineView(QWidget* parent)
    : TimelineWidget(parent),
      scroll_(new QScrollBar(Qt::Vertical, this)),
      fit_(new QToolButton(this)),
      fold_(new QToolButton(this)) {
    setMinimumHeight(160);
    painter_.setLaneMode(StageTimelinePainter::LaneMode::Scroll);
    scroll_->hide();
    connect(scroll_, &QScrollBar::valueChanged, this, [this](int row) {
        painter_.setFirstRow(row, plotArea());
        update();
    });
    fit_->setText(tr("Fit"));
    fit_->setCheckable(true);
    fit_->setToolTip(tr("Keep every lane of the stage on screen (rows share the height)"));
    fit_->setAutoRaise(true);
    connect(fit_, &QToolButton::toggled, this, [this](bool on) {
        setLaneMode(on ? StageTimelinePainter::LaneMode::Fit : StageTimelinePainter::LaneMode::Scroll);
    });
    fold_->setText(tr("Fold"));
    fold_->setCheckable(true);
    fold_->setToolTip(tr("Fold each executor's slots into one occupancy strip (click a label to "
                         "fold or unfold one executor)"));
    fold_->setAutoRaise(true);
    connect(fold_, &QToolButton::clicked, this, [this](bool on) { foldExecutors(on); });
    for (QToolButton* b : {fit_, fold_}) {
        QFont f = b->font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        b->setFont(f);
        b->setFixedHeight(20);
    }
    fit_->move(4, 1);
    fold_->move(4 + fit_->sizeHint().width() + 2, 1);
}

void StageTimelineView::setStage(ModelPtr model, size_t stageIndex) {
    painter_.setStage(std::move(model), stageIndex);
    autoFoldPending_ = true;
    if (height() > 100) {  // otherwise at the first paint, once the dock has its size
        autoFoldPending_ = false;
        foldExecutors(!painter_.lanesFit(plotArea()) && painter_.executorCount() > 1);
    }
    clearHistory();
    resetZoom();
    updateScrollBar();
}

void StageTimelineView::setHighlightedTasks(std::vector<int64_t> taskIds) {
    painter_.setHighlightedTasks(taskIds);
    update();
}

void StageTimelineView::setChosenTasks(const std::vector<int64_t>& taskIds) {
    painter_.setChosenTasks(taskIds);
    update();
}

void StageTimelineView::setGaps(std::vector<std::pair<int64_t, int64_t>> windows) {
    painter_.setGaps(std::move(windows));
    update();
}

void StageTimelineView::setSelectedTask(int64_t taskId) {
    painter_.setSelectedTask(taskId);
    update();
}

void StageTimelineView::setLaneMode(StageTimelinePainter::LaneMode mode) {
    painter_.setLaneMode(mode);
    const QSignalBlocker block(fit_);
    fit_->setChecked(mode == StageTimelinePainter::LaneMode::Fit);
    updateScrollBar();
    update();
}

void StageTimelineView::foldExecutors(bool folded) {
    painter_.foldAll(folded);
    const QSignalBlocker block(fold_);
    fold_->setChecked(folded);
    updateScrollBar();
    update();
}

void StageTimelineView::toggleFold(int row) {
    if (row < 0 || row >= painter_.rowCount()) return;
    const size_t e = painter_.executorOfRow(row);
    painter_.setExecutorFolded(e, !painter_.executorFolded(e));
    updateScrollBar();
    update();
}

void StageTimelineView::scrollToRow(int row) {
    painter_.setFirstRow(row, plotArea());
    updateScrollBar();
    update();
}

QRectF StageTimelineView::drawBounds() const {
    return QRectF(rect()).adjusted(0, 0, scroll_->isVisible() ? -kScrollBarWidth : 0, 0);
}

void StageTimelineView::updateScrollBar() {
    const QRectF area = StageTimelinePainter::plotArea(QRectF(rect()));
    const int onScreen = painter_.rowsOnScreen(area), rows = painter_.rowCount();
    const bool needed = painter_.laneMode() == StageTimelinePainter::LaneMode::Scroll &&
                        onScreen < rows;
    scroll_->setVisible(needed);
    painter_.setFirstRow(painter_.firstRow(), area);
    const QSignalBlocker block(scroll_);
    scroll_->setRange(0, std::max(0, rows - onScreen));
    scroll_->setPageStep(std::max(1, onScreen));
    scroll_->setValue(painter_.firstRow());
    scroll_->setGeometry(width() - kScrollBarWidth, int(area.top()), kScrollBarWidth,
                         int(area.height()));
}

void StageTimelineView::resizeEvent(QResizeEvent* event) {
    TimelineWidget::resizeEvent(event);
    updateScrollBar();
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
    const QRectF area = plotArea();
    const int row = painter_.rowAt(pos.y(), area);
    // A label folds or unfolds its executor; a click on a folded strip unfolds it.
    if (row >= 0 && (pos.x() < area.left() || painter_.rowFolded(row))) {
        toggleFold(row);
        return;
    }
    if (const int64_t id = taskAt(pos); id >= 0) {
        setSelectedTask(id);
        Q_EMIT taskClicked(id);
    }
}

void StageTimelineView::wheelEvent(QWheelEvent* event) {
    // Over the lane labels (or with Shift) the wheel scrolls the lanes; elsewhere it zooms.
    const bool lanes = event->position().x() < plotArea().left() ||
                       (event->modifiers() & Qt::ShiftModifier);
    if (!lanes || !scroll_->isVisible()) return TimelineWidget::wheelEvent(event);
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    scrollToRow(painter_.firstRow() - delta / 40);  // three rows a notch
    event->accept();
}

void StageTimelineView::keyPressEvent(QKeyEvent* event) {
    const int page = painter_.rowsOnScreen(plotArea());
    switch (event->key()) {
    case Qt::Key_PageDown: scrollToRow(painter_.firstRow() + page); break;
    case Qt::Key_PageUp: scrollToRow(painter_.firstRow() - page); break;
    case Qt::Key_Down: scrollToRow(painter_.firstRow() + 1); break;
    case Qt::Key_Up: scrollToRow(painter_.firstRow() - 1); break;
    case Qt::Key_End: scrollToRow(painter_.rowCount()); break;
    case Qt::Key_Home:
        scrollToRow(0);
        TimelineWidget::keyPressEvent(event);
        break;
    default: TimelineWidget::keyPressEvent(event);
    }
}

void StageTimelineView::paintEvent(QPaintEvent*) {
    if (autoFoldPending_ && height() > 100) {
        autoFoldPending_ = false;
        foldExecutors(!painter_.lanesFit(plotArea()) && painter_.executorCount() > 1);
    }
    QPainter p(this);
    painter_.paint(p, drawBounds(), viewport(), palette());
    paintRubberBand(p);
}

QString StageTimelineView::taskToolTip(size_t laneTask) const {
    const EventLogModel& m = *painter_.model();
    const TaskTable& t = m.tasks;
    const size_t row = lanes().tasks[laneTask].row;
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
    const int64_t remote = t.get(row, TaskField::ShuffleRemoteBytesRead),
                  local = t.get(row, TaskField::ShuffleLocalBytesRead),
                  written = t.get(row, TaskField::ShuffleBytesWritten),
                  spillMem = t.get(row, TaskField::MemoryBytesSpilled),
                  spillDisk = t.get(row, TaskField::DiskBytesSpilled);
    if (remote > 0 || local > 0)
        s += tr("\nShuffle read %1 (remote %2)").arg(bytes(saturatingAdd(remote, local)), bytes(remote));
    if (written > 0) s += tr("\nShuffle write %1").arg(bytes(written));
    if (spillMem > 0 || spillDisk > 0)
        s += tr("\nSpill %1 in memory · %2 on disk").arg(bytes(spillMem), bytes(spillDisk));
    return s;
}

bool StageTimelineView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip || !painter_.model()) return TimelineWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const QRectF area = plotArea();
    const int64_t i = painter_.laneTaskAt(help->pos(), viewport(), area);
    QString s;
    if (i >= 0) {
        s = taskToolTip(size_t(i));
    } else if (const int row = painter_.rowAt(help->pos().y(), area); row >= 0) {
        if (painter_.rowFolded(row))
            s = tr("Executor %1, folded: the shade is the share of its slots busy. Click to "
                   "unfold its slots.")
                    .arg(text(lanes().executorNames[painter_.executorOfRow(row)]));
        else if (help->pos().x() < area.left())
            s = tr("Click to fold this executor's slots into one strip");
    }
    if (s.isEmpty()) {
        QToolTip::hideText();
        return true;
    }
    // Log text (executor ids, hosts) stays plain: escaped inside a rich-text tooltip.
    QToolTip::showText(
        help->globalPos(),
        QStringLiteral("<p style='white-space:pre'>") + s.toHtmlEscaped() + QStringLiteral("</p>"),
        this);
    return true;
}

}  // namespace stagelight
