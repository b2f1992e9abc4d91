#include "pdf/PdfLayout.h"

#include <QFontDatabase>
#include <QPdfWriter>

#include <algorithm>

#include "style/SeverityIcon.h"

namespace stagelight {
namespace {

constexpr double kFooter = 22, kGap = 4;
constexpr int kWrap = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop;
// Hashes and paths have no spaces: wrap them anywhere.
constexpr int kWrapAnywhere = Qt::TextWrapAnywhere | Qt::AlignLeft | Qt::AlignTop;
const QColor kSubtle(0x60, 0x60, 0x60);
const QColor kRule(0xc8, 0xc8, 0xc8);

}  // namespace

PdfLayout::PdfLayout(QPdfWriter& writer, QString footer)
    : writer_(writer), footer_(std::move(footer)) {
    p_.begin(&writer_);
    const QRect area = writer_.pageLayout().paintRectPixels(writer_.resolution());
    width_ = area.width();
    height_ = area.height() - kFooter;
}

QFont PdfLayout::font(Style style) const {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(9);
    switch (style) {
        case Style::Title:
            f.setPointSizeF(22);
            f.setBold(true);
            break;
        case Style::Subtle:
            f.setPointSizeF(8.5);
            break;
        case Style::Strong:
            f.setBold(true);
            break;
        case Style::Mono:
            f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
            f.setPointSizeF(8);
            break;
        case Style::Body:
            break;
    }
    // No ligatures, so "fi" is copied and searched as two letters.
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

double PdfLayout::heightOf(const QString& text, const QFont& font, double width, int flags) const {
    QPainter& p = const_cast<QPainter&>(p_);
    p.setFont(font);
    return p.boundingRect(QRectF(0, 0, width, 1e6), flags, text).height();
}

void PdfLayout::ensure(double height) {
    if (y_ + height > height_ && y_ > 0) newPage();
}

void PdfLayout::footer() {
    p_.setFont(font(Style::Subtle));
    p_.setPen(kSubtle);
    const QRectF line(0, height_ + 6, width_, kFooter - 6);
    p_.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, footer_);
    p_.drawText(line, Qt::AlignRight | Qt::AlignVCenter, QObject::tr("page %1").arg(page_));
}

void PdfLayout::newPage() {
    footer();
    writer_.newPage();
    ++page_;
    y_ = 0;
}

void PdfLayout::finish() {
    footer();
    p_.end();
}

void PdfLayout::text(const QString& text, Style style) {
    const QFont f = font(style);
    const int flags = style == Style::Mono ? kWrapAnywhere : kWrap;
    const double h = heightOf(text, f, width_, flags);
    ensure(h);
    p_.setFont(f);
    p_.setPen(style == Style::Subtle ? kSubtle : QColor(Qt::black));
    p_.drawText(QRectF(0, y_, width_, h), flags, text);
    y_ += h + kGap;
}

void PdfLayout::heading(const QString& text) {
    QFont f = font(Style::Strong);
    f.setPointSizeF(15);
    const double h = heightOf(text, f, width_, kWrap);
    ensure(h + 60);  // never a heading alone at the bottom of a page
    y_ += 6;
    p_.setFont(f);
    p_.setPen(Qt::black);
    p_.drawText(QRectF(0, y_, width_, h), kWrap, text);
    y_ += h + 2;
    p_.setPen(kRule);
    p_.drawLine(QPointF(0, y_), QPointF(width_, y_));
    y_ += 6;
}

void PdfLayout::findingHeading(Severity severity, const QString& title) {
    QFont f = font(Style::Strong);
    f.setPointSizeF(13);
    const double h = heightOf(title, f, width_ - 26, kWrap);
    ensure(h + 80);
    y_ += 4;
    paintSeverityIcon(p_, QRectF(0, y_ + 2, 18, 18), severity);
    p_.setFont(f);
    p_.setPen(Qt::black);
    p_.drawText(QRectF(26, y_, width_ - 26, h), kWrap, title);
    y_ += std::max(h, 20.0) + kGap;
}

void PdfLayout::findingRow(Severity severity, const QString& cost, const QString& title) {
    const QFont f = font(Style::Body);
    const double costWidth = 70, left = 22 + costWidth;
    const double h = std::max(16.0, heightOf(title, f, width_ - left, kWrap));
    ensure(h);
    paintSeverityIcon(p_, QRectF(0, y_ + 1, 13, 13), severity);
    p_.setFont(f);
    p_.setPen(Qt::black);
    p_.drawText(QRectF(18, y_, costWidth - 6, h), Qt::AlignRight | Qt::AlignTop, cost);
    p_.drawText(QRectF(left, y_, width_ - left, h), kWrap, title);
    y_ += h + 3;
}

void PdfLayout::fact(const QString& key, const QString& value, Style valueStyle) {
    const double keyWidth = std::min(200.0, width_ * 0.3);
    const QFont keyFont = font(Style::Strong), valueFont = font(valueStyle);
    const int flags = valueStyle == Style::Mono ? kWrapAnywhere : kWrap;
    const double h = std::max(heightOf(key, keyFont, keyWidth - 8, kWrap),
                              heightOf(value, valueFont, width_ - keyWidth, flags));
    ensure(h);
    p_.setPen(Qt::black);
    p_.setFont(keyFont);
    p_.drawText(QRectF(0, y_, keyWidth - 8, h), kWrap, key);
    p_.setFont(valueFont);
    p_.drawText(QRectF(keyWidth, y_, width_ - keyWidth, h), flags, value);
    y_ += h + 2;
}

void PdfLayout::label(const QString& key, const QString& value) {
    text(key, Style::Strong);
    y_ -= kGap;
    text(value);
}

void PdfLayout::chart(const QString& caption, double height,
                      const std::function<void(QPainter&, const QRectF&)>& paint) {
    const QFont f = font(Style::Subtle);
    const double captionHeight = heightOf(caption, f, width_, kWrap);
    ensure(height + captionHeight + 8);
    p_.save();
    paint(p_, QRectF(0, y_, width_, height));
    p_.restore();
    y_ += height + 2;
    p_.setFont(f);
    p_.setPen(kSubtle);
    p_.drawText(QRectF(0, y_, width_, captionHeight), kWrap, caption);
    y_ += captionHeight + 8;
}

void PdfLayout::table(const QStringList& header, const QList<QStringList>& rows,
                      const QList<double>& widths) {
    auto rowHeight = [&](const QStringList& cells, const QFont& f) {
        double h = 0;
        for (qsizetype c = 0; c < cells.size(); ++c)
            h = std::max(h, heightOf(cells[c], f, widths.value(c) * width_ - 6, kWrap));
        return h + 4;
    };
    auto drawRow = [&](const QStringList& cells, const QFont& f, double h) {
        p_.setFont(f);
        p_.setPen(Qt::black);
        double x = 0;
        for (qsizetype c = 0; c < cells.size(); ++c) {
            const double w = widths.value(c) * width_;
            p_.drawText(QRectF(x + 2, y_ + 2, w - 6, h), kWrap, cells[c]);
            x += w;
        }
        y_ += h;
        p_.setPen(kRule);
        p_.drawLine(QPointF(0, y_), QPointF(width_, y_));
    };
    const QFont head = font(Style::Strong), body = font(Style::Body);
    const double headHeight = rowHeight(header, head);
    ensure(headHeight * 3);
    drawRow(header, head, headHeight);
    for (const QStringList& row : rows) {
        const double h = rowHeight(row, body);
        if (y_ + h > height_) {  // the header again on the next page
            newPage();
            drawRow(header, head, headHeight);
        }
        drawRow(row, body, h);
    }
    y_ += 8;
}

}  // namespace stagelight
