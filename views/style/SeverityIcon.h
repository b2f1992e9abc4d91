// Severity marks drawn with a QPainter (tables, the report): a red octagon for critical, an
// amber triangle for warning, a blue circle for info; shapes differ so colour is not the only cue.
#pragma once

#include <QIcon>
#include <QRectF>

#include "diagnosis/Finding.h"

class QPainter;

namespace stagelight {

QColor severityColor(Severity s);
void paintSeverityIcon(QPainter& p, const QRectF& box, Severity s);
QIcon severityIcon(Severity s);  // 16 and 32 px renderings

}  // namespace stagelight
