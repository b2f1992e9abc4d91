// One operator box of the plan graph, painting its own lines of text (plain text: names come from
// the log) and only its outline when zoomed too far out to read, so plans of thousands of
// operators pan and zoom smoothly.
#pragma once

#include <QFont>
#include <QGraphicsRectItem>
#include <QStringList>

namespace stagelight {

class PlanNodeItem : public QGraphicsRectItem {
public:
    PlanNodeItem(const QRectF& rect, QStringList lines, QFont font, QColor text, double padding);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QStringList lines_;  // already elided to the box's width
    QFont font_, bold_;
    QColor text_;
    double padding_;
};

}  // namespace stagelight
