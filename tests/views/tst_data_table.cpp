// The shared table view: the column that matters gets the room on screen (a narrow dock shows
// a setting's value, a warning's message) and evidence rows are listed first whatever the sort.
#include <QHeaderView>
#include <QStandardItemModel>
#include <QtTest>

#include "qt/PlainText.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"

using namespace stagelight;

namespace {

// Resets like the item models of model/qt do on every load.
class ResettingModel : public QStandardItemModel {
public:
    using QStandardItemModel::QStandardItemModel;
    void reset() {
        beginResetModel();
        endResetModel();
    }
};

// Rows with a number to sort on (Qt::UserRole, as the item models of model/qt give it).
void fill(QStandardItemModel& model, int rows) {
    model.setColumnCount(3);
    for (int r = 0; r < rows; ++r) {
        QList<QStandardItem*> items;
        for (int c = 0; c < 3; ++c) {
            auto* item = new QStandardItem(QStringLiteral("r%1c%2").arg(r).arg(c));
            item->setData(c == 0 ? r : (r * 37) % rows, Qt::UserRole);
            items << item;
        }
        model.appendRow(items);
    }
}

QList<int> shownRows(const DataTableView& view, int count) {
    QList<int> rows;
    for (int r = 0; r < count; ++r) rows << view.sourceIndex(view.model()->index(r, 0)).row();
    return rows;
}

}  // namespace

class DataTableTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theMainColumnGetsTheRoomLeft() {
        ResettingModel model(0, 3);
        model.setHorizontalHeaderLabels(
            {QStringLiteral("Key"), QStringLiteral("Value"), QStringLiteral("Section")});
        model.appendRow({new QStandardItem(QString(120, QLatin1Char('k'))),
                         new QStandardItem(QString(200, QLatin1Char('v'))),
                         new QStandardItem(QStringLiteral("System Properties"))});
        DataTableView view;
        view.setMainColumn(1);
        view.setSourceModel(&model);
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        model.setItem(0, 0, new QStandardItem(QString(121, QLatin1Char('k'))));
        model.reset();
        const int room = view.viewport()->width();
        QVERIFY2(view.columnWidth(0) <= room / 2, qPrintable(QString::number(view.columnWidth(0))));
        // The value starts on screen and fills what the key left, short of the next column.
        const QHeaderView* header = view.horizontalHeader();
        QVERIFY(header->sectionViewportPosition(1) < room / 2);
        QCOMPARE(header->sectionViewportPosition(1) + view.columnWidth(1), room);
        // A width the user chose is kept when the view is resized.
        view.setColumnWidth(0, 50);
        view.resize(500, 300);
        QTest::qWait(1);
        QCOMPARE(view.columnWidth(0), 50);
    }

    void evidenceRowsAreListedFirstUntilTheUserSorts() {
        ResettingModel model;
        fill(model, 100);
        DataTableView view;
        view.setSourceModel(&model);
        view.sortByColumn(0, Qt::DescendingOrder);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(shownRows(view, 1), QList<int>{99});
        view.selectSourceRows({5, 50, 95});
        // First, and in the sort's own order among themselves.
        QCOMPARE(shownRows(view, 4), (QList<int>{95, 50, 5, 99}));
        QCOMPARE(view.selectionModel()->selectedRows().size(), 3);
        view.sortByColumn(0, Qt::AscendingOrder);  // a sort by code keeps them first
        QCOMPARE(shownRows(view, 4), (QList<int>{5, 50, 95, 0}));
        // One of them chosen keeps the listing; another row ends it.
        view.selectSourceRows({50});
        QCOMPARE(shownRows(view, 3), (QList<int>{5, 50, 95}));
        view.selectSourceRows({7});
        QCOMPARE(shownRows(view, 3), (QList<int>{0, 1, 2}));
        // The user's click on a header sorts without them.
        view.selectSourceRows({5, 50, 95});
        QCOMPARE(shownRows(view, 1), QList<int>{5});
        const QHeaderView* header = view.horizontalHeader();
        const QPoint onKey(header->sectionViewportPosition(0) + 10, header->height() / 2);
        QTest::mouseClick(view.horizontalHeader()->viewport(), Qt::LeftButton, {}, onKey);
        QCOMPARE(view.horizontalHeader()->sortIndicatorSection(), 0);
        const QList<int> after = shownRows(view, 3);
        QVERIFY2(after == (QList<int>{99, 98, 97}) || after == (QList<int>{0, 1, 2}),
                 qPrintable(QString::number(after.front())));
        // A new model (another stage) starts without pinned rows.
        view.sortByColumn(0, Qt::AscendingOrder);
        view.selectSourceRows({5, 50, 95});
        model.reset();
        QCOMPARE(shownRows(view, 3), (QList<int>{0, 1, 2}));
    }

    void logTextShowsItsFirstLine() {
        // A stage name or job description that starts with a newline drew as "…": the cell
        // shows the first line that has text, trimmed.
        QCOMPARE(firstLine(QStringLiteral("\n  -- q88\r\nselect *\nfrom t")),
                 QStringLiteral("-- q88"));
        QCOMPARE(firstLine(QStringLiteral("collect at Foo.scala:12")),
                 QStringLiteral("collect at Foo.scala:12"));
        QCOMPARE(firstLine(QStringLiteral("\n \n")), QString());
    }
};

QTEST_MAIN(DataTableTest)
#include "tst_data_table.moc"
