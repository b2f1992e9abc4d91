// Every choice resets what no longer applies (the window review): a job shows one of its own
// stages, the SQL view follows the stage on screen with no operator left selected, a histogram
// bar's tasks are marked apart from the finding's until a task, a metric or a finding replaces
// them, the views say when no stage is selected, and a skew of one task reads in the singular.
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <set>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "HistogramTestSupport.h"
#include "WindowTestSupport.h"
#include "charts/QCustomPlotInclude.h"
#include "charts/TaskHistogramView.h"
#include "dag/PlanGraphView.h"
#include "diagnosis/RelatedStage.h"
#include "gui/DetailPanels.h"
#include "gui/MainWindow.h"
#include "gui/Navigator.h"
#include "qt/FindingsModel.h"
#include "qt/JobTableModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskTableModel.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;

using namespace stagelight::test;

class ChoicesTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString demo_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        demo_ = tmp_.filePath(QStringLiteral("demo.json"));
        test::writeFile(demo_.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
    }

    void cleanup() { QSettings().clear(); }

    void choosingAJobShowsItsLongestStage() {
        // The stage views never stay on a stage outside the job chosen: they show its longest
        // stage, unless the stage on screen is one of the job's own.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const ModelPtr m = w.currentModel();
        auto* jobs = child<QTableView>(w, "jobTable");
        auto* navigator = w.findChild<Navigator*>();
        const auto listed = [&](const StageTotals& st) {
            const StageAttempt& s = m->stages[st.stage];
            return s.submitted || s.completed || st.attempts > 0;
        };
        int tested = 0;
        for (int row = 0; row < jobs->model()->rowCount(); ++row) {
            const QModelIndex index = jobs->model()->index(row, JobTableModel::Job);
            const Job* job = m->job(int32_t(index.data(Qt::UserRole).toInt()));
            QVERIFY(job);
            const auto lists = [&](int32_t stage) {
                return std::find(job->stageIds.begin(), job->stageIds.end(), stage) !=
                       job->stageIds.end();
            };
            StageKey longest, other, outside;
            int64_t most = -1;
            for (const StageTotals& st : m->derived.stageTotals) {
                if (!listed(st)) continue;
                const int32_t id = m->stages[st.stage].stageId;
                if (!lists(id)) {
                    outside = st.key;
                    continue;
                }
                if (job->counters.skippedStages.count(id)) continue;
                if (st.durationMs > most) {
                    if (longest.valid()) other = longest;
                    most = st.durationMs;
                    longest = st.key;
                } else {
                    other = st.key;
                }
            }
            if (!longest.valid() || !outside.valid()) continue;
            navigator->showStage(outside);
            Q_EMIT jobs->clicked(index);
            QCOMPARE(navigator->shownStage(), longest);
            QCOMPARE(currentStage(w), QString::fromStdString(longest.str()));
            const QString stage = QStringLiteral("stage ") + QString::fromStdString(longest.str());
            for (const char* dock : {"timelineDock", "tasksDock", "histogramDock", "summaryDock"}) {
                const QString title = child<QDockWidget>(w, dock)->windowTitle();
                QVERIFY2(title.endsWith(stage) || title.contains(stage + QStringLiteral(" (")),
                         qPrintable(title));
            }
            QCOMPARE(child<QDockWidget>(w, "dagDock")->windowTitle(),
                     QStringLiteral("DAG of job %1").arg(job->id));
            // A stage of the job on screen already stays.
            if (other.valid()) {
                navigator->showStage(other);
                Q_EMIT jobs->clicked(index);
                QCOMPARE(navigator->shownStage(), other);
                QCOMPARE(child<QDockWidget>(w, "dagDock")->windowTitle(),
                         QStringLiteral("DAG of job %1").arg(job->id));
            }
            ++tested;
        }
        QVERIFY(tested >= 2);
    }

    void everyChoiceResetsTheSqlView() {
        // A finding about a plan node shows its query with the node selected; the next finding
        // shows the query of its own stage with nothing selected, or no query at all.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const ModelPtr m = w.currentModel();
        auto* table = child<QTableView>(w, "alertTable");
        auto* sql = w.findChild<SqlPanel*>();
        const auto choose = [&](int row) {
            Q_EMIT table->activated(table->model()->index(row, FindingsModel::Title));
        };
        int nodeRow = -1, stageRow = -1, driverRow = -1;
        int64_t nodeQuery = -1;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const Finding* f = findingOnRow(w, row);
            for (const Evidence& e : f->evidence)
                if (e.kind == Evidence::Kind::SqlNode && nodeRow < 0) {
                    nodeRow = row;
                    nodeQuery = e.executionId;
                }
        }
        QVERIFY(nodeRow >= 0);
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const Finding* f = findingOnRow(w, row);
            const StageKey stage = relatedStage(*m, *f);
            if (hasEvidence(*f, Evidence::Kind::SqlNode)) continue;
            if (!stage.valid() && driverRow < 0) driverRow = row;
            const auto queries =
                stage.valid() ? stageExecutions(*m, stage) : std::vector<int64_t>{};
            if (stageRow < 0 && !queries.empty() &&
                std::find(queries.begin(), queries.end(), nodeQuery) == queries.end())
                stageRow = row;
        }
        QVERIFY(stageRow >= 0 && driverRow >= 0);
        choose(nodeRow);
        QCOMPARE(sql->shownExecution(), nodeQuery);
        QVERIFY(sql->graph()->selectedNode() >= 0);
        QVERIFY(sql->graph()->highlightedNode() >= 0);
        // A job in between (its stage's query), then a finding about another query's stage.
        auto* jobs = child<QTableView>(w, "jobTable");
        jobs->setCurrentIndex(jobs->model()->index(0, JobTableModel::Job));
        QCOMPARE(jobs->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(sql->graph()->selectedNode(), -1);
        choose(stageRow);
        QVERIFY(jobs->selectionModel()->selectedRows().isEmpty());  // no stale job either
        const StageKey stage = relatedStage(*m, *findingOnRow(w, stageRow));
        QCOMPARE(sql->shownExecution(), stageExecutions(*m, stage).front());
        QCOMPARE(sql->graph()->selectedNode(), -1);
        QCOMPARE(sql->graph()->highlightedNode(), int64_t(-1));
        QVERIFY(sql->selectedOperatorDetails().isEmpty());
        // A finding about no stage (the driver): no query stays selected.
        choose(driverRow);
        QCOMPARE(sql->shownExecution(), int64_t(-1));
        QVERIFY(sql->planText().isEmpty());
        QVERIFY(child<QTableView>(w, "sqlTable")->selectionModel()->selectedRows().isEmpty());
    }

    void aSkewOfOneTaskIsToldInTheSingular() {
        // The demo's skew of stage 3.0 is one task: "1 task ran 9.8 s … because it read".
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        int single = 0, checked = 0;
        for (const Finding& f : w.currentAnalysis()->findings) {
            if (f.rule != "task-skew") continue;
            ++checked;
            size_t tasks = 0;
            for (const Evidence& e : f.evidence)
                if (e.kind == Evidence::Kind::Tasks) tasks = e.taskIds.size();
            if (tasks != 1) continue;
            ++single;
            const QString detail = QString::fromStdString(f.detail);
            QVERIFY2(detail.startsWith(QStringLiteral("1 task ran ")) &&
                         detail.contains(QStringLiteral(" because it read ")) &&
                         !detail.contains(QStringLiteral("they")) &&
                         !detail.contains(QStringLiteral("up to")),
                     qPrintable(detail));
            QVERIFY2(
                QString::fromStdString(f.costMethod).contains(QStringLiteral("the skewed task at")),
                f.costMethod.c_str());
        }
        QVERIFY(checked > 0 && single > 0);
    }

    void aChosenBarIsMarkedApartFromTheFindingsTasks() {
        // A finding's outliers keep their outline when a bar is chosen; the bar's tasks are
        // marked on their own; a task picked in the table, another metric or another finding
        // ends the bar's choice.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, {1600, 1000}));
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* table = child<QTableView>(w, "taskTable");
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        auto* alerts = child<QTableView>(w, "alertTable");
        const auto chooseFinding = [&](const char* rule) {
            for (int row = 0; row < alerts->model()->rowCount(); ++row)
                if (alerts->model()->index(row, 0).data(FindingsModel::FindingRole).isValid() &&
                    w.currentAnalysis()
                            ->findings[size_t(alerts->model()
                                                  ->index(row, 0)
                                                  .data(FindingsModel::FindingRole)
                                                  .toInt())]
                            .rule == rule) {
                    Q_EMIT alerts->activated(alerts->model()->index(row, FindingsModel::Title));
                    return true;
                }
            return false;
        };
        QVERIFY(chooseFinding("task-skew"));
        const size_t outliers = timeline->highlightedTasks();
        QVERIFY(outliers > 0);
        QCOMPARE(timeline->chosenTasks(), size_t(0));
        const auto clickFullest = [&] {
            const FullestBin f = fullestBin(view);
            QTest::mouseClick(view->plot(), Qt::LeftButton, {}, f.centre);
            return f.bin.count;
        };
        const size_t chosen = clickFullest();
        QVERIFY(chosen >= 2);
        QCOMPARE(timeline->chosenTasks(), chosen);
        QCOMPARE(timeline->highlightedTasks(), outliers);  // the finding's outline stays
        QCOMPARE(selectedTaskIds(table).size(), chosen);
        const auto shots = test::binaryDir() / "screenshots-choices";
        std::filesystem::create_directories(shots);
        QVERIFY(timeline->grab().save(QString::fromStdString((shots / "chosen-bar.png").string())));
        // One task picked in the table: the bar's choice ends, the finding's outline stays.
        const QModelIndex last = table->model()->index(int(chosen) - 1, TaskTableModel::Duration);
        table->setCurrentIndex(last);
        Q_EMIT table->clicked(last);
        QCOMPARE(timeline->chosenTasks(), size_t(0));
        QVERIFY(!view->barChosen());
        QCOMPARE(timeline->highlightedTasks(), outliers);
        QCOMPARE(timeline->selectedTask(), last.data(TaskTableModel::TaskIdRole).toLongLong());
        // Another metric chosen by the user: no bar stays chosen or highlighted.
        clickFullest();
        QVERIFY(view->barChosen());
        auto* metric = view->findChild<QComboBox*>();
        const int other = metric->currentIndex() == 0 ? 1 : 0;
        metric->setCurrentIndex(other);
        Q_EMIT metric->activated(other);
        QVERIFY(!view->barChosen());
        QCOMPARE(timeline->chosenTasks(), size_t(0));
        // Another finding: nothing of the bar remains.
        clickFullest();
        QVERIFY(timeline->chosenTasks() > 0);
        QVERIFY(chooseFinding("task-skew"));
        QVERIFY(!view->barChosen());
        QCOMPARE(timeline->chosenTasks(), size_t(0));
        QCOMPARE(timeline->highlightedTasks(), outliers);
    }

    void withoutAStageTheViewsSaySo() {
        // No stage on screen: the histogram and the timeline say so instead of empty axes.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, {1600, 1000}));
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        w.findChild<Navigator*>()->showStage(stageWithTasks(w.currentModel(), 20));
        QVERIFY(view->placeholderText().isEmpty());
        QVERIFY(timeline->painter().emptyText().isEmpty());
        auto* alerts = child<QTableView>(w, "alertTable");
        int noStage = -1;
        for (int row = 0; row < alerts->model()->rowCount() && noStage < 0; ++row) {
            Q_EMIT alerts->activated(alerts->model()->index(row, FindingsModel::Title));
            if (!w.findChild<Navigator*>()->shownStage().valid()) noStage = row;
        }
        QVERIFY(noStage >= 0);
        QCOMPARE(view->placeholderText(), QStringLiteral("No stage selected"));
        QVERIFY(view->plot()->isHidden());
        QCOMPARE(timeline->painter().emptyText(), QStringLiteral("No stage selected"));
        const auto shots = test::binaryDir() / "screenshots-choices";
        std::filesystem::create_directories(shots);
        QVERIFY(w.grab().save(QString::fromStdString((shots / "no-stage.png").string())));
    }
};

QTEST_MAIN(ChoicesTest)
#include "tst_choices.moc"
