#include "timeline/TimelineWidget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <cstdlib>

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

void TimelineWidget::paintRubberBand(QPainter& p) const {
    if (!banding_) return;
    const QColor hl = palette().color(QPalette::Highlight);
    p.setPen(QPen(hl, 1, Qt::DashLine));
    p.setBrush(QColor(hl.red(), hl.green(), hl.blue(), 40));
    p.drawRect(QRect(pressPos_, bandEnd_).normalized());
}

}  // namespace stagelight
