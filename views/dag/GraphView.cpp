#include "dag/GraphView.h"

#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
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

void GraphView::measureClusterLabels(LayoutInput& in) const {
    const QFontMetricsF fm(font());
    in.clusterLabelSizes.clear();
    for (const std::string& label : in.clusterLabels) {
        const QSizeF size = fm.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft | Qt::AlignTop,
                                            QString::fromStdString(label))
                                .size();
        in.clusterLabelSizes.push_back({size.width() + 12, size.height() + 4});
    }
}

QGraphicsItem* GraphView::addClusterTitle(const LayoutResult::Box& box, const QString& title,
                                          const QColor& colour) {
    const QFontMetricsF fm(font());
    const double room = std::max(20.0, box.width - 8);
    QStringList lines = title.split(QLatin1Char('\n'));
    for (QString& line : lines) line = fm.elidedText(line, Qt::ElideRight, room);
    const QString shown = lines.join(QLatin1Char('\n'));
    auto* text = new QGraphicsSimpleTextItem(shown);
    text->setFont(font());
    text->setBrush(colour);
    auto* patch = scene()->addRect(text->boundingRect().adjusted(-2, 0, 2, 0), Qt::NoPen,
                                   palette().color(QPalette::Base));
    text->setParentItem(patch);
    patch->setPos(box.x + 4, box.y + 2);
    patch->setZValue(1);  // edges are at 0
    if (shown != title) patch->setToolTip(title);
    return patch;
}

void GraphView::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) return QGraphicsView::wheelEvent(event);
    const double factor = std::pow(1.25, event->angleDelta().y() / 120.0);
    scale(factor, factor);
    zoomed();
    event->accept();
}

}  // namespace stagelight
