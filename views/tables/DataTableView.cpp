#include "tables/DataTableView.h"

#include <QHeaderView>
#include <QScrollBar>

namespace stagelight {

void FieldFilterProxy::setQuery(const QString& text) {
    terms_.clear();
    QStringList free;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype colon = word.indexOf(QLatin1Char(':'));
        const int column = colon > 0 ? fields_.value(word.left(colon).toLower(), -1) : -1;
        if (column >= 0)
            terms_.append({column, word.mid(colon + 1)});
        else
            free << word;
    }
    freeText_ = free.join(QLatin1Char(' '));
    invalidateRowsFilter();
}

bool FieldFilterProxy::filterAcceptsRow(int row, const QModelIndex& parent) const {
    QAbstractItemModel* source = sourceModel();
    for (const auto& [column, value] : terms_) {
        if (value.isEmpty()) continue;  // "stage:" while typing: no constraint yet
        const QString cell = source->index(row, column, parent).data().toString();
        bool match = false;
        for (const QString& item : cell.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString t = item.trimmed();
            if (t.compare(value, Qt::CaseInsensitive) == 0 ||
                t.section(QLatin1Char('.'), 0, 0) == value)
                match = true;
        }
        if (!match) return false;
    }
    if (freeText_.isEmpty()) return true;
    for (int c = 0; c < source->columnCount(parent); ++c)
        if (source->index(row, c, parent)
                .data()
                .toString()
                .contains(freeText_, Qt::CaseInsensitive))
            return true;
    return false;
}

DataTableView::DataTableView(QWidget* parent)
    : QTableView(parent), proxy_(new FieldFilterProxy(this)) {
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
    // The filter only narrows what is listed: the selected row stays selected while listed, and
    // is selected again when a later filter lists it again.
    const QPersistentModelIndex current =
        currentIndex().isValid() ? QPersistentModelIndex(proxy_->mapToSource(currentIndex()))
                                 : remembered_;
    filtering_ = true;
    proxy_->setQuery(text);
    const QModelIndex shown = proxy_->mapFromSource(current);
    if (shown.isValid()) {
        selectionModel()->setCurrentIndex(
            shown, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        scrollTo(shown);
        remembered_ = QPersistentModelIndex();
    } else {
        selectionModel()->clear();
        remembered_ = current;
    }
    filtering_ = false;
}

QModelIndex DataTableView::sourceIndex(const QModelIndex& viewIndex) const {
    return proxy_->mapToSource(viewIndex);
}

bool DataTableView::lists(int sourceRow) const {
    const QAbstractItemModel* source = proxy_->sourceModel();
    return source && proxy_->mapFromSource(source->index(sourceRow, 0)).isValid();
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
