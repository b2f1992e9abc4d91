// A sortable, filterable table for the item models of model/qt: sorts on Qt::UserRole (raw
// numbers), filters on any column's text, compact rows.
#pragma once

#include <QHash>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace stagelight {

// Filters a table by free text over every column and by `field:value` terms ("stage:238",
// "job:2") over named columns: a term matches a cell holding that value exactly, as an item
// of a comma-separated list or before the attempt's dot ("238" matches "238.0", not "1238.0").
class FieldFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setFields(QHash<QString, int> columns) { fields_ = std::move(columns); }
    void setQuery(const QString& text);

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    QHash<QString, int> fields_;
    QList<std::pair<int, QString>> terms_;  // column, value
    QString freeText_;
};

class DataTableView : public QTableView {
    Q_OBJECT
public:
    explicit DataTableView(QWidget* parent = nullptr);
    void setSourceModel(QAbstractItemModel* model);
    // Filtering keeps the current row if it stays listed and never moves it to another row
    // (isFiltering() tells a selection change made by the filter from one made by the user).
    void setFilterText(const QString& text);
    void setFilterFields(QHash<QString, int> columns) { proxy_->setFields(std::move(columns)); }
    bool isFiltering() const { return filtering_; }
    // Row of the source model for a view index (the view shows the proxy's order).
    QModelIndex sourceIndex(const QModelIndex& viewIndex) const;
    // Whether the filter lists this row of the source model.
    bool lists(int sourceRow) const;
    // Selects these rows of the source model (the first becomes current and is scrolled to).
    void selectSourceRows(const QList<int>& rows);

private:
    FieldFilterProxy* proxy_;
    bool filtering_ = false;
    QPersistentModelIndex remembered_;  // the current row while a filter hides it
};

}  // namespace stagelight
