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

// A log text in a one-line table cell: its first non-empty line, trimmed (a job description
// that starts with a newline drew as "…"); the cell's tooltip holds the whole text. A delegate's
// text has its newlines as U+2028 already.
inline QString firstLine(QString text) {
    text.replace(QChar::LineSeparator, QLatin1Char('\n'))
        .replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
    for (const QString& line : text.split(QLatin1Char('\n')))
        if (QString shown = line.trimmed(); !shown.isEmpty()) return shown;
    return {};
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
