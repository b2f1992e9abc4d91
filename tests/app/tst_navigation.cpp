// Choosing an alert moves every view to its evidence, and choosing another replaces what the
// first one marked; rules edited in the GUI re-run the diagnosis, the later of two quick changes
// winning; an exception in a worker reaches the user as an error, not an abort; the findings
// export as the report. One feature per test; widgets are found by object name.
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <thread>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "charts/TaskHistogramView.h"
#include "dag/PlanGraphView.h"
#include "dag/StageDagView.h"
#include "diagnosis/RelatedStage.h"
#include "gui/DetailPanels.h"
#include "gui/EvidencePanel.h"
#include "gui/MainWindow.h"
#include "gui/Navigator.h"
#include "gui/RulesDialog.h"
#include "gui/StageDocks.h"
#include "qt/FindingsModel.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;

namespace {

// A window with `log` and its findings on screen.
bool openAnalysed(MainWindow& w, const QString& log) {
    QSignalSpy analysed(&w, &MainWindow::analysisShown);
    w.resize(1400, 900);
    w.show();
    w.openLog(log);
    return analysed.wait(30000);
}

template <typename T>
T* child(const MainWindow& w, const char* objectName) {
    return w.findChild<T*>(QString::fromLatin1(objectName));
}

// The finding on a row of the alerts table (the table shows them sorted).
const Finding* findingOnRow(const MainWindow& w, int row) {
    auto* alerts = child<QTableView>(w, "alertTable");
    const QVariant index = alerts->model()->index(row, 0).data(FindingsModel::FindingRole);
    const AnalysisPtr& a = w.currentAnalysis();
    return a && index.isValid() ? &a->findings[size_t(index.toInt())] : nullptr;
}

// The first row whose finding matches, or -1.
int alertRow(const MainWindow& w, const std::function<bool(const Finding&)>& match) {
    auto* alerts = child<QTableView>(w, "alertTable");
    for (int row = 0; row < alerts->model()->rowCount(); ++row)
        if (const Finding* f = findingOnRow(w, row); f && match(*f)) return row;
    return -1;
}

bool hasEvidence(const Finding& f, Evidence::Kind kind) {
    for (const Evidence& e : f.evidence)
        if (e.kind == kind) return true;
    return false;
}

void choose(const MainWindow& w, int row) {
    auto* alerts = child<QTableView>(w, "alertTable");
    Q_EMIT alerts->activated(alerts->model()->index(row, FindingsModel::Title));
}

QStringList rulesShown(const MainWindow& w) {
    auto* alerts = child<QTableView>(w, "alertTable");
    QStringList rules;
    for (int row = 0; row < alerts->model()->rowCount(); ++row)
        rules << alerts->model()->index(row, FindingsModel::Rule).data().toString();
    return rules;
}

}  // namespace

class NavigationTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString skew_, demo_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);  // settings go to a throw-away location
        QSettings().clear();
        skew_ = tmp_.filePath(QStringLiteral("skew.json"));
        demo_ = tmp_.filePath(QStringLiteral("demo.json"));
        test::writeFile(skew_.toStdString(), gen::generateLogText(gen::makeScenario("skew")));
        test::writeFile(demo_.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
    }

    void cleanup() {
        QSettings().clear();  // rules chosen in one test are not the next one's
    }

    void alertsAreRankedByCost() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        auto* alerts = child<QTableView>(w, "alertTable");
        QVERIFY(alerts);
        QVERIFY(alerts->model()->rowCount() > 0);
        // The most expensive finding is the skew of stage 1.
        QVERIFY(alerts->model()
                    ->index(0, FindingsModel::Title)
                    .data()
                    .toString()
                    .contains(QStringLiteral("stage 1.0")));
        for (int row = 1; row < alerts->model()->rowCount(); ++row)
            QVERIFY(findingOnRow(w, row - 1)->estimatedCostMs >=
                    findingOnRow(w, row)->estimatedCostMs);
    }

    void aSkewAlertSelectsItsStagesOutliers() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        choose(w, 0);
        auto* tasks = child<QTableView>(w, "taskTable");
        QVERIFY(tasks);
        QCOMPARE(tasks->model()->rowCount(), 32);
        QVERIFY(!tasks->selectionModel()->selectedRows().isEmpty());
        // The docks name the stage they show.
        QCOMPARE(child<QDockWidget>(w, "tasksDock")->windowTitle(),
                 QStringLiteral("Tasks of stage 1.0 (32 attempts)"));
        QCOMPARE(child<QDockWidget>(w, "histogramDock")->windowTitle(),
                 QStringLiteral("Task histogram of stage 1.0"));
        // The stage table follows.
        auto* stages = child<QTableView>(w, "stageTable");
        QCOMPARE(stages->currentIndex().siblingAtColumn(0).data().toString(),
                 QStringLiteral("1.0"));
    }

    void aFindingsStageIsShownThoughTheFilterHidIt() {
        // A free-text stage filter the user typed earlier hides the finding's stage: choosing
        // the finding clears the filter and selects the stage rather than leaving nothing
        // selected.
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        auto* filter = child<QLineEdit>(w, "stageFilter");
        auto* stages = child<QTableView>(w, "stageTable");
        filter->setText(QStringLiteral("no stage is called this"));
        QCOMPARE(stages->model()->rowCount(), 0);
        choose(w, 0);
        QVERIFY(filter->text().isEmpty());
        QVERIFY(stages->model()->rowCount() > 1);
        QCOMPARE(stages->currentIndex().siblingAtColumn(0).data().toString(),
                 QStringLiteral("1.0"));
        // A filter that lists the stage stays.
        filter->setText(QStringLiteral("stage:1"));
        choose(w, 0);
        QCOMPARE(filter->text(), QStringLiteral("stage:1"));
    }

    void outliersAreShownInTheFindingsMetric() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        const Finding* skew = findingOnRow(w, 0);
        QCOMPARE(skew->rule, std::string("task-skew"));
        QCOMPARE(skew->focusMetric, HistogramMetric::ShuffleRead);  // the skew is in the shuffle
        choose(w, 0);
        auto* histogram = child<TaskHistogramView>(w, "stageHistogram");
        QVERIFY(histogram);
        QCOMPARE(histogram->histogram().metric, HistogramMetric::ShuffleRead);
        QCOMPARE(histogram->histogram().tasks, size_t(32));
        QVERIFY(histogram->highlightedTasks() > 0);
        QVERIFY(histogram->histogram().max > 3 * histogram->histogram().median);
    }

    void eachFindingSetsItsOwnMetric() {
        // The histogram's metric is the finding's (Duration unless it is about another), never
        // the one the previous finding left: the demo's skew (shuffle read) then a scan stage.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* histogram = child<TaskHistogramView>(w, "stageHistogram");
        auto* alerts = child<QTableView>(w, "alertTable");
        int changes = 0;
        HistogramMetric last = histogram->metric();
        for (int pass = 0; pass < 2; ++pass)
            for (int row = 0; row < alerts->model()->rowCount(); ++row) {
                const Finding* f = findingOnRow(w, row);
                choose(w, row);
                QCOMPARE(histogram->metric(), f->focusMetric);
                changes += histogram->metric() != last;
                last = histogram->metric();
            }
        QVERIFY(changes >= 2);  // the findings are about more than one metric
        // A stage chosen by hand keeps the metric the user looks at.
        histogram->setMetric(HistogramMetric::Input);
        w.findChild<Navigator*>()->showStage(w.findChild<Navigator*>()->shownStage());
        QCOMPARE(histogram->metric(), HistogramMetric::Input);
    }

    void theEvidencePanelAndShortcutsSayFindings() {
        MainWindow w;
        auto* evidence = w.findChild<EvidencePanel*>();
        QVERIFY(evidence);
        QStringList texts;
        for (const QLabel* l : evidence->findChildren<QLabel*>()) texts << l->text();
        QVERIFY2(texts.join(QLatin1Char('|')).contains(QStringLiteral("Select a finding")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(
            !texts.join(QLatin1Char('|')).contains(QStringLiteral("alert"), Qt::CaseInsensitive));
    }

    void theTimelineZoomsToTheFindingsWindow() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        choose(w, 0);
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        QVERIFY(timeline);
        QVERIFY(timeline->historyDepth() > 0);
        QVERIFY(timeline->highlightedTasks() > 0);  // the same outliers as the histogram
        const auto [from, to] = timeline->visibleRange();
        QVERIFY(from >= timeline->lanes().start - (to - from) &&
                to <= timeline->lanes().end + (to - from));
    }

    void theEvidenceDockShowsTheRawEvents() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        auto* evidence = w.findChild<EvidencePanel*>();
        QVERIFY(evidence);
        QSignalSpy rawShown(evidence, &EvidencePanel::rawEventsShown);
        choose(w, 0);
        // The raw TaskEnd of the outlier and the StageCompleted, read back from the log.
        QVERIFY(rawShown.size() > 0 || rawShown.wait(10000));
        const QString raw = evidence->rawText();
        QVERIFY2(raw.contains(QStringLiteral("\"Event\": \"SparkListenerTaskEnd\"")),
                 qPrintable(raw.left(300)));
        QVERIFY(raw.contains(QStringLiteral("\"Event\": \"SparkListenerStageCompleted\"")));
    }

    void theAlertFilterNarrowsTheList() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        auto* alerts = child<QTableView>(w, "alertTable");
        auto* filter = child<QLineEdit>(w, "alertFilter");
        QVERIFY(filter);
        const int all = alerts->model()->rowCount();
        filter->setText(QStringLiteral("skew"));
        QVERIFY(alerts->model()->rowCount() >= 1 && alerts->model()->rowCount() < all);
        filter->clear();
        QCOMPARE(alerts->model()->rowCount(), all);
    }

    void aSqlFindingClearsTheSkewOutliers() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* histogram = child<TaskHistogramView>(w, "stageHistogram");
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        auto* tasks = child<QTableView>(w, "taskTable");
        const int skew = alertRow(w, [](const Finding& f) { return f.rule == "task-skew"; });
        QVERIFY(skew >= 0);
        choose(w, skew);
        QVERIFY(histogram->highlightedTasks() > 0);
        QVERIFY(timeline->highlightedTasks() > 0);
        QVERIFY(timeline->historyDepth() > 0);  // zoomed to the skewed stage's window
        // A finding about a plan node, with no tasks of its own: nothing of the skew remains.
        const int sql = alertRow(w, [](const Finding& f) {
            return hasEvidence(f, Evidence::Kind::SqlNode) && !hasEvidence(f, Evidence::Kind::Tasks);
        });
        QVERIFY(sql >= 0);
        choose(w, sql);
        QCOMPARE(histogram->highlightedTasks(), size_t(0));
        QCOMPARE(timeline->highlightedTasks(), size_t(0));
        QVERIFY(tasks->selectionModel()->selectedRows().isEmpty());
        const auto [from, to] = timeline->visibleRange();  // the zoom it set is undone
        QVERIFY(from <= timeline->lanes().start && to >= timeline->lanes().end);
        // The SQL dock shows the finding's query, its plan node outlined once laid out.
        auto* sqlPanel = w.findChild<SqlPanel*>();
        QVERIFY(sqlPanel && sqlPanel->planText().contains(QStringLiteral("Physical Plan")));
        QTRY_VERIFY_WITH_TIMEOUT(!sqlPanel->graph()->layoutPending(), 30000);
        QVERIFY(sqlPanel->graph()->nodeCount() > 0);
        // Its operator's metrics in the side panel, as a click on it would show them.
        QVERIFY(!sqlPanel->selectedOperatorDetails().isEmpty());
    }

    void everyFindingShowsItsOwnStageOrNone() {
        // Finding after finding, the stage views show the stage the finding concerns, or none:
        // never the stage the previous finding left.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* timelineDock = w.findChild<TimelineDock*>();
        auto* tasks = child<QTableView>(w, "taskTable");
        auto* dagDock = w.findChild<JobDagDock*>();
        QVERIFY(timelineDock && tasks && dagDock);
        const ModelPtr model = w.currentModel();
        int withoutStage = 0, withStage = 0;
        for (int row = 0; row < child<QTableView>(w, "alertTable")->model()->rowCount(); ++row) {
            const Finding* f = findingOnRow(w, row);
            QVERIFY(f);
            choose(w, row);
            const StageKey stage = relatedStage(*model, *f);
            const QString title = timelineDock->windowTitle();
            const QString dag = dagDock->windowTitle();
            if (stage.valid()) {
                ++withStage;
                QVERIFY2(title.endsWith(QString::fromStdString(" " + stage.str())),
                         qPrintable(title));
                QVERIFY(tasks->model()->rowCount() > 0);
                // The DAG is that stage's job's.
                const StageAttempt* s = model->stage(stage.stage, stage.attempt);
                QVERIFY(s);
                if (!s->jobIds.empty()) {
                    QVERIFY2(dag.endsWith(QStringLiteral(" %1").arg(s->jobIds.front())),
                             qPrintable(dag));
                    // Its box is the one outlined, once laid out.
                    auto* view = w.findChild<StageDagView*>();
                    QTRY_VERIFY_WITH_TIMEOUT(!view->layoutPending(), 20000);
                    int outlined = 0;
                    for (size_t c = 0; c < view->stages().size(); ++c)
                        if (view->stageOutlined(c)) {
                            ++outlined;
                            QCOMPARE(view->stages()[c].first, stage.stage);
                        }
                    QCOMPARE(outlined, 1);
                }
            } else {
                ++withoutStage;
                QVERIFY2(title.endsWith(QStringLiteral("no stage")), qPrintable(title));
                QCOMPARE(tasks->model()->rowCount(), 0);
                QVERIFY2(dag.endsWith(QStringLiteral("no stage")), qPrintable(dag));
            }
        }
        QVERIFY(withStage > 0);
        QVERIFY(withoutStage > 0);  // the demo has driver and setting findings
    }

    void aStagesWaitForItsFirstTaskIsHatched() {
        // Every stage that waited between submission and its first task shows that wait as a
        // gap on its timeline, as the time accounting counts it.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const ModelPtr model = w.currentModel();
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        int waited = 0;
        for (size_t i = 0; i < model->stages.size(); ++i) {
            const StageAttempt& s = model->stages[i];
            const int64_t first = model->derived.stageTotals[i].firstTaskLaunchTime;
            if (s.submissionTime <= 0 || first <= s.submissionTime) continue;
            w.findChild<Navigator*>()->showStage({s.stageId, s.attemptId});
            const auto& gaps = timeline->gaps();
            QVERIFY2(std::find(gaps.begin(), gaps.end(), std::pair{s.submissionTime, first}) !=
                         gaps.end(),
                     (StageKey{s.stageId, s.attemptId}.label().c_str()));
            ++waited;
        }
        QVERIFY(waited > 0);
    }

    void anApplicationGapZoomsTheApplicationTimeline() {
        // A gap with no stage (the driver alone): where it falls in the run.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* gaps = child<QTableView>(w, "gapTable");
        QVERIFY(gaps);
        const AnalysisPtr a = w.currentAnalysis();
        int row = -1;
        for (int r = 0; r < gaps->model()->rowCount() && row < 0; ++r)
            if (gaps->model()->index(r, 0).data().toString().contains(QStringLiteral("driver")))
                row = r;
        QVERIFY(row >= 0);
        Q_EMIT gaps->activated(gaps->model()->index(row, 0));
        QCoreApplication::processEvents();
        auto* app = child<AppTimelineView>(w, "appTimeline");
        QVERIFY(app->isVisible());
        const auto [from, to] = app->visibleRange();
        QVERIFY(to - from < double(a->time.wallClockMs));
    }

    void rulesEditedInTheGuiRerunTheDiagnosis() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        QVERIFY(rulesShown(w).contains(QStringLiteral("task-skew")));
        // With task-skew off its alert goes away, and the choice is kept for the next window.
        RuleConfig noSkew;
        noSkew.disabled.insert("task-skew");
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.applyRules(noSkew);
        QVERIFY(analysed.wait(30000));
        QVERIFY(!rulesShown(w).contains(QStringLiteral("task-skew")));
        QVERIFY(QSettings()
                    .value(QStringLiteral("rules/json"))
                    .toString()
                    .contains(QStringLiteral("task-skew")));
        RulesDialog dialog(noSkew);
        QVERIFY(dialog.config().disabled.count("task-skew"));
        QCOMPARE(dialog.config().toJson(), noSkew.toJson());
        QVERIFY(dialog.grab().save(
            QString::fromStdString((test::binaryDir() / "rules-dialog.png").string())));
    }

    void twoQuickRuleChangesLeaveTheLaterOnScreen() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        // The first of the two analyses is slow, so it would finish last.
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        QVERIFY(session);
        std::atomic<int> calls{0};
        session->setAnalyzer([&calls](const EventLogModel& m, const RuleConfig& r) {
            if (calls++ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(400));
            return analyze(m, r);
        });
        RuleConfig noSkew;
        noSkew.disabled.insert("task-skew");
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.applyRules(RuleConfig{});
        QTRY_COMPARE(calls.load(), 1);  // running (a job superseded before it starts never runs)
        w.applyRules(noSkew);
        QVERIFY(analysed.wait(30000));
        QTest::qWait(800);  // the slow, older analysis has finished by now
        QCOMPARE(calls.load(), 2);
        QCOMPARE(analysed.size(), 1);  // the older result was dropped
        QVERIFY(!rulesShown(w).contains(QStringLiteral("task-skew")));
    }

    void aWorkerExceptionReachesTheUser() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        const ModelPtr shown = w.currentModel();
        auto* session = w.findChild<LoadSession*>(QStringLiteral("session"));
        QVERIFY(session);
        // What a mistyped threshold does in a rule: before, std::terminate took the window.
        session->setAnalyzer([](const EventLogModel&, const RuleConfig&) -> Analysis {
            throw std::logic_error("rule threshold not declared: minRatoi");
        });
        QSignalSpy failed(&w, &MainWindow::analysisFailed);
        w.applyRules(RuleConfig{});
        QVERIFY(failed.wait(30000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("minRatoi")));
        // A message box says so; the log stays on screen.
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox*>()) && box->isVisible());
        QVERIFY(box->text().contains(QStringLiteral("minRatoi")));
        QCOMPARE(w.currentModel(), shown);
        QVERIFY(child<QTableView>(w, "stageTable")->model()->rowCount() > 0);
        box->accept();
    }

    void findingsExportAsTheReport() {
        MainWindow w;
        QVERIFY(openAnalysed(w, skew_));
        // File > Export findings writes the same report as `stagelight report`.
        const QString pdf = tmp_.filePath(QStringLiteral("findings.pdf"));
        QString error;
        QVERIFY2(w.exportFindings(pdf, &error), qPrintable(error));
        QFile exported(pdf);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        QVERIFY(exported.read(5) == "%PDF-");
        QVERIFY(w.exportFindings(tmp_.filePath(QStringLiteral("findings.json")), &error));
        choose(w, 0);
        const QString shot = QString::fromStdString((test::binaryDir() / "alerts.png").string());
        QVERIFY(w.grab().save(shot));
    }
};

QTEST_MAIN(NavigationTest)
#include "tst_navigation.moc"
