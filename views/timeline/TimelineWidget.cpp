#include "timeline/TimelineWidget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cstdlib>

#include "text/Format.h"

namespace stagelight {

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

TimeViewport TimelineWidget::viewport() const {
    TimeViewport v = range_;
    const QRectF area = plotArea();
    v.left = area.left();
    v.width = std::max(1.0, area.width());
    return v;
}

void TimelineWidget::setRange(double start, double end) {
    range_.setRange(start, end);
    update();
}

void TimelineWidget::zoomTo(int64_t startMs, int64_t endMs) {
    history_.emplace_back(range_.start, range_.end);
    setRange(double(startMs), double(endMs));
}

void TimelineWidget::zoomBack() {
    if (history_.empty()) return;
    const auto [s, e] = history_.back();
    history_.pop_back();
    setRange(s, e);
}

void TimelineWidget::resetZoom() {
    const auto [from, to] = fullRange();
    const double margin = std::max(1.0, to - from) * 0.01;
    setRange(from - margin, to + margin);
}

void TimelineWidget::wheelEvent(QWheelEvent* event) {
    if (event->angleDelta().y() == 0) return;
    TimeViewport v = viewport();
    v.zoomAround(event->position().x(), TimeViewport::wheelFactor(event->angleDelta().y()));
    setRange(v.start, v.end);
    event->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent* event) {
    pressPos_ = event->position().toPoint();
    pressRange_ = viewport();
    moved_ = false;
    banding_ = event->button() == Qt::RightButton ||
               (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    panning_ = !banding_ && event->button() == Qt::LeftButton;
    bandEnd_ = pressPos_;
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    if ((pos - pressPos_).manhattanLength() > 3) moved_ = true;
    if (panning_ && moved_) {
        TimeViewport v = pressRange_;
        v.panPixels(pos.x() - pressPos_.x());
        setRange(v.start, v.end);
    } else if (banding_) {
        bandEnd_ = pos;
        update();
    }
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    if (banding_) {
        banding_ = false;
        if (std::abs(pos.x() - pressPos_.x()) > 5) {
            TimeViewport v = viewport();
            history_.emplace_back(range_.start, range_.end);
            v.zoomToPixels(pressPos_.x(), pos.x());
            setRange(v.start, v.end);
        }
        update();
    } else if (panning_ && moved_) {
        history_.emplace_back(pressRange_.start, pressRange_.end);  // a pan can be undone too
    } else if (!moved_ && event->button() == Qt::LeftButton) {
        clickedAt(pos);
    }
    panning_ = false;
}

void TimelineWidget::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Backspace)
        zoomBack();
    else if (event->key() == Qt::Key_Home)
        resetZoom();
    else
        QWidget::keyPressEvent(event);
}

QRectF TimelineWidget::bandRect() const {
    if (!banding_) return {};
    const QRectF area = plotArea();
    const double x0 = std::clamp(double(std::min(pressPos_.x(), bandEnd_.x())), area.left(), area.right());
    const double x1 = std::clamp(double(std::max(pressPos_.x(), bandEnd_.x())), area.left(), area.right());
    return QRectF(x0, area.top(), x1 - x0, area.height());
}

// The range being selected, shaded across the whole plot with its start and length, as the
// time range it will zoom to.
void TimelineWidget::paintRubberBand(QPainter& p) const {
    if (!banding_) return;
    const QRectF band = bandRect();
    const QColor hl = palette().color(QPalette::Highlight);
    p.save();
    p.setPen(QPen(hl, 1));
    p.setBrush(QColor(hl.red(), hl.green(), hl.blue(), 60));
    p.drawRect(band);
    const TimeViewport v = viewport();
    const auto [from, to] = fullRange();
    const QString label =
        QString::fromStdString(formatDuration(int64_t(v.timeAt(band.left()) - from))) +
        QStringLiteral(" + ") +
        QString::fromStdString(formatDuration(int64_t(v.timeAt(band.right()) - v.timeAt(band.left()))));
    (void)to;
    const QFontMetrics fm(p.font());
    const QRectF box(band.left() + 3, band.top() + 3, fm.horizontalAdvance(label) + 8, fm.height() + 2);
    p.fillRect(box, palette().color(QPalette::ToolTipBase));
    p.setPen(palette().color(QPalette::ToolTipText));
    p.drawText(box, Qt::AlignCenter, label);
    p.restore();
}

}  // namespace stagelight
