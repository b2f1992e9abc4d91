#include "dag/MiniMap.h"

#include <QMouseEvent>
#include <QScrollBar>

#include "style/Palette.h"

namespace stagelight {

MiniMap::MiniMap(QGraphicsView* main)
    : QGraphicsView(main->scene(), main->viewport()), main_(main) {
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setInteractive(false);
    setFrameShape(QFrame::Box);
    setRenderHint(QPainter::Antialiasing);
    auto repaint = [this] { viewport()->update(); };
    connect(main_->horizontalScrollBar(), &QScrollBar::valueChanged, this, repaint);
    connect(main_->verticalScrollBar(), &QScrollBar::valueChanged, this, repaint);
}

void MiniMap::refit() {
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    viewport()->update();
}

void MiniMap::drawForeground(QPainter* painter, const QRectF&) {
    const QRectF visible = main_->mapToScene(main_->viewport()->rect()).boundingRect();
    painter->setPen(QPen(palette::kCritical, 2 / transform().m11()));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(visible);
}

void MiniMap::mousePressEvent(QMouseEvent* event) {
    main_->centerOn(mapToScene(event->position().toPoint()));
}

void MiniMap::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & Qt::LeftButton) main_->centerOn(mapToScene(event->position().toPoint()));
}

}  // namespace stagelight
