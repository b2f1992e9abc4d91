// A followed log in the window (issue 19 §4), as a user finds it: the chosen stage's tasks,
// histogram and timeline grow with the log; the chosen finding keeps its evidence across an
// update; a log rewritten with another application's events is shown as that application, and
// said so; an .inprogress file still empty is followed, not refused.
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QtTest>

#include <filesystem>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "charts/TaskHistogramView.h"
#include "gui/EvidencePanel.h"
#include "gui/MainWindow.h"
#include "load/Loader.h"
#include "qt/LiveFollow.h"
#include "qt/LoadSession.h"
#include "qt/StageText.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

// Tasks of a stage attempt in a model (the rows its Tasks dock lists).
size_t tasksOf(const EventLogModel& m, int32_t stage) {
    const StageAttempt* s = m.stage(stage, 0);
    return s ? m.derived.stageRows.rows(size_t(s - m.stages.data())).size() : 0;
}

int rowOfStage(QTableView* stages, int32_t stage) {
    const QString label = stageIdText(stage, 0);
    for (int r = 0; r < stages->model()->rowCount(); ++r)
        if (stages->model()->index(r, 0).data().toString() == label) return r;
    return -1;
}

QString statusOf(const MainWindow& w) {
    QString text;
    for (const QLabel* l : w.statusBar()->findChildren<QLabel*>()) text += l->text() + QLatin1Char('\n');
    return text;
}

}  // namespace

