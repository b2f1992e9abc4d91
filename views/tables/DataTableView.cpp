#include "tables/DataTableView.h"

#include <QHeaderView>
#include <QScrollBar>

namespace stagelight {

DataTableView::DataTableView(QWidget* parent)
    : QTableView(parent), proxy_(new QSortFilterProxyModel(this)) {
    proxy_->setSortRole(Qt::UserRole);
    proxy_->setFilterKeyColumn(-1);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    setModel(proxy_);
    setSortingEnabled(true);
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setWordWrap(false);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
}

void DataTableView::setSourceModel(QAbstractItemModel* model) {
    proxy_->setSourceModel(model);
    connect(model, &QAbstractItemModel::modelReset, this, [this] { resizeColumnsToContents(); });
}

void DataTableView::setFilterText(const QString& text) {
    proxy_->setFilterFixedString(text);
}

QModelIndex DataTableView::sourceIndex(const QModelIndex& viewIndex) const {
    return proxy_->mapToSource(viewIndex);
}

void DataTableView::selectSourceRows(const QList<int>& rows) {
    QAbstractItemModel* source = proxy_->sourceModel();
    if (!source) return;
    QItemSelection selection;
    QModelIndex first;
    for (int row : rows) {
        const QModelIndex v = proxy_->mapFromSource(source->index(row, 0));
        if (!v.isValid()) continue;
        if (!first.isValid()) first = v;
        selection.select(v, v.siblingAtColumn(proxy_->columnCount() - 1));
    }
    if (!first.isValid()) return;
    setSelectionMode(rows.size() > 1 ? QAbstractItemView::ExtendedSelection
                                     : QAbstractItemView::SingleSelection);
    // Scrolled vertically to the row only: making column 0 current scrolls to it, which would
    // lose the horizontal scroll the user chose.
    const int across = horizontalScrollBar()->value();
    selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    scrollTo(first, QAbstractItemView::PositionAtCenter);
    horizontalScrollBar()->setValue(across);
}

}  // namespace stagelight
