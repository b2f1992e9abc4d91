#include "gui/LogChooserDialog.h"

#include <QDateTime>

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "text/Format.h"

namespace stagelight {
namespace {

constexpr int kSortRole = Qt::UserRole;
constexpr int kPathRole = Qt::UserRole + 1;

// Sorts numeric columns (start, duration, size) by value, the rest by text.
class Row : public QTreeWidgetItem {
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem& other) const override {
        const int c = treeWidget() ? treeWidget()->sortColumn() : 0;
        const QVariant a = data(c, kSortRole), b = other.data(c, kSortRole);
        if (a.isValid() && b.isValid()) return a.toLongLong() < b.toLongLong();
        return text(c).localeAwareCompare(other.text(c)) < 0;
    }
};

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

LogChooserDialog::LogChooserDialog(const QString& directory, std::vector<LogSummary> logs,
                                   QWidget* parent)
    : QDialog(parent), list_(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("logChooser"));
    setWindowTitle(tr("Choose an application"));
    auto* intro = new QLabel(
        tr("%1 holds %2 separate event logs. They are different applications and are never "
           "merged: choose one to open, or two to compare (the first is the baseline).")
            .arg(directory)
            .arg(logs.size()),
        this);
    intro->setTextFormat(Qt::PlainText);  // a path may hold markup characters
    intro->setWordWrap(true);
    list_->setObjectName(QStringLiteral("logChooserList"));
    list_->setColumnCount(ColumnCount);
    list_->setHeaderLabels({tr("App ID"), tr("Name"), tr("Start"), tr("Duration"), tr("Status"),
                            tr("Size"), tr("Log")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->setAlternatingRowColors(true);
    for (const LogSummary& l : logs) {
        auto* row = new Row(list_);
        const bool bad = !l.error.empty();
        // Log text is set as item text: plain, never interpreted as markup.
        row->setText(AppId, bad ? QStringLiteral("—") : q(l.appId.empty() ? "—" : l.appIdText()));
        row->setText(Name, bad ? q(l.error) : q(oneLine(l.appName, 60)));
        if (l.startMs >= 0) {
            row->setText(Start, QDateTime::fromMSecsSinceEpoch(l.startMs).toString(
                                    QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            row->setData(Start, kSortRole, qlonglong(l.startMs));
        } else {
            row->setText(Start, QStringLiteral("—"));
            row->setData(Start, kSortRole, qlonglong(-1));
        }
        const int64_t d = l.durationMs();
        row->setText(Duration, d < 0 ? QStringLiteral("—") : q(formatDuration(d)));
        row->setData(Duration, kSortRole, qlonglong(d));
        row->setText(Status, q(l.status()));
        row->setText(Size, q(formatBytes(int64_t(l.bytes))));
        row->setData(Size, kSortRole, qlonglong(l.bytes));
        row->setText(File, q(l.path.filename().string()));
        row->setToolTip(File, q(l.path.string()));
        row->setData(AppId, kPathRole, q(l.path.string()));
        for (int c : {Duration, Size}) row->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        if (bad) row->setFlags(row->flags() & ~Qt::ItemIsSelectable);
    }
    list_->setSortingEnabled(true);
    list_->sortByColumn(Start, Qt::AscendingOrder);
    for (int c = 0; c < ColumnCount; ++c) list_->resizeColumnToContents(c);
    list_->header()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    open_->setObjectName(QStringLiteral("logChooserOpen"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QTreeWidget::itemSelectionChanged, this, &LogChooserDialog::updateButtons);
    connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (item->flags() & Qt::ItemIsSelectable) {
            list_->clearSelection();
            item->setSelected(true);
            accept();
        }
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(list_, 1);
    layout->addWidget(buttons);
    for (int i = 0; i < list_->topLevelItemCount(); ++i)
        if (list_->topLevelItem(i)->flags() & Qt::ItemIsSelectable) {
            list_->setCurrentItem(list_->topLevelItem(i));
            break;
        }
    updateButtons();
    resize(parent ? std::min(1160, parent->width() - 40) : 1100, 440);
}

QStringList LogChooserDialog::chosenPaths() const {
    QStringList paths;
    for (int i = 0; i < list_->topLevelItemCount(); ++i)  // list order: the baseline first
        if (list_->topLevelItem(i)->isSelected())
            paths << list_->topLevelItem(i)->data(AppId, kPathRole).toString();
    return paths;
}

void LogChooserDialog::updateButtons() {
    const qsizetype n = chosenPaths().size();
    open_->setEnabled(n == 1 || n == 2);
    open_->setText(n == 2 ? tr("Compare") : tr("Open"));
    open_->setToolTip(n > 2 ? tr("Choose one log to open, or two to compare") : QString());
}

}  // namespace stagelight
