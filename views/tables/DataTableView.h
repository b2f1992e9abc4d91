// A sortable, filterable table for the item models of model/qt: sorts on Qt::UserRole (raw
// numbers), filters on any column's text, compact rows.
#pragma once

#include <QHash>
#include <QSet>
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
    // Rows of the source model listed first whatever the sort (a finding's evidence tasks
    // above the rest); empty: the plain sort.
    void setPinnedRows(QSet<int> rows);
    bool isPinned(int sourceRow) const { return pinned_.contains(sourceRow); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QHash<QString, int> fields_;
    QSet<int> pinned_;
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
    QModelIndex viewIndex(const QModelIndex& sourceIndex) const;  // invalid when filtered out
    // Whether the filter lists this row of the source model.
    bool lists(int sourceRow) const;
    // Selects these rows of the source model (the first becomes current and is scrolled to);
    // several rows are also listed first until the user sorts again or selects other rows.
    void selectSourceRows(const QList<int>& rows);
    // The column whose text matters most (a message, a value): it gets the room left on screen
    // after the columns before it, which never take more than about half the width each.
    void setMainColumn(int sourceColumn) { mainColumn_ = sourceColumn; }
    // Each column's width for its contents again (done at every model reset; a model that
    // grows row by row asks for it when enough rows are in).
    void measureColumns();
    // One column's width for its contents again (its text grew), unless the user sized them.
    void remeasureColumn(int sourceColumn);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    static constexpr int kMeasuredRows = 200;  // rows a column's width is measured on
    void fitColumns();      // those widths shared out over the viewport, until the user resizes

    FieldFilterProxy* proxy_;
    QList<int> contentWidths_;
    int mainColumn_ = -1;
    bool userSized_ = false, fitting_ = false;
    bool filtering_ = false;
    QPersistentModelIndex remembered_;  // the current row while a filter hides it
};

}  // namespace stagelight
