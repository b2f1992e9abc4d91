#include "tables/CellDelegates.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

#include "qt/PlainText.h"
#include "style/Palette.h"
#include "style/SeverityIcon.h"

namespace stagelight {

void SeverityDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    const QVariant severity = index.data(role_);
    if (!severity.isValid()) return QStyledItemDelegate::paint(p, option, index);
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const int side = std::min(opt.rect.height() - 4, 16);
    opt.rect.adjust(side + 6, 0, 0, 0);  // the text goes right of the mark
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // Background and selection across the whole cell, then the mark, then the text.
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &background, p, widget);
    paintSeverityIcon(
        *p, QRectF(option.rect.left() + 4, option.rect.center().y() - side / 2.0 + 0.5, side, side),
        Severity(severity.toInt()));
    style->drawControl(QStyle::CE_ItemViewItem, &opt, p, widget);
}

void ShareBarDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    QStyleOptionViewItem background = opt;
    background.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &background, p, widget);
    const double share = std::clamp(index.data(role_).toDouble(), 0.0, 1.0);
    if (share > 0) {
        const QRectF bar = QRectF(opt.rect).adjusted(2, 3, -2, -3);
        p->fillRect(QRectF(bar.left(), bar.top(), std::max(1.0, bar.width() * share), bar.height()),
                    palette::shareBar());
    }
    opt.backgroundBrush = Qt::NoBrush;
    opt.state &= ~QStyle::State_Selected;  // the background is already drawn
    opt.palette.setColor(QPalette::Text, option.state & QStyle::State_Selected
                                             ? option.palette.color(QPalette::HighlightedText)
                                             : option.palette.color(QPalette::Text));
    style->drawControl(QStyle::CE_ItemViewItem, &opt, p, widget);
}

void WarningTextDelegate::initStyleOption(QStyleOptionViewItem* option,
                                          const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    if (!index.data(role_).toBool()) return;
    option->palette.setColor(QPalette::Text, palette::kCritical);
    option->font.setBold(true);
}

QString BreakAtDotsDelegate::withBreaks(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        // "autoBroadcastJoinThreshold" alone is wider than a narrow dock: its words break too.
        if (i > 0 && c.isUpper() && text[i - 1].isLower()) out += QChar(0x200B);
        out += c;
        if (c == u'.' || c == u'_' || c == u'/' || c == u'-') out += QChar(0x200B);
    }
    return out;
}

int BreakAtDotsDelegate::linesFor(const QString& text, const QFontMetrics& metrics, int width) {
    if (width <= 0) return 1;
    int lines = 1, used = 0;
    for (const QString& piece : withBreaks(text).split(QChar(0x200B), Qt::SkipEmptyParts)) {
        const int w = metrics.horizontalAdvance(piece);
        if (used > 0 && used + w <= width) {
            used += w;
            continue;
        }
        if (used > 0) ++lines;  // the piece starts a new line
        lines += (w - 1) / width;  // a piece wider than the line breaks anywhere
        used = w - (w - 1) / width * width;
    }
    return lines;
}

QSize BreakAtDotsDelegate::sizeHint(const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const {
    QStyleOptionViewItem unwrapped = option;
    QStyledItemDelegate::initStyleOption(&unwrapped, index);
    unwrapped.features &= ~QStyleOptionViewItem::WrapText;
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    return style->sizeFromContents(QStyle::CT_ItemViewItem, &unwrapped, QSize(), widget);
}

void BreakAtDotsDelegate::initStyleOption(QStyleOptionViewItem* option,
                                          const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->features |= QStyleOptionViewItem::WrapText;
    option->text = withBreaks(option->text);
}

void NoWrapDelegate::initStyleOption(QStyleOptionViewItem* option,
                                     const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->features &= ~QStyleOptionViewItem::WrapText;
}

}  // namespace stagelight
