// A top-to-bottom page layout for the PDF report: text blocks that wrap, facts, tables, charts,
// page breaks that keep a block whole, and a footer with the page number on every page. Every
// string is drawn with QPainter::drawText: plain text, never rich text.
#pragma once

#include <QFont>
#include <QPainter>
#include <QString>
#include <QStringList>

#include <functional>

#include "diagnosis/Finding.h"

class QPdfWriter;

namespace stagelight {

class PdfLayout {
public:
    enum class Style { Body, Title, Subtle, Strong, Mono };
    PdfLayout(QPdfWriter& writer, QString footer);

    void text(const QString& text, Style style = Style::Body);
    void heading(const QString& text);
    void findingHeading(Severity severity, const QString& title);
    void findingRow(Severity severity, const QString& cost, const QString& title);
    void fact(const QString& key, const QString& value, Style valueStyle = Style::Body);
    void label(const QString& key, const QString& value);  // "Fix: …" with the key in bold
    void chart(const QString& caption, double height,
               const std::function<void(QPainter&, const QRectF&)>& paint);
    void table(const QStringList& header, const QList<QStringList>& rows,
               const QList<double>& widths);  // widths: shares of the page width
    void space(double pixels) { y_ += pixels; }
    void newPage();
    void finish();  // the last page's footer
    int pages() const { return page_; }

private:
    void ensure(double height);  // a page break unless `height` fits
    void footer();
    QFont font(Style style) const;
    double heightOf(const QString& text, const QFont& font, double width, int flags) const;

    QPdfWriter& writer_;
    QPainter p_;
    QString footer_;
    double width_ = 0, height_ = 0, y_ = 0;
    int page_ = 1;
};

}  // namespace stagelight
