#include "timeline/StageTimelineView.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "figures/TaskFigures.h"
#include "figures/TaskPhases.h"
#include "report/Format.h"
#include "timeline/TimeAxis.h"

namespace stagelight {
namespace {

constexpr double kLabelWidth = 150, kAxisHeight = 22, kLegendHeight = 18;

// Spark's stage-page colours for the seven phases (timeline-view.css).
const QColor kPhaseColors[kTaskPhaseCount] = {QColor(0x80, 0xB1, 0xD3), QColor(0xFB, 0x80, 0x72),
                                              QColor(0xFD, 0xB4, 0x62), QColor(0xB3, 0xDE, 0x69),
                                              QColor(0xFF, 0xED, 0x6F), QColor(0xBC, 0x80, 0xBD),
                                              QColor(0x8D, 0xD3, 0xC7)};
const QColor kFailedColor(0xd6, 0x45, 0x3d);

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

}  // namespace

StageTimelineView::StageTimelineView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumHeight(160);
}

void StageTimelineView::setStage(ModelPtr model, size_t stageIndex) {
    model_ = std::move(model);
    lanes_ = model_ ? slotLanes(*model_, stageIndex) : SlotLanes{};
    highlighted_.clear();
    history_.clear();
    resetZoom();
}

void StageTimelineView::setHighlightedTasks(std::vector<int64_t> taskIds) {
    highlighted_ = std::move(taskIds);
    std::sort(highlighted_.begin(), highlighted_.end());
    update();
}

void StageTimelineView::setGaps(std::vector<std::pair<int64_t, int64_t>> windows) {
    gaps_ = std::move(windows);
    update();
}

void StageTimelineView::setRange(double start, double end) {
    if (end - start < 1) {  // never narrower than a millisecond
        const double mid = (start + end) / 2;
        start = mid - 0.5;
        end = mid + 0.5;
    }
    viewStart_ = start;
    viewEnd_ = end;
    update();
}

void StageTimelineView::zoomTo(int64_t startMs, int64_t endMs) {
    history_.emplace_back(viewStart_, viewEnd_);
    setRange(double(startMs), double(endMs));
}

void StageTimelineView::zoomBack() {
    if (history_.empty()) return;
    const auto [s, e] = history_.back();
    history_.pop_back();
    setRange(s, e);
}

void StageTimelineView::resetZoom() {
    const double span = std::max<double>(1, double(lanes_.end - lanes_.start));
    setRange(double(lanes_.start) - span * 0.01, double(lanes_.end) + span * 0.01);
}

QRectF StageTimelineView::plotArea() const {
    return QRectF(kLabelWidth, kAxisHeight, std::max(10.0, width() - kLabelWidth - 8),
                  std::max(10.0, height() - kAxisHeight - kLegendHeight - 4));
}

double StageTimelineView::laneHeight() const {
    const int lanes = std::max<int>(1, int(lanes_.laneLabels.size()));
    return std::clamp(plotArea().height() / lanes, 1.0, 20.0);
}

double StageTimelineView::xOf(double t) const {
    const QRectF a = plotArea();
    return a.left() + (t - viewStart_) / (viewEnd_ - viewStart_) * a.width();
}

double StageTimelineView::timeAt(double x) const {
    const QRectF a = plotArea();
    return viewStart_ + (x - a.left()) / a.width() * (viewEnd_ - viewStart_);
}

QRectF StageTimelineView::barRect(size_t i) const {
    const LaneTask& lt = lanes_.tasks[i];
    const double h = laneHeight();
    const double y = plotArea().top() + lt.lane * h;
    const double x0 = xOf(double(lt.start)), x1 = std::max(xOf(double(lt.end)), x0 + 1);
    // A one-pixel gap ends each wide bar, so back-to-back tasks of a slot stay apart.
    const double w = x1 - x0 > 4 ? x1 - x0 - 1 : x1 - x0;
    return QRectF(x0, y + (h > 4 ? 1 : 0), w, h > 4 ? h - 2 : h);
}

int64_t StageTimelineView::taskAt(const QPoint& pos) const {
    if (!model_) return -1;
    for (size_t i = 0; i < lanes_.tasks.size(); ++i)
        if (barRect(i).adjusted(-1, 0, 1, 0).contains(pos))
            return model_->tasks.get(lanes_.tasks[i].row, TaskField::TaskId);
    return -1;
}

void StageTimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRectF area = plotArea();
    if (!model_ || lanes_.tasks.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No tasks in this stage"));
        return;
    }
    const TaskTable& t = model_->tasks;
    const double h = laneHeight();
    // Time axis, from the stage's first launch.
    p.setPen(pal.color(QPalette::Text));
    const double span = viewEnd_ - viewStart_;
    const double step = niceTickStep(span, area.width());
    const double origin = double(lanes_.start);
    for (double tick = std::ceil((viewStart_ - origin) / step) * step; origin + tick <= viewEnd_;
         tick += step) {
        const double x = xOf(origin + tick);
        p.setPen(pal.color(QPalette::Midlight));
        p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x - 50, 2, 100, kAxisHeight - 4), Qt::AlignCenter,
                   QString::fromStdString(formatDuration(int64_t(tick))));
    }
    // Lane labels (every lane that has room for text).
    p.setPen(pal.color(QPalette::Text));
    if (h >= fontMetrics().height() - 2)
        for (size_t l = 0; l < lanes_.laneLabels.size(); ++l)
            p.drawText(QRectF(4, area.top() + double(l) * h, kLabelWidth - 8, h),
                       Qt::AlignVCenter | Qt::AlignRight,
                       QString::fromStdString(lanes_.laneLabels[l]));
    p.setClipRect(area);
    // Gaps first, so bars draw over them: hatched bands across every lane.
    for (const auto& [from, to] : gaps_) {
        const QRectF band(xOf(double(from)), area.top(), xOf(double(to)) - xOf(double(from)),
                          double(lanes_.laneLabels.size()) * h);
        p.fillRect(band, QColor(0xd6, 0x45, 0x3d, 28));
        p.fillRect(band, QBrush(QColor(0xd6, 0x45, 0x3d, 70), Qt::BDiagPattern));
    }
    // Bars: full phases when wide enough, one-pixel marks otherwise (merged per pixel).
    std::vector<size_t> late;  // failed and highlighted tasks, drawn on top
    const int64_t now = model_->application.lastEventTime;
    for (size_t i = 0; i < lanes_.tasks.size(); ++i) {
        const LaneTask& lt = lanes_.tasks[i];
        if (double(lt.end) < viewStart_ || double(lt.start) > viewEnd_) continue;
        const int64_t id = t.get(lt.row, TaskField::TaskId);
        const bool failed = t.hasFlag(lt.row, kFailed) || t.hasFlag(lt.row, kKilled);
        if (failed || std::binary_search(highlighted_.begin(), highlighted_.end(), id)) {
            late.push_back(i);
            continue;
        }
        const QRectF r = barRect(i);
        if (r.width() < 3) {
            p.fillRect(QRectF(std::floor(r.left()), r.top(), 1, r.height()), kPhaseColors[3]);
            continue;
        }
        const auto phases = taskPhases(t, lt.row, now);
        const double total = std::max(1.0, double(lt.end - lt.start));
        double x = r.left();
        for (size_t ph = 0; ph < kTaskPhaseCount; ++ph) {
            const double w = r.width() * phases[ph] / total;
            if (w > 0) p.fillRect(QRectF(x, r.top(), w, r.height()), kPhaseColors[ph]);
            x += w;
        }
        if (t.hasFlag(lt.row, kSpeculative)) {
            p.setPen(QPen(pal.color(QPalette::Text), 1, Qt::DashLine));
            p.drawRect(r);
        }
    }
    for (size_t i : late) {
        const LaneTask& lt = lanes_.tasks[i];
        const QRectF r = barRect(i);
        const bool failed = t.hasFlag(lt.row, kFailed) || t.hasFlag(lt.row, kKilled);
        p.fillRect(r.width() < 2 ? QRectF(r.left(), r.top(), 2, r.height()) : r,
                   failed ? kFailedColor : pal.color(QPalette::Highlight));
    }
    p.setClipping(false);
    // Legend.
    double lx = kLabelWidth;
    const double ly = height() - kLegendHeight;
    for (size_t ph = 0; ph < kTaskPhaseCount; ++ph) {
        p.fillRect(QRectF(lx, ly + 4, 10, 10), kPhaseColors[ph]);
        static const char* shortNames[kTaskPhaseCount] = {
            "Scheduler delay", "Deserialization",      "Shuffle read",  "Computing",
            "Shuffle write",   "Result serialization", "Getting result"};
        const QString name = tr(shortNames[ph]);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(lx + 13, ly + 13), name);
        lx += 20 + fontMetrics().horizontalAdvance(name);
    }
    p.fillRect(QRectF(lx, ly + 4, 10, 10), kFailedColor);
    p.drawText(QPointF(lx + 13, ly + 13), tr("failed / killed"));
    lx += 20 + fontMetrics().horizontalAdvance(tr("failed / killed"));
    p.fillRect(QRectF(lx, ly + 4, 10, 10), QBrush(QColor(0xd6, 0x45, 0x3d, 90), Qt::BDiagPattern));
    p.drawText(QPointF(lx + 13, ly + 13), tr("gap"));
    if (banding_) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        p.setBrush(QColor(pal.color(QPalette::Highlight).red(),
                          pal.color(QPalette::Highlight).green(),
                          pal.color(QPalette::Highlight).blue(), 40));
        p.drawRect(QRect(pressPos_, bandEnd_).normalized());
    }
}

