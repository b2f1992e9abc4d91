// Cell painters for the tables: a severity mark before the severity's name, and a bar behind a
// share (a fraction in ShareRole) so the big stages stand out at a glance.
#pragma once

#include <QFontMetrics>
#include <QStyledItemDelegate>

namespace stagelight {

class SeverityDelegate : public QStyledItemDelegate {
public:
    // `severityRole` holds the Severity as an int.
    SeverityDelegate(int severityRole, QObject* parent)
        : QStyledItemDelegate(parent), role_(severityRole) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

private:
    int role_;
};

class ShareBarDelegate : public QStyledItemDelegate {
public:
    // `shareRole` holds a fraction in [0, 1].
    ShareBarDelegate(int shareRole, QObject* parent)
        : QStyledItemDelegate(parent), role_(shareRole) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

private:
    int role_;
};

// Text in the warning colour (bold) where `flagRole` is true: a figure past its threshold.
class WarningTextDelegate : public QStyledItemDelegate {
public:
    WarningTextDelegate(int flagRole, QObject* parent)
        : QStyledItemDelegate(parent), role_(flagRole) {}

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int role_;
};

// A column whose text wraps only where a reader would break it: after the dots, underscores,
// slashes and hyphens of a setting's name or a path and between its camel-case words ("spark.sql.adaptive.coalesce" /
// "Partitions.minPartitionSize"), so long
// keys are read whole in a narrow dock. The view must word-wrap and size its rows to contents;
// NoWrapDelegate keeps its other columns on one line.
class BreakAtDotsDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static QString withBreaks(const QString& text);  // U+200B at each of those places
    // The lines `text` takes in `width` pixels broken at those places (a piece wider than the
    // width breaks anywhere).
    static int linesFor(const QString& text, const QFontMetrics& metrics, int width);
    // The whole text on one line: the column's natural width (a wrapped hint made it narrow).
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

// One line, elided, in a word-wrapping view (a classpath never makes a row 40 lines high).
class NoWrapDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

}  // namespace stagelight
