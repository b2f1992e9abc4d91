// The item models behind the tables, checked by QAbstractItemModelTester on a generated log.
#include <QAbstractItemModelTester>
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "load/Loader.h"
#include "qt/JobTableModel.h"
#include "qt/LoadSession.h"
#include "qt/LoadWarningsModel.h"
#include "qt/StageTableModel.h"

using namespace stagelight;

class ItemModels : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    ModelPtr model_;

private Q_SLOTS:
    void initTestCase() {
        const std::filesystem::path p = std::filesystem::path(tmp_.path().toStdString()) / "demo";
        test::writeFile(p, gen::generateLogText(gen::makeScenario("demo")) + "{broken line\n");
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        model_ = std::move(r.model);
    }

    void stageTable() {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(model_);
        QCOMPARE(m.rowCount(), 14);
        QCOMPARE(m.columnCount(), int(StageTableModel::ColumnCount));
        // Raw numbers sort; display text is formatted.
        const QModelIndex dur = m.index(0, StageTableModel::Duration);
        QVERIFY(m.data(dur, StageTableModel::SortRole).toLongLong() > 0);
        QVERIFY(m.data(dur, Qt::DisplayRole).toString().contains(QLatin1Char('s')));
        m.setModel(nullptr);
        QCOMPARE(m.rowCount(), 0);
    }

    void jobTable() {
        JobTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(model_);
        QCOMPARE(m.rowCount(), 6);
        QCOMPARE(m.data(m.index(0, JobTableModel::Result), Qt::DisplayRole).toString(),
                 QStringLiteral("SUCCEEDED"));
    }

    void loadWarnings() {
        LoadWarningsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(model_);
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.data(m.index(0, LoadWarningsModel::Severity), Qt::DisplayRole).toString(),
                 QStringLiteral("warning"));
        QVERIFY(!m.data(m.index(0, LoadWarningsModel::Line), Qt::DisplayRole).toString().isEmpty());
    }

    void loadSessionDeliversAndDropsStaleResults() {
        LoadSession session;
        QSignalSpy available(&session, &LoadSession::modelAvailable);
        QSignalSpy failed(&session, &LoadSession::loadFailed);
        const QString log = QString::fromStdString(
            (std::filesystem::path(tmp_.path().toStdString()) / "demo").string());
        session.load(QStringLiteral("/nonexistent/superseded"));
        session.load(log);  // supersedes the first: only this one reports
        QVERIFY(available.wait(20000));
        QCOMPARE(available.size(), 1);
        QCOMPARE(failed.size(), 0);
        session.load(QStringLiteral("/nonexistent/log"));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no such file")));
    }
};

QTEST_GUILESS_MAIN(ItemModels)
#include "tst_item_models.moc"
