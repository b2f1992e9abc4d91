#include "dag/PlanNodeItem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace stagelight {

PlanNodeItem::PlanNodeItem(const QRectF& rect, QStringList lines, QFont font, QColor text,
                           double padding)
    : QGraphicsRectItem(rect),
      lines_(std::move(lines)),
      font_(font),
      bold_(font),
      text_(text),
      padding_(padding) {
    bold_.setBold(true);
}

void PlanNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
                         QWidget* widget) {
    QGraphicsRectItem::paint(painter, option, widget);
    // Under ~4 px per text line, text is unreadable and costs most of the frame: skip it.
    const double lod =
        QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const QFontMetricsF fm(font_);
    if (lod * fm.lineSpacing() < 4) return;
    painter->setPen(text_);
    double y = rect().top() + padding_ + fm.ascent();
    for (qsizetype k = 0; k < lines_.size(); ++k) {
        painter->setFont(k == 0 ? bold_ : font_);
        painter->drawText(QPointF(rect().left() + padding_, y), lines_[k]);
        y += fm.lineSpacing();
    }
}

}  // namespace stagelight
