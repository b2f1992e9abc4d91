// A finding's row in the Diagnosis view: its title, then "Fix: …", then what it concerns and
// the root cause it is a symptom of, each on one elided line (plain text: titles quote logs).
#pragma once

#include <QStyledItemDelegate>

namespace stagelight {

// The Diagnosis view's cells: the style's background (selection, alternating rows), then their
// own drawing in the colour drawBackground returns.
class FindingCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    QColor drawBackground(QPainter* p, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const;
};

class FindingRowDelegate : public FindingCellDelegate {
public:
    explicit FindingRowDelegate(QObject* parent) : FindingCellDelegate(parent) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    static int rowHeight(const QFontMetrics& fm) { return 3 * fm.height() + 8; }
};

// A finding's cost in the Diagnosis view: the duration and its share of the wall clock on the
// first line, under it a solid bar on a track, in the severity's colour, so the ranking reads at
// a glance.
class FindingCostDelegate : public FindingCellDelegate {
public:
    explicit FindingCostDelegate(QObject* parent) : FindingCellDelegate(parent) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

}  // namespace stagelight
