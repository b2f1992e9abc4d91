// A sortable, filterable table for the item models of model/qt: sorts on Qt::UserRole (raw
// numbers), filters on any column's text, compact rows.
#pragma once

#include <QSortFilterProxyModel>
#include <QTableView>

namespace stagelight {

class DataTableView : public QTableView {
    Q_OBJECT
public:
    explicit DataTableView(QWidget* parent = nullptr);
    void setSourceModel(QAbstractItemModel* model);
    void setFilterText(const QString& text);
    // Row of the source model for a view index (the view shows the proxy's order).
    QModelIndex sourceIndex(const QModelIndex& viewIndex) const;
    // Selects these rows of the source model (the first becomes current and is scrolled to).
    void selectSourceRows(const QList<int>& rows);

private:
    QSortFilterProxyModel* proxy_;
};

}  // namespace stagelight
