// Text from a log shown in a table or a tooltip: bounded (a 50 MB name is shown as its first few
// hundred bytes and its length, never measured or laid out whole) and, in tooltips, escaped and
// wrapped, since Qt treats tooltip strings that look like markup as rich text.
#pragma once

#include <QString>

#include <string_view>

#include "text/Elide.h"

namespace stagelight {

inline QString logText(std::string_view text, size_t most = kShownTextBytes) {
    const std::string shown = elide(text, most);
    return QString::fromUtf8(shown.data(), qsizetype(shown.size()));
}

inline QString plainTooltip(const QString& text) {
    constexpr qsizetype kMost = 2000;
    const QString shown =
        text.size() <= kMost
            ? text
            : text.left(kMost) + QStringLiteral("… (%1 characters)").arg(text.size());
    return QStringLiteral("<p style='white-space:pre-wrap'>") + shown.toHtmlEscaped() +
           QStringLiteral("</p>");
}

}  // namespace stagelight
