// An overview of a large graph in the corner of its view: the whole scene scaled down, the part
// on screen outlined; clicking or dragging in it moves the view there.
#pragma once

#include <QGraphicsView>

namespace stagelight {

class MiniMap : public QGraphicsView {
    Q_OBJECT
public:
    explicit MiniMap(QGraphicsView* main);
    void refit();  // after the scene changed

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QGraphicsView* main_;
};

}  // namespace stagelight
