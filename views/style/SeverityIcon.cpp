#include "style/SeverityIcon.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <cmath>

#include "style/Palette.h"

namespace stagelight {

QColor severityColor(Severity s) {
    switch (s) {
        case Severity::Critical:
            return palette::kCritical;
        case Severity::Warning:
            return palette::kWarning;
        default:
            return palette::kInfo;
    }
}

void paintSeverityIcon(QPainter& p, const QRectF& box, Severity s) {
    const double side = std::min(box.width(), box.height());
    const QRectF r(box.center().x() - side / 2, box.center().y() - side / 2, side, side);
    QPainterPath shape;
    if (s == Severity::Critical) {
        const double c = side * 0.2929 / 2 * 1.0;  // octagon corner cut: (1 - 1/√2) / 2
        shape.moveTo(r.left() + c, r.top());
        shape.lineTo(r.right() - c, r.top());
        shape.lineTo(r.right(), r.top() + c);
        shape.lineTo(r.right(), r.bottom() - c);
        shape.lineTo(r.right() - c, r.bottom());
        shape.lineTo(r.left() + c, r.bottom());
        shape.lineTo(r.left(), r.bottom() - c);
        shape.lineTo(r.left(), r.top() + c);
        shape.closeSubpath();
    } else if (s == Severity::Warning) {
        shape.moveTo(r.center().x(), r.top());
        shape.lineTo(r.right(), r.bottom());
        shape.lineTo(r.left(), r.bottom());
        shape.closeSubpath();
    } else {
        shape.addEllipse(r);
    }
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillPath(shape, severityColor(s));
    // The glyph inside: "!" for critical and warning, "i" for info, in white.
    QPen pen(Qt::white, std::max(1.0, side * 0.12), Qt::SolidLine, Qt::RoundCap);
    p.setPen(pen);
    const double x = r.center().x();
    const double top = r.top() + side * (s == Severity::Warning ? 0.38 : 0.25);
    const double bottom = r.top() + side * (s == Severity::Info ? 0.78 : 0.62);
    if (s == Severity::Info) {
        p.drawPoint(QPointF(x, r.top() + side * 0.27));
        p.drawLine(QPointF(x, r.top() + side * 0.45), QPointF(x, bottom));
    } else {
        p.drawLine(QPointF(x, top), QPointF(x, bottom));
        p.drawPoint(QPointF(x, r.top() + side * 0.80));
    }
    p.restore();
}

QIcon severityIcon(Severity s) {
    QIcon icon;
    for (int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        paintSeverityIcon(p, QRectF(1, 1, size - 2, size - 2), s);
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

}  // namespace stagelight
