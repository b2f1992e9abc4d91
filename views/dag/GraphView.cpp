#include "dag/GraphView.h"

#include <QPainterPath>
#include <QWheelEvent>

#include <cmath>

namespace stagelight {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

void GraphView::addEdge(const LayoutResult::Path& path, const QColor& colour) {
    const auto& b = path.bezier;
    if (b.size() < 4) return;
    QPainterPath curve(QPointF(b[0].x, b[0].y));
    for (size_t k = 1; k + 2 < b.size(); k += 3)
        curve.cubicTo(QPointF(b[k].x, b[k].y), QPointF(b[k + 1].x, b[k + 1].y),
                      QPointF(b[k + 2].x, b[k + 2].y));
    const QPointF end(b.back().x, b.back().y), tip(path.arrowTip.x, path.arrowTip.y);
    curve.lineTo(tip);
    scene()->addPath(curve, QPen(colour, 1));
    const QPointF dir = tip - end;
    if (const double len = std::hypot(dir.x(), dir.y()); len > 0.1) {
        const QPointF u = dir / len, n(-u.y(), u.x());
        scene()->addPolygon(QPolygonF({tip, tip - u * 7 + n * 3.5, tip - u * 7 - n * 3.5}),
                            Qt::NoPen, colour);
    }
}

void GraphView::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) return QGraphicsView::wheelEvent(event);
    const double factor = std::pow(1.25, event->angleDelta().y() / 120.0);
    scale(factor, factor);
    zoomed();
    event->accept();
}

}  // namespace stagelight