void StageTimelineView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    const double factor = std::pow(1.25, -steps);
    const double at = timeAt(event->position().x());
    setRange(at - (at - viewStart_) * factor, at + (viewEnd_ - at) * factor);
    event->accept();
}

void StageTimelineView::mousePressEvent(QMouseEvent* event) {
    pressPos_ = event->position().toPoint();
    pressStart_ = viewStart_;
    pressEnd_ = viewEnd_;
    moved_ = false;
    banding_ = event->button() == Qt::RightButton ||
               (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    panning_ = !banding_ && event->button() == Qt::LeftButton;
    bandEnd_ = pressPos_;
}

void StageTimelineView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    if ((pos - pressPos_).manhattanLength() > 3) moved_ = true;
    if (panning_ && moved_) {
        const double dt =
            (pos.x() - pressPos_.x()) / plotArea().width() * (pressEnd_ - pressStart_);
        setRange(pressStart_ - dt, pressEnd_ - dt);
    } else if (banding_) {
        bandEnd_ = pos;
        update();
    }
}

void StageTimelineView::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    if (banding_) {
        banding_ = false;
        if (std::abs(pos.x() - pressPos_.x()) > 5) {
            const double a = timeAt(std::min(pos.x(), pressPos_.x()));
            const double b = timeAt(std::max(pos.x(), pressPos_.x()));
            history_.emplace_back(viewStart_, viewEnd_);
            setRange(a, b);
        }
        update();
    } else if (panning_ && moved_) {
        history_.emplace_back(pressStart_, pressEnd_);  // a pan can be undone too
    } else if (!moved_) {
        if (const int64_t id = taskAt(pos); id >= 0) Q_EMIT taskClicked(id);
    }
    panning_ = false;
}

void StageTimelineView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Backspace)
        zoomBack();
    else if (event->key() == Qt::Key_Home)
        resetZoom();
    else
        QWidget::keyPressEvent(event);
}

bool StageTimelineView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip || !model_) return QWidget::event(e);
    auto* help = static_cast<QHelpEvent*>(e);
    const int64_t id = taskAt(help->pos());
    if (id < 0) {
        QToolTip::hideText();
        return true;
    }
    const TaskTable& t = model_->tasks;
    for (const LaneTask& lt : lanes_.tasks) {
        if (t.get(lt.row, TaskField::TaskId) != id) continue;
        const int64_t now = model_->application.lastEventTime;
        const TaskTimes times = taskTimes(t, lt.row, now);
        QString s =
            tr("Task %1 (index %2, attempt %3) · %4\nExecutor %5 on %6\nDuration %7 · GC %8")
                .arg(id)
                .arg(t.get(lt.row, TaskField::Index))
                .arg(t.get(lt.row, TaskField::Attempt))
                .arg(text(taskStatus(t, lt.row)))
                .arg(text(model_->strings.view(StrId(t.get(lt.row, TaskField::ExecutorId)))))
                .arg(text(model_->strings.view(StrId(t.get(lt.row, TaskField::Host)))))
                .arg(QString::fromStdString(formatDuration(times.duration)))
                .arg(QString::fromStdString(formatDuration(t.get(lt.row, TaskField::JvmGcTime))));
        const auto phases = taskPhases(t, lt.row, now);
        for (size_t ph = 0; ph < kTaskPhaseCount; ++ph)
            if (phases[ph] >= 1)
                s += QStringLiteral("\n") + text(taskPhaseName(TaskPhase(ph))) +
                     QStringLiteral(": ") +
                     QString::fromStdString(formatDuration(int64_t(phases[ph])));
        // Log text (executor ids, hosts) stays plain: escaped inside a rich-text tooltip.
        QToolTip::showText(help->globalPos(),
                           QStringLiteral("<p style='white-space:pre'>") + s.toHtmlEscaped() +
                               QStringLiteral("</p>"),
                           this);
        break;
    }
    return true;
}

}  // namespace stagelight
