#include "gui/LogChooserDialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "qt/HistoryListModel.h"
#include "qt/HistoryScanner.h"
#include "tables/DataTableView.h"

namespace stagelight {

LogChooserDialog::LogChooserDialog(const QString& directory, QWidget* parent)
    : QDialog(parent),
      directory_(directory),
      model_(new HistoryListModel(this)),
      scanner_(new HistoryScanner(this)),
      table_(new DataTableView(this)),
      filter_(new QLineEdit(this)),
      intro_(new QLabel(this)),
      refit_(new QTimer(this)) {
    setObjectName(QStringLiteral("logChooser"));
    setWindowTitle(tr("Applications in %1").arg(directory));
    intro_->setTextFormat(Qt::PlainText);  // a path may hold markup characters
    intro_->setWordWrap(true);
    table_->setObjectName(QStringLiteral("logChooserList"));
    table_->setSourceModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // What tells the runs apart first (id, name, start, duration, status), then the cost and
    // the costliest finding, which gets the room left; user, Spark version, size and file after
    // it (scrolled to in a narrow dialog).
    table_->setMainColumn(HistoryListModel::TopFindingColumn);
    QHeaderView* header = table_->horizontalHeader();
    int at = 0;
    for (int column : {int(HistoryListModel::AppId), int(HistoryListModel::Name),
                       int(HistoryListModel::Start), int(HistoryListModel::Duration),
                       int(HistoryListModel::Status), int(HistoryListModel::Cost),
                       int(HistoryListModel::TopFindingColumn)})
        header->moveSection(header->visualIndex(column), at++);
    table_->sortByColumn(HistoryListModel::Start, Qt::DescendingOrder);  // the newest first
    filter_->setPlaceholderText(tr("Filter: id, name, user, status, finding…"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, table_, &DataTableView::setFilterText);

    connect(scanner_, &HistoryScanner::logsListed, this, [this](std::vector<LogSummary> logs) {
        const bool first = model_->rowCount() == 0;
        model_->addLogs(std::move(logs));
        if (first) table_->measureColumns();
        if (first && table_->model()->rowCount() > 0) {
            for (int r = 0; r < table_->model()->rowCount(); ++r)
                if (table_->model()->index(r, 0).flags() & Qt::ItemIsSelectable) {
                    table_->selectRow(r);
                    break;
                }
        }
        updateIntro();
    });
    connect(scanner_, &HistoryScanner::listingDone, this, [this](int n) {
        listed_ = n;
        table_->measureColumns();
        updateIntro();
    });
    connect(scanner_, &HistoryScanner::findingReady, this,
            [this](const QString& path, const TopFinding& finding) {
                model_->setTopFinding(path, finding);
                updateIntro();
                if (!refit_->isActive()) refit_->start();
            });
    // The findings' texts widen their column, a few times a second at most.
    refit_->setSingleShot(true);
    refit_->setInterval(300);
    connect(refit_, &QTimer::timeout, this,
            [this] { table_->remeasureColumn(HistoryListModel::TopFindingColumn); });

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    open_->setObjectName(QStringLiteral("logChooserOpen"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &LogChooserDialog::updateButtons);
    connect(table_, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& i) {
        if (!(i.flags() & Qt::ItemIsSelectable)) return;
        table_->selectRow(i.row());
        accept();
    });
    // The background diagnosis stops with the dialog.
    connect(this, &QDialog::finished, scanner_, &HistoryScanner::stop);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addWidget(filter_);
    layout->addWidget(table_, 1);
    layout->addWidget(buttons);
    updateIntro();
    updateButtons();
    resize(parent ? std::max(800, parent->width() * 9 / 10) : 1200,
           parent ? std::max(420, parent->height() * 2 / 3) : 480);
    scanner_->start(directory);
}

void LogChooserDialog::updateIntro() {
    const int rows = model_->rowCount();
    QString text =
        listed_ < 0 ? tr("Reading %1: %n application(s) so far…", nullptr, rows).arg(directory_)
                    : tr("%1 holds %n separate event log(s): different applications, never "
                         "merged. Choose one to open, or two to compare (the earlier is the "
                         "baseline).",
                         nullptr, listed_)
                          .arg(directory_);
    if (listed_ >= 0 && model_->diagnosed() < rows)
        text += QStringLiteral(" ") +
                tr("Diagnosing in the background: %1 of %2.").arg(model_->diagnosed()).arg(rows);
    intro_->setText(text);
}

QStringList LogChooserDialog::chosenPaths() const {
    std::vector<std::pair<qlonglong, QString>> chosen;
    for (const QModelIndex& row : table_->selectionModel()->selectedRows()) {
        const QModelIndex source = table_->sourceIndex(row);
        if (!(source.flags() & Qt::ItemIsSelectable)) continue;
        chosen.emplace_back(source.data(HistoryListModel::StartRole).toLongLong(),
                            source.data(HistoryListModel::PathRole).toString());
    }
    std::stable_sort(chosen.begin(), chosen.end());  // the baseline, the earlier run, first
    QStringList paths;
    for (const auto& [start, path] : chosen) paths << path;
    return paths;
}

void LogChooserDialog::choose(const QStringList& fileNames) {
    QList<int> rows;
    for (int r = 0; r < model_->rowCount(); ++r)
        if (fileNames.contains(model_->index(r, HistoryListModel::File).data().toString()))
            rows << r;
    table_->selectionModel()->clearSelection();
    table_->selectSourceRows(rows);
}

void LogChooserDialog::updateButtons() {
    const qsizetype n = chosenPaths().size();
    open_->setEnabled(n == 1 || n == 2);
    open_->setText(n == 2 ? tr("Compare") : tr("Open"));
    open_->setToolTip(n > 2 ? tr("Choose one log to open, or two to compare") : QString());
}

}  // namespace stagelight
