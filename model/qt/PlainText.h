// Text from a log shown in a tooltip: Qt treats tooltip strings that look like markup as rich
// text, so log text is escaped and wrapped, never interpreted.
#pragma once

#include <QString>

namespace stagelight {

inline QString plainTooltip(const QString& text) {
    return QStringLiteral("<p style='white-space:pre-wrap'>") + text.toHtmlEscaped() +
           QStringLiteral("</p>");
}

}  // namespace stagelight
