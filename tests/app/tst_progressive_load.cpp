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
#include "load/Loader.h"
#include "qt/LiveFollow.h"
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
        // What was read stays on screen, no longer said to be still reading.
        QTRY_VERIFY(session->model() && session->model()->report.cancelled);
        QVERIFY(!session->model()->report.partial);
        auto* diagnosis = w.findChild<DiagnosisView*>();
        QVERIFY2(diagnosis->headline().startsWith(QStringLiteral("The load was cancelled")),
                 qPrintable(diagnosis->headline()));
    }
    void aLiveLogIsFollowedAndKeepsTheChosenStage() {
        // An .inprogress log opened while its application runs: the window follows it, each
        // append brings the new stages and findings, the stage the user chose stays chosen,
        // and the writer's final rename ends the following.
        const std::string text = gen::generateLogText(gen::makeScenario("demo"));
        const fs::path live = fs::path(tmp_.path().toStdString()) / "live-app.inprogress";
        const size_t firstCut = text.find('\n', text.size() / 3) + 1;
        test::writeFile(live, text.substr(0, firstCut));
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->liveFollow()->setPollInterval(50);
        auto* stages = w.findChild<QTableView*>(QStringLiteral("stageTable"));
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        QSignalSpy following(session, &LoadSession::followingChanged);
        w.show();
        w.openLog(QString::fromStdString(live.string()));
        QVERIFY(analysed.wait(30000));
        QVERIFY(session->isFollowing());
        QCOMPARE(following.count(), 1);
        const int stagesBefore = stages->model()->rowCount();
        const size_t findingsBefore = session->analysis()->findings.size();
        // The user picks the last stage listed.
        stages->selectRow(stagesBefore - 1);
        const QString chosen = stages->currentIndex().siblingAtColumn(0).data().toString();
        QSignalSpy refreshed(session, &LoadSession::modelAvailable);
        QVERIFY(test::appendFile(live, std::string_view(text).substr(firstCut)));
        QVERIFY(refreshed.wait(10000));
        QVERIFY(analysed.wait(30000));
        QVERIFY(stages->model()->rowCount() > stagesBefore);
        QCOMPARE(stages->currentIndex().siblingAtColumn(0).data().toString(), chosen);
        QVERIFY(session->analysis()->findings.size() >= findingsBefore);
        // The followed model is the whole log's, as a load of it gives.
        LoadResult whole = loadEventLog(live);
        QCOMPARE(session->model()->tasks.size(), whole.model->tasks.size());
        QVERIFY(session->isFollowing());  // the writer has not finished yet
        fs::rename(live, fs::path(live).replace_extension());
        QTRY_VERIFY_WITH_TIMEOUT(!session->isFollowing(), 10000);
        QCOMPARE(following.count(), 2);
        QVERIFY(session->model()->application.complete);
    }
};

QTEST_MAIN(ProgressiveLoad)
#include "tst_progressive_load.moc"
