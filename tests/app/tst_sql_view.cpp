// The SQL view and the stage timeline on real logs (issue 17 §5, §6): find in the plan (count,
// next/previous, Ctrl+F), the adaptive plan's versions with what each changed, scan details in
// the operator panel, and every lane of a wide stage reachable. Saves screenshots of both at
// 1366×768 and 1920×1080 into the build directory.
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QtTest>

#include <set>

#include "TestSupport.h"
#include "dag/PlanGraphView.h"
#include "gui/DetailPanels.h"
#include "gui/MainWindow.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;

namespace {

QString sharedLog(const char* relative) {
    return QString::fromStdString((test::sharedDir() / "eventlogs" / relative).string());
}

void raise(MainWindow& w, const char* dock) {
    auto* d = w.findChild<QDockWidget*>(QString::fromLatin1(dock));
    QVERIFY(d);
    d->show();
    d->raise();
}

// The execution with the most plan operators.
int64_t largestPlan(const EventLogModel& m) {
    int64_t best = -1;
    size_t most = 0;
    for (const SqlExecution& q : m.sqlExecutions)
        if (q.plan.nodes.size() > most) {
            most = q.plan.nodes.size();
            best = q.id;
        }
    return best;
}

}  // namespace

class SqlViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stepsThroughEveryAdaptivePlan() {
        STAGELIGHT_REQUIRE_SHARED();
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::analysisShown);
        w.resize(1366, 768);
        w.show();
        w.openLog(sharedLog("NVIDIA__spark-rapids-tools/spark-events-qualification/aqeshuffle_eventlog.zstd"));
        QVERIFY(shown.wait(60000));
        auto* sql = w.findChild<SqlPanel*>();
        QVERIFY(sql);
        const SqlExecution* adaptive = nullptr;
        for (const SqlExecution& q : w.currentModel()->sqlExecutions)
            if (!q.adaptiveUpdates.empty() && (!adaptive || q.planUpdates > adaptive->planUpdates))
                adaptive = &q;
        QVERIFY(adaptive);
        QCOMPARE(int(adaptive->adaptiveUpdates.size()), adaptive->planUpdates);
        sql->showExecution(adaptive->id);
        // The initial plan and one version per update; it opens on the final one.
        QCOMPARE(sql->planVersionCount(), adaptive->planUpdates + 1);
        const QStringList titles = sql->planVersionTitles();
        QCOMPARE(titles.front(), QStringLiteral("Initial plan"));
        QVERIFY(titles.back().contains(QStringLiteral("final plan")));
        // Each update names the stage whose completion triggered it (the first may come before
        // any stage completed: AQE plans its first query stages as the query starts).
        int afterStage = 0;
        for (int v = 1; v < titles.size(); ++v) {
            afterStage += titles[v].contains(QStringLiteral("after stage"));
            QVERIFY2(titles[v].contains(QStringLiteral("after stage")) ||
                         titles[v].contains(QStringLiteral("no stage of this query had completed")),
                     qPrintable(titles[v]));
        }
        QVERIFY(afterStage >= 1);
        QVERIFY(sql->planText().contains(QStringLiteral("isFinalPlan=true")));
        sql->showPlanVersion(0);
        QVERIFY(sql->planText().contains(QStringLiteral("isFinalPlan=false")));
        // Some update of this shuffle-heavy query introduced query stages or coalesced reads.
        bool described = false;
        for (int v = 1; v < sql->planVersionCount(); ++v) {
            sql->showPlanVersion(v);
            const QString changes = sql->planChangesText();
            QVERIFY(changes.startsWith(titles[v]));
            // The same change on two reads is said once, counted.
            const QStringList parts = changes.mid(changes.indexOf(QLatin1Char(':')) + 1)
                                          .split(QStringLiteral("; "), Qt::SkipEmptyParts);
            QCOMPARE(QSet<QString>(parts.begin(), parts.end()).size(), parts.size());
            described |= changes.contains(QStringLiteral("query stage")) ||
                         changes.contains(QStringLiteral("coalesced")) ||
                         changes.contains(QStringLiteral("join strategy"));
        }
        QVERIFY(described);
        QTRY_VERIFY_WITH_TIMEOUT(!sql->graph()->layoutPending(), 30000);
        raise(w, "sqlDock");
        QVERIFY(w.grab().save(QString::fromStdString((test::binaryDir() / "sql-aqe-1366.png").string())));
    }

    void anUpdateNamesOnlyAStageOfItsOwnQuery() {
        // q88: the stage that completed last before an update may be another query's (or a job
        // without SQL): the update then says no stage of this query had completed, and every
        // stage named is one of the query's jobs'. At 1366 × 768 the stepper shows its version
        // whole and the update's trigger and changes wrap below it.
        STAGELIGHT_REQUIRE_SHARED();
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::analysisShown);
        w.resize(1366, 768);
        w.show();
        w.openLog(sharedLog(
            "NVIDIA__spark-rapids-tools/spark-events-qualification/nds_q88_photon_db_13_3.zstd"));
        QVERIFY(shown.wait(60000));
        raise(w, "sqlDock");
        const ModelPtr m = w.currentModel();
        auto* sql = w.findChild<SqlPanel*>();
        const SqlExecution* q26 = m->sqlExecution(26);
        QVERIFY(q26 && !q26->adaptiveUpdates.empty());
        // The log's last completed stage before its first update belongs to no job of SQL 26.
        QVERIFY(q26->adaptiveUpdates.front().afterStageId >= 0);
        sql->showExecution(26);
        QVERIFY2(sql->planVersionTitles().value(1).contains(
                     QStringLiteral("as first submitted (no stage of this query had completed)")),
                 qPrintable(sql->planVersionTitles().value(1)));
        int named = 0;
        for (const SqlExecution& q : m->sqlExecutions) {
            if (q.adaptiveUpdates.empty()) continue;
            std::set<int32_t> ours;
            for (int32_t id : q.jobIds)
                if (const Job* j = m->job(id)) ours.insert(j->stageIds.begin(), j->stageIds.end());
            sql->showExecution(q.id);
            for (const QString& title : sql->planVersionTitles()) {
                const qsizetype at = title.indexOf(QStringLiteral("after stage "));
                if (at < 0) continue;
                const int32_t stage = title.mid(at + 12).section(QLatin1Char('.'), 0, 0).toInt();
                QVERIFY2(ours.count(stage), qPrintable(title));
                ++named;
            }
        }
        QVERIFY(named > 0);
        sql->showExecution(26);
        QCoreApplication::processEvents();
        auto* box = sql->planVersionBox();
        auto* changes = w.findChild<QLabel*>(QStringLiteral("planChanges"));
        QVERIFY(changes);
        for (int v = 1; v < sql->planVersionCount(); ++v) {
            sql->showPlanVersion(v);
            QCoreApplication::processEvents();
            // The box's text is never cut; the whole title and changes wrap in the line below.
            QVERIFY2(box->width() >= box->fontMetrics().horizontalAdvance(box->currentText()) + 20,
                     qPrintable(box->currentText()));
            QVERIFY(changes->text().startsWith(sql->planVersionTitles()[v]));
            QVERIFY(changes->wordWrap());
            QVERIFY(changes->height() >= changes->heightForWidth(changes->width()));
        }
        sql->showPlanVersion(1);
        QCoreApplication::processEvents();
        QVERIFY(w.grab().save(
            QString::fromStdString((test::binaryDir() / "sql-q88-1366.png").string())));
    }

    void findsOperatorsInALargePlan_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void findsOperatorsInALargePlan() {
        STAGELIGHT_REQUIRE_SHARED();
        QFETCH(QSize, size);
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::analysisShown);
        w.resize(size);
        w.show();
        w.openLog(sharedLog("NVIDIA__spark-rapids-tools/spark-events-profiling/nds_q66_gpu.zstd"));
        QVERIFY(shown.wait(60000));
        raise(w, "sqlDock");
        auto* sql = w.findChild<SqlPanel*>();
        const int64_t q = largestPlan(*w.currentModel());
        QVERIFY(q >= 0);
        sql->showExecution(q);
        QTRY_VERIFY_WITH_TIMEOUT(!sql->graph()->layoutPending(), 30000);
        PlanGraphView* graph = sql->graph();
        QVERIFY(graph->nodeCount() > 50);
        // Opened fitted to the width: the plan's width fills the view (or it is at 100 %).
        const double scale = graph->transform().m11();
        QVERIFY(scale <= 1.0);
        QVERIFY(scale == 1.0 || graph->sceneRect().width() * scale > graph->viewport()->width() * 0.9);
        // q66 joins its sales with broadcast hash joins: every one is found and stepped through.
        int joins = 0;
        for (const PlanGraphNode& n : graph->graph().nodes)
            joins += n.title.find("BroadcastHashJoin") != std::string::npos;
        QVERIFY(joins >= 2);
        QCOMPARE(sql->findInPlan(QStringLiteral("broadcasthashjoin")), joins);
        QCOMPARE(graph->currentMatch(), 0);
        // Non-matches are dimmed; the plan text marks every occurrence (each join is named in
        // the text's tree and again in its numbered details).
        int drawnOperators = 0;
        for (int i = 0; i < int(graph->graph().nodes.size()); ++i)
            drawnOperators += graph->layoutIndex(i) >= 0 && !graph->graph().nodes[size_t(i)].cluster;
        QVERIFY(graph->dimmedNodeCount() >= drawnOperators - joins);
        QVERIFY(graph->dimmedNodeCount() < graph->nodeCount());
        QVERIFY(sql->textMatchCount() >= joins);
        QCOMPARE(sql->textMatchCount(), int(sql->planText().count(QStringLiteral("BroadcastHashJoin"),
                                                                   Qt::CaseInsensitive)));
        QVERIFY(sql->findStatus().startsWith(QStringLiteral("1 of %1").arg(joins)));
        sql->findNext(1);
        QCOMPARE(graph->currentMatch(), 1);
        sql->findNext(-1);
        sql->findNext(-1);  // wraps to the last
        QCOMPARE(graph->currentMatch(), joins - 1);
        QVERIFY(sql->selectedOperatorDetails().contains(QStringLiteral("Build side")));
        // Scans: the table and pushed filters are on the node's details, not only in the text.
        QVERIFY(sql->findInPlan(QStringLiteral("web_sales")) > 0);
        QVERIFY(sql->selectedOperatorDetails().contains(QStringLiteral("Table: web_sales")));
        QVERIFY(sql->selectedOperatorDetails().contains(QStringLiteral("ReadSchema: ")));
        QCOMPARE(sql->findInPlan(QStringLiteral("no operator is called this")), 0);
        // Ctrl+F inside the SQL view goes to the plan's find field.
        graph->setFocus();
        QTest::keyClick(graph, Qt::Key_F, Qt::ControlModifier);
        auto* find = w.findChild<QLineEdit*>(QStringLiteral("planFind"));
        QVERIFY(find->hasFocus());
        sql->findInPlan(QStringLiteral("GpuBroadcastHashJoin"));
        QTest::qWait(100);  // the find bar's layout settles
        QVERIFY(w.grab().save(QString::fromStdString(
            (test::binaryDir() / QStringLiteral("sql-q66-%1.png").arg(size.width()).toStdString()).string())));
    }

    void reachesTheLastLaneOfAWideStage_data() { findsOperatorsInALargePlan_data(); }
    void reachesTheLastLaneOfAWideStage() {
        STAGELIGHT_REQUIRE_SHARED();
        QFETCH(QSize, size);
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::analysisShown);
        w.resize(size);
        w.show();
        w.openLog(sharedLog("NVIDIA__spark-rapids-tools/spark-events-profiling/tasks_executors_fail_compressed_eventlog.zstd"));
        QVERIFY(shown.wait(60000));
        raise(w, "timelineDock");
        auto* timeline = w.findChild<StageTimelineView*>(QStringLiteral("stageTimeline"));
        QVERIFY(timeline);
        // The stage with the most lanes.
        size_t best = 0, lanes = 0;
        for (size_t s = 0; s < w.currentModel()->stages.size(); ++s) {
            StageTimelinePainter p;
            p.setStage(w.currentModel(), s);
            if (p.lanes().laneLabels.size() > lanes) {
                lanes = p.lanes().laneLabels.size();
                best = s;
            }
        }
        QVERIFY(lanes > 8);
        timeline->setStage(w.currentModel(), best);
        timeline->foldExecutors(false);
        timeline->setLaneMode(StageTimelinePainter::LaneMode::Scroll);
        QTest::keyClick(timeline, Qt::Key_End);
        timeline->grab();
        const QRectF area = timeline->plotRect();
        const auto& p = timeline->painter();
        QVERIFY(p.rowTop(p.rowCount() - 1, area) < area.bottom());
        QVERIFY(p.rowTop(p.rowCount() - 1, area) >= area.top());
        QTest::keyClick(timeline, Qt::Key_Home);
        QVERIFY(w.grab().save(QString::fromStdString(
            (test::binaryDir() / QStringLiteral("timeline-%1.png").arg(size.width()).toStdString()).string())));
    }
};

QTEST_MAIN(SqlViewTest)
#include "tst_sql_view.moc"
