#include "tables/DataTableView.h"

#include <QHeaderView>
#include <QScopedValueRollback>
#include <QScrollBar>

#include <algorithm>

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

void FieldFilterProxy::setPinnedRows(QSet<int> rows) {
    if (rows == pinned_) return;
    pinned_ = std::move(rows);
    if (sortColumn() >= 0) invalidate();
}

bool FieldFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    if (!pinned_.isEmpty()) {
        // Descending sorts compare (right, left): either way a pinned row goes first.
        const bool l = pinned_.contains(left.row()), r = pinned_.contains(right.row());
        if (l != r) return sortOrder() == Qt::AscendingOrder ? l : r;
    }
    return QSortFilterProxyModel::lessThan(left, right);
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
    // Widths from the rows on screen and a sample of the rest, not 1,000 rows a column: a
    // task table measured at every newer model (a long load, a followed log) froze the window.
    horizontalHeader()->setResizeContentsPrecision(kMeasuredRows);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        if (!fitting_) userSized_ = true;
    });
    // Pressed before the click sorts: that sort is the user's own, without the pinned rows.
    connect(horizontalHeader(), &QHeaderView::sectionPressed, this, [this] {
        if (isSortingEnabled()) proxy_->setPinnedRows({});
    });
}

void DataTableView::setSourceModel(QAbstractItemModel* model) {
    proxy_->setSourceModel(model);
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this,
            [this] { proxy_->setPinnedRows({}); });
    connect(model, &QAbstractItemModel::modelReset, this, &DataTableView::measureColumns);
}

void DataTableView::measureColumns() {
    // Widths the user set stay across newer models of the same columns.
    if (userSized_ && contentWidths_.size() == proxy_->columnCount()) return;
    {
        const QScopedValueRollback<bool> guard(fitting_, true);
        resizeColumnsToContents();
    }
    contentWidths_.clear();
    for (int c = 0; c < proxy_->columnCount(); ++c) contentWidths_.append(columnWidth(c));
    userSized_ = false;
    fitColumns();
}

void DataTableView::remeasureColumn(int column) {
    if (userSized_ || column < 0 || column >= contentWidths_.size()) return;
    {
        const QScopedValueRollback<bool> guard(fitting_, true);
        resizeColumnToContents(column);
    }
    contentWidths_[column] = columnWidth(column);
    fitColumns();
}

void DataTableView::fitColumns() {
    const int room = viewport()->width();
    if (userSized_ || room < 100 || contentWidths_.size() != proxy_->columnCount()) return;
    const QScopedValueRollback<bool> guard(fitting_, true);
    const int chars = fontMetrics().averageCharWidth();
    const int cap = std::max(16 * chars, room * 45 / 100);
    QHeaderView* header = horizontalHeader();
    int used = 0;
    for (int v = 0; v < header->count(); ++v) {
        const int c = header->logicalIndex(v);
        if (header->isSectionHidden(c)) continue;
        const int natural = contentWidths_[c];
        int width = std::min(natural, cap);
        if (c == mainColumn_)  // the room left, but never squeezed below 20 characters
            width = std::max(std::min(natural, room - used), std::min(natural, 20 * chars));
        if (header->sectionResizeMode(c) == QHeaderView::Interactive) setColumnWidth(c, width);
        used += header->sectionSize(c);
    }
}

void DataTableView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    fitColumns();
}

void DataTableView::showEvent(QShowEvent* event) {
    QTableView::showEvent(event);
    fitColumns();
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

QModelIndex DataTableView::viewIndex(const QModelIndex& sourceIndex) const {
    return proxy_->mapFromSource(sourceIndex);
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
    if (!source || rows.isEmpty()) return;
    // Several rows are evidence: listed first, so the rows chosen are the rows seen. One row
    // keeps the order, and ends a previous pinning unless it is one of those rows.
    if (rows.size() > 1)
        proxy_->setPinnedRows(QSet<int>(rows.begin(), rows.end()));
    else if (!proxy_->isPinned(rows.front()))
        proxy_->setPinnedRows({});
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
