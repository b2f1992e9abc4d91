// A finding's row in the Diagnosis view: its title, then "Fix: …", then what it concerns and
// the root cause it is a symptom of, each on one elided line (plain text: titles quote logs).
#pragma once

#include <QStyledItemDelegate>

namespace stagelight {

class FindingRowDelegate : public QStyledItemDelegate {
public:
    explicit FindingRowDelegate(QObject* parent) : QStyledItemDelegate(parent) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    static int rowHeight(const QFontMetrics& fm) { return 3 * fm.height() + 8; }
};

}  // namespace stagelight

namespace stagelight {

// A finding's cost in the Diagnosis view: the duration and its share of the wall clock on the
// first line, under it a solid bar on a track, in the severity's colour, so the ranking reads at
// a glance.
class FindingCostDelegate : public QStyledItemDelegate {
public:
    explicit FindingCostDelegate(QObject* parent) : QStyledItemDelegate(parent) {}
    void paint(QPainter* p, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

}  // namespace stagelight
