#include "gui/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

namespace stagelight {
namespace {

struct Row {
    QString where, what, keys;
};

QString plain(QString text) {
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

// The menus' actions with a shortcut, as "File > Open".
void collect(const QMenu* menu, const QString& path, QList<Row>& rows, QSet<const QAction*>& seen) {
    for (QAction* a : menu->actions()) {
        if (a->menu()) {
            collect(a->menu(), path + QStringLiteral(" > ") + plain(a->menu()->title()), rows,
                    seen);
            continue;
        }
        seen.insert(a);
        if (a->shortcut().isEmpty()) continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        rows.push_back({path, plain(a->text()), keys.join(QStringLiteral(", "))});
    }
}

}  // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow* window)
    : QDialog(window), table_(new QTableWidget(this)) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    QList<Row> rows;
    QSet<const QAction*> seen;
    for (QAction* a : window->menuBar()->actions())
        if (a->menu()) collect(a->menu(), plain(a->menu()->title()), rows, seen);
    // Actions outside the menus (toolbars, docks) that have a shortcut.
    for (const QAction* a : window->findChildren<QAction*>())
        if (!seen.contains(a) && !a->shortcut().isEmpty() && !a->menu())
            rows.push_back(
                {tr("Window"), plain(a->text()), a->shortcut().toString(QKeySequence::NativeText)});
    // Keys of one field or view (QShortcuts): each says what it does and where.
    for (const QShortcut* s : window->findChildren<QShortcut*>())
        if (!s->key().isEmpty())
            rows.push_back({s->property("where").toString(), s->whatsThis(),
                            s->key().toString(QKeySequence::NativeText)});
    const QList<Row> views = {
        {tr("SQL view"), tr("Find in the plan (instead of a stage)"),
         QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText)},
        {tr("Findings"), tr("Show a finding's evidence"), tr("Up / Down, Enter, click")},
        {tr("Timelines"), tr("Zoom around the pointer"), tr("Mouse wheel")},
        {tr("Timelines"), tr("Pan"), tr("Drag")},
        {tr("Timelines"), tr("Zoom to a range"), tr("Shift+drag or right-drag")},
        {tr("Timelines"), tr("Undo the last zoom or pan"), tr("Backspace")},
        {tr("Timelines"), tr("Show everything"), tr("Home")},
        {tr("Stage timeline"), tr("Scroll the lanes"),
         tr("PgUp / PgDn, Up / Down, End, wheel over the labels")},
        {tr("Stage timeline"), tr("Fold or unfold an executor"), tr("Click its label")},
        {tr("Stage timeline, histogram"), tr("Select a task, a bar's tasks"), tr("Click")},
        {tr("Plan graph, job DAG"), tr("Zoom"), tr("Ctrl+wheel")},
        {tr("Plan graph"), tr("Pan"), tr("Drag")},
        {tr("Plan graph"), tr("Fit the whole plan"), tr("Home")},
        {tr("Tables"), tr("Sort by a column"), tr("Click its header")},
    };
    rows += views;
    table_->setObjectName(QStringLiteral("shortcutsTable"));
    table_->setColumnCount(3);
    table_->setHorizontalHeaderLabels({tr("Where"), tr("Action"), tr("Keys")});
    table_->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        table_->setItem(i, 0, new QTableWidgetItem(rows[i].where));
        table_->setItem(i, 1, new QTableWidgetItem(rows[i].what));
        table_->setItem(i, 2, new QTableWidgetItem(rows[i].keys));
    }
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addWidget(buttons);
    resize(620, 520);
}

}  // namespace stagelight
