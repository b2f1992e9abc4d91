// The main window opens a log on a worker thread, fills its tables, shows log text as plain text,
// and reports an unreadable file; screenshots are saved for people to look at. Navigation from
// the alerts is tst_navigation.
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMouseEvent>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QWheelEvent>
#include <QTabBar>
#include <QtTest>

#include <map>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "charts/CacheUsageChart.h"
#include "charts/ExecutorChart.h"
#include "charts/TaskHistogramView.h"
#include "dag/PlanGraphView.h"
#include "gui/ComparisonPanel.h"
#include "gui/DetailPanels.h"
#include "gui/EvidencePanel.h"
#include "gui/MainWindow.h"
#include "load/Loader.h"
#include "qt/CacheTableModel.h"
#include "qt/ComparisonModel.h"
#include "qt/ExecutorTableModel.h"
#include "qt/JobTableModel.h"
#include "qt/StageTableModel.h"
#include "tables/CellDelegates.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;

class MainWindowTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void initTestCase() {
        // Settings (layout, recent files) go to a throw-away location.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void layoutResetsAndRecentFilesAreKept() {
        const QString log = tmp_.filePath(QStringLiteral("healthy.json"));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario("healthy")));
        {
            MainWindow w;
            QSignalSpy shown(&w, &MainWindow::modelShown);
            w.show();
            w.openLog(log);
            QVERIFY(shown.wait(30000));
            QCOMPARE(w.recentFiles().value(0), log);
            auto* alerts = w.findChild<QDockWidget*>(QStringLiteral("evidenceDock"));
            QVERIFY(alerts);
            alerts->hide();
            w.close();  // saves the layout with the alerts hidden
        }
        MainWindow again;
        again.show();
        auto* alerts = again.findChild<QDockWidget*>(QStringLiteral("evidenceDock"));
        QVERIFY(alerts->isHidden());  // restored
        again.resetLayout();
        QVERIFY(!alerts->isHidden());
        // Every dock can be found by its object name (saveState needs them).
        for (QDockWidget* d : again.findChildren<QDockWidget*>())
            QVERIFY(!d->objectName().isEmpty());
        QSettings().clear();  // the other tests start from the shipped layout
    }

    void opensTheDemoScenario() {
        auto config = gen::makeScenario("demo");
        config.appName = "<b>bold</b> & <i>app</i>";  // text from a log is never rich text
        const QString log = tmp_.filePath(QStringLiteral("demo.lz4"));
        test::writeFile(log.toStdString(), gen::frame(Codec::Lz4, gen::generateLogText(config)));
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::modelShown);
        w.show();
        w.openLog(log);
        QVERIFY(shown.wait(30000));
        QVERIFY(w.currentModel());
        bool sawName = false;
        for (QLabel* label : w.findChildren<QLabel*>()) {
            if (!label->text().contains(QStringLiteral("<b>bold</b>"))) continue;
            sawName = true;
            QCOMPARE(label->textFormat(), Qt::PlainText);
        }
        QVERIFY(sawName);
        int tablesWithRows = 0;
        for (QTableView* t : w.findChildren<QTableView*>())
            tablesWithRows += t->model()->rowCount() > 0;
        QVERIFY(tablesWithRows >= 2);
        const QString shot =
            QString::fromStdString((test::binaryDir() / "main-window.png").string());
        QVERIFY(w.grab().save(shot));
    }

    void timelineZoomsPansAndSelects() {
        const QString log = tmp_.filePath(QStringLiteral("skew-timeline.json"));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario("skew")));
        LoadResult r = loadEventLog(log.toStdString());
        QVERIFY(r.model);
        ModelPtr model(std::move(r.model));
        const StageAttempt* s = model->stage(1, 0);
        StageTimelineView view;
        view.resize(900, 300);
        view.show();
        view.setStage(model, size_t(s - model->stages.data()));
        QCOMPARE(view.lanes().tasks.size(), size_t(32));
        // Lanes never overlap: tasks in one lane follow each other.
        std::map<int, int64_t> laneEnd;
        for (const LaneTask& t : view.lanes().tasks) {
            QVERIFY(laneEnd[t.lane] <= t.start);
            laneEnd[t.lane] = t.end;
        }
        const auto [start, end] = view.visibleRange();
        QVERIFY(start <= view.lanes().start && end >= view.lanes().end);
        // Wheel up zooms in around the cursor; Backspace-like zoomBack restores.
        QWheelEvent wheel(QPointF(500, 100), view.mapToGlobal(QPointF(500, 100)), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
        QVERIFY(view.visibleRange().second - view.visibleRange().first < end - start);
        view.zoomTo(view.lanes().start, view.lanes().start + 100);
        QCOMPARE(view.visibleRange().first, view.lanes().start);
        view.zoomBack();
        QVERIFY(view.visibleRange().second - view.visibleRange().first <
                end - start);  // the wheel's
        view.resetZoom();
        // Dragging pans by the dragged time.
        const auto before = view.visibleRange();
        QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, QPoint(600, 100));
        QMouseEvent move(QEvent::MouseMove, QPointF(400, 100), view.mapToGlobal(QPointF(400, 100)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &move);
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, QPoint(400, 100));
        QVERIFY(view.visibleRange().first > before.first);
        view.resetZoom();
        // Clicking a bar reports its task.
        QSignalSpy clicked(&view, &StageTimelineView::taskClicked);
        const QRectF bar = view.barRect(0);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, bar.center().toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().first().toLongLong(),
                 model->tasks.get(view.lanes().tasks[0].row, TaskField::TaskId));
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "timeline.png").string())));
    }

    void applicationTimelineShowsEveryStage() {
        const QString log = tmp_.filePath(QStringLiteral("demo-app.json"));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
        LoadResult r = loadEventLog(log.toStdString());
        QVERIFY(r.model);
        ModelPtr model(std::move(r.model));
        AppTimelineView view;
        view.resize(1200, 220);
        view.show();
        view.setModel(model);
        view.setAnalysis(std::make_shared<const Analysis>(analyze(*model)));
        QCOMPARE(view.stageBars().size(), size_t(14));  // every stage attempt that ran
        // Stages sharing a row never overlap.
        std::map<int, int64_t> rowEnd;
        for (const auto& b : view.stageBars()) {
            QVERIFY(rowEnd[b.row] <= b.start);
            rowEnd[b.row] = b.end;
        }
        for (const auto& b : view.stageBars()) QVERIFY(b.submitted <= b.start);
        // A stage that waited 8 s for its first task shows the wait before its bar.
        const QString waitLog = tmp_.filePath(QStringLiteral("stage-wait.json"));
        test::writeFile(waitLog.toStdString(),
                        gen::generateLogText(gen::makeScenario("stage-wait")));
        LoadResult waited = loadEventLog(waitLog.toStdString());
        QVERIFY(waited.model);
        AppTimelineView waitView;
        waitView.setModel(ModelPtr(std::move(waited.model)));
        int64_t longestWait = 0;
        for (const auto& b : waitView.stageBars())
            longestWait = std::max(longestWait, b.start - b.submitted);
        QVERIFY2(longestWait >= 7900, qPrintable(QString::number(longestWait)));
        QSignalSpy clicked(&view, &AppTimelineView::stageClicked);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier,
                          view.barRect(0).center().toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().first().toInt(), view.stageBars()[0].stageId);
        // Zoom and pan like the stage timeline: a wheel notch over a bar narrows the range and
        // keeps that bar under the cursor, so clicking it again still selects it.
        const auto [from, to] = view.visibleRange();
        const QPointF at = view.barRect(3).center();
        QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, 360), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
        QVERIFY(view.visibleRange().second - view.visibleRange().first < (to - from) * 0.6);
        QVERIFY(view.barRect(3).contains(at));
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at.toPoint());
        QCOMPARE(clicked.last().first().toInt(), view.stageBars()[3].stageId);
        view.zoomTo(view.stageBars()[5].start, view.stageBars()[5].end);
        QCOMPARE(view.visibleRange().first, view.stageBars()[5].start);
        view.zoomBack();
        QVERIFY(view.visibleRange().second - view.visibleRange().first < (to - from) * 0.6);
        QTest::keyClick(&view, Qt::Key_Home);
        QCOMPARE(view.visibleRange(), std::make_pair(from, to));
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "application-timeline.png").string())));
    }

    void detailDocksShowTheLog() {
        const QString log = tmp_.filePath(QStringLiteral("details.json"));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
        MainWindow w;
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.resize(1400, 900);
        w.show();
        w.openLog(log);
        QVERIFY(analysed.wait(30000));
        auto save = [](QWidget* widget, const char* name) {
            QVERIFY(
                widget->grab().save(QString::fromStdString((test::binaryDir() / name).string())));
        };
        auto raise = [&](const char* dock) {
            auto* d = w.findChild<QDockWidget*>(QString::fromLatin1(dock));
            QVERIFY(d);
            d->show();
            d->raise();
        };
        auto* executors = w.findChild<ExecutorsPanel*>();
        QVERIFY(executors);
        QCOMPARE(executors->model()->rowCount(), int(w.currentModel()->status.executors.size()));
        // Its chart plots the time accounting's core series and the executors alive.
        const auto busy = executors->chart()->points(2);
        const auto& series = w.currentAnalysis()->time.coreSeries;
        QCOMPARE(busy.size(), series.size());
        for (size_t i = 0; i < series.size(); ++i) QCOMPARE(busy[i].second, series[i].busyCores);
        const auto alive = executors->chart()->points(0);
        QVERIFY(!alive.empty());
        double most = 0;
        for (const auto& [t, n] : alive) most = std::max(most, n);
        QCOMPARE(int(most), 6);  // the demo's six executors
        raise("executorsDock");
        executors->resize(900, 520);  // the dock's size depends on the window; look at it whole
        save(executors, "executors.png");
        auto* sql = w.findChild<SqlPanel*>();
        QVERIFY(sql);
        sql->showExecution(2);
        QVERIFY(sql->planText().contains(QStringLiteral("Physical Plan")));
        QTRY_VERIFY_WITH_TIMEOUT(!sql->graph()->layoutPending(), 30000);  // laid out on a worker
        raise("sqlDock");
        save(sql, "sql.png");
        // The adaptive query (the demo's skewed aggregation) switches to its initial plan.
        QVERIFY(!sql->initialPlanAvailable());
        for (const SqlExecution& q : w.currentModel()->sqlExecutions) {
            if (q.planUpdates == 0) continue;
            sql->showExecution(q.id);
            QVERIFY(sql->initialPlanAvailable());
            QVERIFY(sql->planText().contains(QStringLiteral("isFinalPlan=true")));
            sql->showInitialPlan(true);
            QVERIFY(sql->planText().contains(QStringLiteral("isFinalPlan=false")));
            QTRY_VERIFY_WITH_TIMEOUT(!sql->graph()->layoutPending(), 30000);
            save(sql, "sql-initial-plan.png");
            sql->showInitialPlan(false);
        }
        auto* env = w.findChild<EnvironmentPanel*>();
        QVERIFY(env);
        const int all = env->visibleRows();
        env->filter(QStringLiteral("spark.executor"));
        QVERIFY(env->visibleRows() > 0 && env->visibleRows() < all);
        raise("environmentDock");
        save(env, "environment.png");
        // The cache dock: the demo's cached RDD, and the chart plots the model's own series.
        auto* cache = w.findChild<CachePanel*>();
        QVERIFY(cache);
        QVERIFY(cache->model()->rowCount() >= 1);
        const CacheUsage& usage = cache->model()->usage();
        const auto memory = cache->chart()->memoryPoints();
        // From nothing at the start, each stage completion's figures, held to the end.
        QCOMPARE(memory.size(), usage.series.size() + 2);
        QVERIFY(!usage.series.empty());
        QCOMPARE(memory.front(), std::make_pair(0.0, 0.0));
        const int64_t start = w.currentModel()->application.startTime;
        for (size_t i = 0; i < usage.series.size(); ++i) {
            QCOMPARE(memory[i + 1].first, double(usage.series[i].timeMs - start) / 1000.0);
            QCOMPARE(memory[i + 1].second, double(usage.series[i].memoryBytes));
            QCOMPARE(cache->chart()->diskPoints()[i + 1].second, double(usage.series[i].diskBytes));
        }
        QCOMPARE(memory.back().second, double(usage.series.back().memoryBytes));
        raise("cacheDock");
        save(cache, "cache.png");
        // An application that unpersists: the chart marks it where the model places it.
        const QString released = tmp_.filePath(QStringLiteral("released.json"));
        test::writeFile(released.toStdString(),
                        gen::generateLogText(gen::makeScenario("cache-released")));
        LoadResult loaded = loadEventLog(released.toStdString());
        QVERIFY(loaded.model);
        const CacheUsage releasedUsage = cacheUsage(*loaded.model);
        QCOMPARE(releasedUsage.unpersists.size(), size_t(1));
        CacheUsageChart chart;
        chart.resize(700, 380);
        const int64_t appStart = loaded.model->application.startTime;
        chart.setUsage(releasedUsage, appStart, loaded.model->application.endTime);
        QCOMPARE(chart.unpersistMarks(),
                 std::vector<double>{double(releasedUsage.unpersists[0].timeMs - appStart) / 1000});
        save(&chart, "cache-unpersist.png");
    }

    void comparesWithABaseline() {
        auto skewed = gen::makeScenario("skew");
        auto salted = skewed;
        for (auto& stage : salted.jobs[0].stages) stage.skew = 1;
        const QString baseline = tmp_.filePath(QStringLiteral("salted.json"));
        const QString trial = tmp_.filePath(QStringLiteral("skewed.json"));
        test::writeFile(baseline.toStdString(), gen::generateLogText(salted));
        test::writeFile(trial.toStdString(), gen::generateLogText(skewed));
        MainWindow w;
        QSignalSpy compared(&w, &MainWindow::comparisonShown);
        w.resize(1500, 950);
        w.show();
        w.openLog(trial);
        w.compareWith(baseline);
        QVERIFY(compared.wait(30000));
        auto* panel = w.findChild<ComparisonPanel*>();
        QVERIFY(panel);
        QCOMPARE(panel->model()->rowCount(), 2);  // both stages matched, none left over
        // The stage that explains the regression is shown in both runs side by side.
        QCOMPARE(panel->baselineHistogram()->histogram().tasks, size_t(32));
        QCOMPARE(panel->trialHistogram()->histogram().tasks, size_t(32));
        QVERIFY(panel->trialHistogram()->histogram().max >
                2 * panel->baselineHistogram()->histogram().max);
        // The arrow keys show the other stage pair, as a click does.
        {
            auto* table = w.findChild<QTableView*>(QStringLiteral("comparisonTable"));
            QVERIFY(table);
            table->setFocus();
            if (!table->currentIndex().isValid())
                table->setCurrentIndex(table->model()->index(0, 0));
            const double before = panel->trialHistogram()->histogram().max;
            QTest::keyClick(table, table->currentIndex().row() == 0 ? Qt::Key_Down : Qt::Key_Up);
            QVERIFY(panel->trialHistogram()->histogram().max != before);
            QTest::keyClick(table, table->currentIndex().row() == 0 ? Qt::Key_Down : Qt::Key_Up);
            QCOMPARE(panel->trialHistogram()->histogram().max, before);
        }
        // The exported report carries the comparison.
        const QString json = tmp_.filePath(QStringLiteral("compared.json"));
        QString error;
        QVERIFY2(w.exportFindings(json, &error), qPrintable(error));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"comparison\""));
        QVERIFY(
            w.grab().save(QString::fromStdString((test::binaryDir() / "comparison.png").string())));
        // A short dock (a laptop screen): table and pair side by side, timelines or histograms.
        ComparisonPanel alone;
        alone.resize(900, 300);
        alone.show();
        QVERIFY(QTest::qWaitForWindowExposed(&alone));
        QVERIFY(alone.compact());
        auto* showing = alone.findChild<QTabBar*>(QStringLiteral("comparisonShowing"));
        QVERIFY(showing && showing->isVisible());
        QVERIFY(!alone.baselineHistogram()->isVisible());
        showing->setCurrentIndex(1);
        QVERIFY(alone.baselineHistogram()->isVisible() && alone.trialHistogram()->isVisible());
        QApplication::processEvents();
        QVERIFY(alone.baselineHistogram()->height() >= 120);
        alone.resize(900, 600);
        QApplication::processEvents();
        QVERIFY(!alone.compact() && !showing->isVisible());
        QVERIFY(alone.baselineHistogram()->isVisible());
    }

    void followsADarkPalette() {
        // A dark system palette (as a dark desktop theme sets it): the painted views and the
        // chart take their colours from it. The screenshot is for people to look at.
        const QPalette light = QApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Button, QColor(0x33, 0x33, 0x33));
        dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xc6));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        dark.setColor(QPalette::Midlight, QColor(0x3a, 0x3a, 0x3a));
        dark.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
        dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
        QApplication::setPalette(dark);
        const QString log = tmp_.filePath(QStringLiteral("dark.json"));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
        {
            MainWindow w;
            QSignalSpy analysed(&w, &MainWindow::analysisShown);
            w.resize(1400, 900);
            w.show();
            w.openLog(log);
            QVERIFY(analysed.wait(30000));
            auto isDark = [](const QColor& c) { return c.lightness() < 80; };
            auto* timeline = w.findChild<StageTimelineView*>(QStringLiteral("stageTimeline"));
            auto* appTimeline = w.findChild<AppTimelineView*>();
            QVERIFY(isDark(timeline->grab().toImage().pixelColor(3, 3)));
            QVERIFY(isDark(appTimeline->grab().toImage().pixelColor(3, 3)));
            auto* histogram = w.findChild<TaskHistogramView*>(QStringLiteral("stageHistogram"));
            const QImage chart = histogram->grab().toImage();
            QVERIFY(isDark(chart.pixelColor(chart.width() / 2, chart.height() - 4)));
            QVERIFY(w.grab().save(
                QString::fromStdString((test::binaryDir() / "main-window-dark.png").string())));
        }
        QApplication::setPalette(light);
    }

    void jobDescriptionsShowTheirFirstLine() {
        // q88's job descriptions start with a newline: each cell shows the first line that has
        // text, trimmed, and its tooltip the whole text (it showed "…" for every job).
        STAGELIGHT_REQUIRE_SHARED();
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::modelShown);
        w.show();
        w.openLog(QString::fromStdString(
            (test::sharedDir() / "eventlogs/NVIDIA__spark-rapids-tools/spark-events-qualification/"
                                 "nds_q88_photon_db_13_3.zstd")
                .string()));
        QVERIFY(shown.wait(60000));
        const ModelPtr m = w.currentModel();
        auto* jobs = w.findChild<QTableView*>(QStringLiteral("jobTable"));
        QVERIFY(jobs && jobs->model()->rowCount() > 0);
        int multiLine = 0;
        for (int r = 0; r < jobs->model()->rowCount(); ++r) {
            const QModelIndex cell = jobs->model()->index(r, JobTableModel::Description);
            const Job* job =
                m->job(jobs->model()->index(r, JobTableModel::Job).data(Qt::UserRole).toInt());
            QVERIFY(job);
            const QString text = cell.data().toString();
            QVERIFY2(!text.contains(QLatin1Char('\n')) && text == text.trimmed(), qPrintable(text));
            if (!job->description.empty() && job->description.front() == '\n') {
                ++multiLine;
                QVERIFY2(!text.isEmpty() && text != QStringLiteral("…"), qPrintable(text));
                const QString whole = QString::fromStdString(job->description).trimmed();
                QVERIFY(whole.startsWith(text));
                // The tooltip holds the rest (escaped: a tooltip is rich text).
                const QString lastLine = whole.section(QLatin1Char('\n'), -1).trimmed().left(20);
                QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(lastLine.toHtmlEscaped()),
                         qPrintable(lastLine));
            }
        }
        QVERIFY(multiLine > 0);
        // Stage names in the stage table are shown the same way.
        auto* stages = w.findChild<QTableView*>(QStringLiteral("stageTable"));
        for (int r = 0; r < stages->model()->rowCount(); ++r) {
            const QString text =
                stages->model()->index(r, StageTableModel::Name).data().toString();
            QVERIFY2(!text.contains(QLatin1Char('\n')) && text == text.trimmed(), qPrintable(text));
        }
        w.findChild<QDockWidget*>(QStringLiteral("jobsDock"))->raise();
        QVERIFY(
            w.grab().save(QString::fromStdString((test::binaryDir() / "jobs-q88.png").string())));
    }

    void reportsAnUnreadableLog() {
        MainWindow w;
        QSignalSpy failed(&w, &MainWindow::loadFinishedWithError);
        w.openLog(tmp_.filePath(QStringLiteral("missing")));
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no such file")));
    }
};

QTEST_MAIN(MainWindowTest)
#include "tst_main_window.moc"
