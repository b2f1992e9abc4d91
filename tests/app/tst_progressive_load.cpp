// The window shows a big log while it loads (issue 19 §3): the application, its counts and the
// stage table appear from a partial model long before the load ends, the Diagnosis view says
// what is going on instead of "No log open", the findings come last, and Cancel stops the load
// within 100 ms. The log is the bench's (1 GB; smaller under sanitizers, which are 10x slower).
#include <QElapsedTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <filesystem>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "diagnosis/DiagnosisView.h"
#include "gui/MainWindow.h"
#include "io/StaleMemory.h"
#include "qt/LoadSession.h"

using namespace stagelight;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

class ProgressiveLoad : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString log_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        const double gb = staleMemoryIsChecked() ? 0.15 : 1.0;
        log_ = tmp_.filePath(QStringLiteral("bench-eventlog"));
        gen::FileOutput out(log_.toStdString());
        auto w = gen::makeFramedWriter(Codec::Plain, out);
        gen::generateLog(gen::makeScenario("bench", gb * 1e9 / 58e6), *w);
    }
    void cleanup() { QSettings().clear(); }

    void theStageTableFillsBeforeTheLoadEnds() {
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        auto* stages = w.findChild<QTableView*>(QStringLiteral("stageTable"));
        auto* diagnosis = w.findChild<DiagnosisView*>();
        QVERIFY(session && stages && diagnosis);
        session->setPartialTiming(0ms, 200ms);
        int partials = 0, rowsWhileLoading = 0;
        QString headlineWhileLoading;
        bool analysedBeforeModel = false;
        connect(&w, &MainWindow::partialModelShown, this, [&] {
            ++partials;
            if (!session->isLoading()) return;
            rowsWhileLoading = std::max(rowsWhileLoading, stages->model()->rowCount());
            headlineWhileLoading = diagnosis->headline();
            if (partials == 1)  // for people to look at
                w.grab().save(QString::fromStdString((test::binaryDir() / "partial-load.png").string()));
            analysedBeforeModel = analysedBeforeModel || session->analysis() != nullptr;
        });
        QSignalSpy shown(&w, &MainWindow::modelShown), analysed(&w, &MainWindow::analysisShown);
        w.resize(1366, 768);
        w.show();
        w.openLog(log_);
        QVERIFY(analysed.wait(300000));
        QCOMPARE(shown.count(), 1);
        QVERIFY2(partials >= 1, "no partial model reached the window");
        QVERIFY2(rowsWhileLoading > 0, "the stage table was empty while the log loaded");
        QVERIFY2(headlineWhileLoading.startsWith(QStringLiteral("Reading the log")),
                 qPrintable(headlineWhileLoading));
        QVERIFY(!analysedBeforeModel);  // findings come last
        // The final model replaced the partial ones: every stage, and no partial mark.
        QVERIFY(!session->model()->report.partial);
        QVERIFY(stages->model()->rowCount() >= rowsWhileLoading);
    }

    void cancelStopsTheLoadWithin100Ms() {
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->setPartialTiming(0ms, 100000ms);  // one partial: the load is well under way
        QSignalSpy partial(&w, &MainWindow::partialModelShown);
        w.show();
        w.openLog(log_);
        QVERIFY(partial.wait(300000));
        QVERIFY(session->isLoading());
        QElapsedTimer clock;
        clock.start();
        session->cancel();
        session->waitForLoadWorkers();
        const qint64 ms = clock.elapsed();
        qInfo("the load stopped %lld ms after Cancel", ms);
        QVERIFY2(ms <= (staleMemoryIsChecked() ? 1000 : 100), qPrintable(QString::number(ms)));
        QVERIFY(!session->isLoading());
    }
};

QTEST_MAIN(ProgressiveLoad)
#include "tst_progressive_load.moc"