class LiveWindow : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return tmp_.path().toStdString(); }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanup() { QSettings().clear(); }

    void theChosenStageGrowsWithTheLogAndTheFindingKeepsItsEvidence() {
        const std::string text = gen::generateLogText(gen::makeScenario("demo"));
        // Cut three task ends into the first stage that ends a task: it is running.
        size_t at = text.find("\"Event\":\"SparkListenerTaskEnd\"");
        QVERIFY(at != std::string::npos);
        const size_t stageAt = text.find("\"Stage ID\":", at) + 11;
        const int32_t stage = std::atoi(text.c_str() + stageAt);
        for (int i = 0; i < 3; ++i) at = text.find('\n', at) + 1;
        const fs::path live = dir() / "growing.inprogress";
        test::writeFile(live, text.substr(0, at));

        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->liveFollow()->setPollInterval(50);
        auto* stages = w.findChild<QTableView*>(QStringLiteral("stageTable"));
        auto* tasks = w.findChild<QTableView*>(QStringLiteral("taskTable"));
        auto* histogram = w.findChild<TaskHistogramView*>(QStringLiteral("stageHistogram"));
        auto* evidence = w.findChild<EvidencePanel*>();
        QVERIFY(session && stages && tasks && histogram && evidence);
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.resize(1366, 768);
        w.show();
        w.openLog(QString::fromStdString(live.string()));
        QVERIFY(analysed.wait(30000));
        QVERIFY(session->isFollowing());
        const int row = rowOfStage(stages, stage);
        QVERIFY(row >= 0);
        stages->selectRow(row);
        const size_t before = tasksOf(*session->model(), stage);
        QCOMPARE(size_t(tasks->model()->rowCount()), before);
        const std::string finding = evidence->shownFindingId();
        QVERIFY(!finding.empty());

        QVERIFY(test::appendFile(live, std::string_view(text).substr(at)));
        QVERIFY(analysed.wait(30000));
        const size_t after = tasksOf(*session->model(), stage);
        QVERIFY(after > before);
        // The stage stays chosen, and every view of it shows the newer model's tasks.
        QCOMPARE(stages->currentIndex().siblingAtColumn(0).data().toString(),
                 stageIdText(stage, 0));
        QCOMPARE(size_t(tasks->model()->rowCount()), after);
        QCOMPARE(histogram->histogram().tasks, size_t(after));
        // The finding chosen is still shown with its evidence (if it is still a finding).
        bool stillFound = false;
        for (const Finding& f : session->analysis()->findings) stillFound |= f.id == finding;
        QCOMPARE(evidence->shownFindingId(), stillFound ? finding : std::string());
    }

    void aRewrittenLogIsShownAsTheNewApplication() {
        const std::string first = gen::generateLogText(gen::makeScenario("demo"));
        const std::string other = gen::generateLogText(gen::makeScenario("skew"));
        const fs::path live = dir() / "rewritten.inprogress";
        test::writeFile(live, first.substr(0, first.find('\n', first.size() / 2) + 1));
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->liveFollow()->setPollInterval(50);
        auto* histogram = w.findChild<TaskHistogramView*>(QStringLiteral("stageHistogram"));
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        QSignalSpy rewritten(session, &LoadSession::followedLogRewritten);
        w.show();
        w.openLog(QString::fromStdString(live.string()));
        QVERIFY(analysed.wait(30000));

        const fs::path elsewhere = dir() / "other-app";
        test::writeFile(elsewhere, other);
        fs::rename(elsewhere, live);  // renamed over it, as a copy tool does
        QVERIFY(rewritten.wait(10000));
        QVERIFY(analysed.wait(30000));
        LoadResult fresh = loadEventLog(live);
        QVERIFY(fresh.model);
        QCOMPARE(session->model()->application.id, fresh.model->application.id);
        QCOMPARE(session->model()->tasks.size(), fresh.model->tasks.size());
        // The stage shown is the new log's, with its tasks, not the old one's of the same id.
        const StageKey shown = [&] {
            for (const StageAttempt& s : session->model()->stages)
                if (histogram->histogram().tasks == tasksOf(*session->model(), s.stageId))
                    return StageKey{s.stageId, s.attemptId};
            return StageKey{};
        }();
        QVERIFY(shown.valid());
        QVERIFY2(statusOf(w).contains(QStringLiteral("rewritten")), qPrintable(statusOf(w)));
    }

    void aFollowedLogDeletedIsSaidAndWaitedFor() {
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        const size_t cut = text.find('\n', text.size() / 2) + 1;
        const fs::path live = dir() / "deleted.inprogress";
        test::writeFile(live, text.substr(0, cut));
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->liveFollow()->setPollInterval(50);
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        QSignalSpy unreadable(session, &LoadSession::followedLogUnreadable);
        w.show();
        w.openLog(QString::fromStdString(live.string()));
        QVERIFY(analysed.wait(30000));
        const size_t tasksBefore = session->model()->tasks.size();
        fs::remove(live);
        QVERIFY(unreadable.wait(10000));
        QVERIFY2(statusOf(w).contains(QStringLiteral("cannot be read now")), qPrintable(statusOf(w)));
        QCOMPARE(session->model()->tasks.size(), tasksBefore);  // what was read stays
        QVERIFY(session->isFollowing());
        test::writeFile(live, text);  // back, and grown
        QTRY_VERIFY_WITH_TIMEOUT(session->model()->tasks.size() > tasksBefore, 10000);
    }

    void anEmptyLiveLogIsFollowedUntilItsEventsCome() {
        const fs::path live = dir() / "starting.inprogress";
        test::writeFile(live, "");
        MainWindow w;
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        session->liveFollow()->setPollInterval(50);
        QSignalSpy failed(session, &LoadSession::loadFailed);
        QSignalSpy models(session, &LoadSession::modelAvailable);
        w.show();
        w.openLog(QString::fromStdString(live.string()));
        QVERIFY(models.wait(10000));
        QCOMPARE(failed.count(), 0);
        QVERIFY(session->isFollowing());
        QVERIFY(test::appendFile(live, gen::generateLogText(gen::makeScenario("healthy"))));
        QTRY_VERIFY_WITH_TIMEOUT(session->model()->report.events > 0, 10000);
        QCOMPARE(failed.count(), 0);
    }
};

QTEST_MAIN(LiveWindow)
#include "tst_live_window.moc"
