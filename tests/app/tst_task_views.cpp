// The stage's task views (issue 17 §3 histogram, §7): a histogram bar's tooltip gives its range
// and count and a click selects its tasks in the task table and marks them in the timeline; the
// selected task is pointed at in the histogram; the median and max labels never overlap; every
// task metric is selectable; the task table has Spark's columns, keeps its horizontal scroll and
// shows "—" for metrics the log does not carry; round ticks.
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

#include <set>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "HistogramTestSupport.h"
#include "WindowTestSupport.h"
#include "charts/ByteTicks.h"
#include "charts/ExecutorMemoryChart.h"
#include "charts/QCustomPlotInclude.h"
#include "charts/TaskHistogramView.h"
#include "figures/TaskFigures.h"
#include "gui/MainWindow.h"
#include "gui/Navigator.h"
#include "qt/ExecutorTableModel.h"
#include "qt/TaskTableModel.h"
#include "text/Format.h"
#include "timeline/StageTimelineView.h"
#include "timeline/TimeAxis.h"

using namespace stagelight;

using namespace stagelight::test;

namespace {

bool hasItem(QCustomPlot* plot, const QString& name) {
    for (int i = 0; i < plot->itemCount(); ++i)
        if (plot->item(i)->objectName() == name) return true;
    return false;
}

}  // namespace

class TaskViewsTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    QString writeLog(const char* scenario, const char* name) {
        const QString log = tmp_.filePath(QString::fromLatin1(name));
        test::writeFile(log.toStdString(), gen::generateLogText(gen::makeScenario(scenario)));
        return log;
    }
    static bool open(MainWindow& w, const QString& log) {
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.resize(1600, 1000);
        w.show();
        w.openLog(log);
        return analysed.wait(30000);
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void aHistogramBarSelectsItsTasks() {
        MainWindow w;
        QVERIFY(open(w, writeLog("skew", "skew.json")));
        const StageKey stage = stageWithTasks(w.currentModel(), 20);
        QVERIFY(stage.valid());
        w.findChild<Navigator*>()->showStage(stage);
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* table = child<QTableView>(w, "taskTable");
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        QVERIFY(view && table && timeline);
        view->setMetric(
            HistogramMetric::Duration);  // the finding chosen at load may have set another
        // A narrow dock still shows what tells a slow task: duration and shuffle read first.
        QHeaderView* header = table->horizontalHeader();
        QVERIFY(header->visualIndex(TaskTableModel::Duration) <
                header->visualIndex(TaskTableModel::Speculative));
        QVERIFY(header->visualIndex(TaskTableModel::ShuffleRead) <
                header->visualIndex(TaskTableModel::Executor));
        const Histogram& h = view->histogram();
        const auto [fullest, bin, at] = fullestBin(view);
        QVERIFY(bin.count >= 2);
        QCOMPARE(view->binAt(at), int(fullest));
        const QString tip = view->binToolTip(int(fullest));
        QVERIFY2(tip.contains(QStringLiteral("%1 tasks").arg(bin.count)), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral(" to ")));  // the range
        QCOMPARE(
            view->binAt(QPoint(at.x(), int(view->plot()->yAxis->coordToPixel(double(h.tasks))))),
            -1);
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, at);
        std::set<qint64> expected;
        for (int64_t id : view->binTasks(int(fullest))) expected.insert(id);
        QCOMPARE(expected.size(), bin.count);
        QCOMPARE(selectedTaskIds(table), expected);
        // Listed first whatever the sort: the tasks chosen are the tasks seen.
        for (int r = 0; r < int(bin.count); ++r)
            QVERIFY(table->selectionModel()->isRowSelected(r, {}));
        QVERIFY(!table->selectionModel()->isRowSelected(int(bin.count), {}));
        QCOMPARE(timeline->chosenTasks(), bin.count);  // marked apart from a finding's
        QVERIFY(view->barChosen());
        // Right on the median line (a dashed marker drawn over the bars): the bar still takes it.
        int medianBin = -1;
        for (size_t i = 0; i < h.bins.size(); ++i)
            if (h.median >= h.bins[i].from && h.median < h.bins[i].to) medianBin = int(i);
        QVERIFY(medianBin >= 0 && h.bins[size_t(medianBin)].count > 0);
        int other = int(h.bins.size()) - 1;  // first another bar, so the next click changes it
        while (other >= 0 && (other == medianBin || h.bins[size_t(other)].count == 0)) --other;
        QVERIFY(other >= 0);
        QTest::mouseClick(view->plot(), Qt::LeftButton, {},
                          QPoint(int(view->plot()->xAxis->coordToPixel(
                                     (h.bins[size_t(other)].from + h.bins[size_t(other)].to) / 2)),
                                 int(view->plot()->yAxis->coordToPixel(0.5))));
        QCOMPARE(selectedTaskIds(table).size(), h.bins[size_t(other)].count);
        const HistogramBin& mb = h.bins[size_t(medianBin)];
        const double centre = (mb.from + mb.to) / 2, half = (mb.to - mb.from) * 0.4;  // on the bar
        const QPoint onLine(int(view->plot()->xAxis->coordToPixel(
                                std::clamp(h.median, centre - half, centre + half))),
                            int(view->plot()->yAxis->coordToPixel(0.5)));
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, onLine);
        QCOMPARE(selectedTaskIds(table).size(), h.bins[size_t(medianBin)].count);
    }

    void aFewTasksAreDotsOnTheirOwnRange() {
        // A stage of a handful of tasks: one dot per task on an axis around their values (not
        // bars of one task each pushed against the right edge of an axis from zero); hovering a
        // dot names its task, clicking it selects the task.
        MainWindow w;
        QVERIFY(open(w, writeLog("demo", "demo-few.json")));
        const ModelPtr m = w.currentModel();
        StageKey stage;
        for (size_t i = 0; i < m->stages.size() && !stage.valid(); ++i) {
            const size_t n = m->derived.stageRows.rows(i).size();
            if (n >= 3 && n <= 12) stage = {m->stages[i].stageId, m->stages[i].attemptId};
        }
        QVERIFY(stage.valid());
        w.findChild<Navigator*>()->showStage(stage);
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* table = child<QTableView>(w, "taskTable");
        view->setMetric(HistogramMetric::Duration);
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(view->dotStrip());
        const Histogram& h = view->histogram();
        QVERIFY(h.tasks >= 3 && h.tasks <= 12);
        const QCPRange x = view->plot()->xAxis->range();
        QVERIFY(x.upper > h.max && x.upper < h.max * 1.5 + 2);  // hugging the values
        // The slowest task's dot (the last by value) takes the hover and the click.
        const int last = int(h.tasks) - 1;
        const std::vector<int64_t> ids = view->binTasks(last);
        QCOMPARE(ids.size(), size_t(1));
        auto* dots = view->plot()->graph(0);
        QVERIFY(dots && dots->dataCount() == int(h.tasks));
        const auto point = dots->data()->at(last);
        const QPoint at(int(view->plot()->xAxis->coordToPixel(point->key)),
                        int(view->plot()->yAxis->coordToPixel(point->value)));
        QCOMPARE(view->binAt(at), last);
        QVERIFY(view->binToolTip(last).startsWith(QStringLiteral("task %1:").arg(ids.front())));
        QTest::mouseClick(view->plot(), Qt::LeftButton, {}, at);
        QCOMPARE(selectedTaskIds(table), (std::set<qint64>{ids.front()}));
        const auto shots = test::binaryDir() / "screenshots-task-views";
        std::filesystem::create_directories(shots);
        QVERIFY(view->grab().save(QString::fromStdString((shots / "dot-strip.png").string())));
    }

    void theSelectedTaskIsMarkedInTheHistogram() {
        MainWindow w;
        QVERIFY(open(w, writeLog("skew", "skew2.json")));
        w.findChild<Navigator*>()->showStage(stageWithTasks(w.currentModel(), 20));
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* table = child<QTableView>(w, "taskTable");
        QVERIFY(!hasItem(view->plot(), QStringLiteral("selectedTaskMarker")));
        table->setCurrentIndex(table->model()->index(5, TaskTableModel::Duration));
        QVERIFY(hasItem(view->plot(), QStringLiteral("selectedTaskMarker")));
        const auto shots = test::binaryDir() / "screenshots-task-views";
        std::filesystem::create_directories(shots);
        QVERIFY(view->grab().save(QString::fromStdString((shots / "selected-task.png").string())));
        QCOMPARE(child<StageTimelineView>(w, "stageTimeline")->selectedTask(),
                 table->model()->index(5, 0).data(TaskTableModel::TaskIdRole).toLongLong());
        QCOMPARE(table->selectionModel()->selectedRows().size(), 1);  // not re-selected
    }

    void theTimelineTooltipHasShuffleAndSpill() {
        MainWindow w;
        QVERIFY(open(w, writeLog("spill", "spill.json")));
        const ModelPtr m = w.currentModel();
        const TaskTable& t = m->tasks;
        // The task that spilled most, in its stage's timeline.
        size_t row = 0;
        for (size_t r = 0; r < t.size(); ++r)
            if (t.get(r, TaskField::DiskBytesSpilled) > t.get(row, TaskField::DiskBytesSpilled)) row = r;
        QVERIFY(t.get(row, TaskField::DiskBytesSpilled) > 0);
        w.findChild<Navigator*>()->showStage({int32_t(t.get(row, TaskField::StageId)),
                                              int32_t(t.get(row, TaskField::StageAttemptId))});
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        const SlotLanes& lanes = timeline->lanes();
        size_t laneTask = lanes.tasks.size();
        for (size_t i = 0; i < lanes.tasks.size(); ++i)
            if (lanes.tasks[i].row == row) laneTask = i;
        QVERIFY(laneTask < lanes.tasks.size());
        const QString tip = timeline->taskToolTip(laneTask);
        QVERIFY2(tip.contains(QStringLiteral("Task %1 ").arg(t.get(row, TaskField::TaskId))), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Spill %1 in memory · %2 on disk")
                                  .arg(QString::fromStdString(formatBytes(t.get(row, TaskField::MemoryBytesSpilled))),
                                       QString::fromStdString(formatBytes(t.get(row, TaskField::DiskBytesSpilled))))),
                 qPrintable(tip));
        const int64_t read = t.get(row, TaskField::ShuffleRemoteBytesRead) + t.get(row, TaskField::ShuffleLocalBytesRead);
        QCOMPARE(tip.contains(QStringLiteral("Shuffle read ")), read > 0);
        QCOMPARE(tip.contains(QStringLiteral("Shuffle write ")), t.get(row, TaskField::ShuffleBytesWritten) > 0);
        QVERIFY(tip.contains(QStringLiteral("Shuffle")));  // a spilling stage of the scenario shuffles
    }

    void aMaxThatIsNotASuccessSaysSo() {
        // The bars hold every finished attempt; the findings and Summary metrics count the
        // successful ones: demo stage 4.0's largest input is an attempt that did not succeed.
        MainWindow w;
        QVERIFY(open(w, writeLog("demo", "demo-max.json")));
        const ModelPtr model = w.currentModel();
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        int marked = 0, plain = 0;
        for (const StageAttempt& s : model->stages) {
            w.findChild<Navigator*>()->showStage({s.stageId, s.attemptId});
            view->setMetric(HistogramMetric::Input);
            const QString text = view->maxLabelText();
            if (text.isEmpty()) continue;
            // Independently: does the attempt with the most input end in success?
            const TaskTable& t = model->tasks;
            int64_t most = -1, mostId = -1;
            bool success = true;
            for (uint32_t r : model->derived.stageRows.rows(size_t(&s - model->stages.data()))) {
                if (!t.hasFlag(r, kFinished) || t.endReason(r) == EndReason::Resubmitted) continue;
                const int64_t v = std::max<int64_t>(0, t.get(r, TaskField::InputBytesRead));
                const int64_t id = t.get(r, TaskField::TaskId);
                if (v > most || (v == most && id > mostId)) {  // ties: the later task id
                    most = v;
                    mostId = id;
                    success = taskStatus(t, r) == "SUCCESS";
                }
            }
            QCOMPARE(text.endsWith(QStringLiteral("(not a success)")), !success);
            ++(success ? plain : marked);
        }
        QVERIFY(marked >= 1);
        QVERIFY(plain >= 1);
    }

    void markerLabelsNeverOverlapAndEveryMetricIsOffered() {
        MainWindow w;
        QVERIFY(open(w, writeLog("spill", "spill.json")));
        w.findChild<Navigator*>()->showStage(stageWithTasks(w.currentModel(), 8));
        auto* view = child<TaskHistogramView>(w, "stageHistogram");
        auto* metrics = view->findChild<QComboBox*>();
        QCOMPARE(metrics->count(), kHistogramMetricCount);
        QStringList names;
        for (int i = 0; i < metrics->count(); ++i) names << metrics->itemText(i);
        for (const char* name : {"Peak execution memory", "Shuffle write", "Spill (memory)",
                                 "Scheduler delay", "Shuffle read blocked time", "Duration"})
            QVERIFY2(names.contains(QString::fromLatin1(name)), name);
        for (int size : {300, 520, 900}) {
            view->resize(size, 260);
            for (int m = 0; m < kHistogramMetricCount; ++m) {
                view->setMetric(HistogramMetric(m));
                const QList<QRectF> labels = view->markerLabelRects();
                const Histogram& h = view->histogram();
                QCOMPARE(labels.size(), h.tasks == 0 ? 0 : h.max > h.median ? 2 : 1);
                if (labels.size() == 2)
                    QVERIFY2(
                        !labels[0].intersects(labels[1]),
                        qPrintable(metrics->itemText(m) + QStringLiteral(" at %1 px").arg(size)));
            }
        }
    }

    void theTaskTableHasSparksColumnsAndDashesForMissingMetrics() {
        // Cut the log inside a stage: the tasks without a TaskEnd carry no metrics.
        std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        const size_t cut = text.rfind("SparkListenerTaskStart");
        text = text.substr(0, text.rfind('\n', text.find('\n', cut)) + 1);
        const QString log = tmp_.filePath(QStringLiteral("running.json"));
        test::writeFile(log.toStdString(), text);
        MainWindow w;
        QVERIFY(open(w, log));
        const ModelPtr model = w.currentModel();
        // The stage of the last task started: it is still running.
        const TaskTable& t = model->tasks;
        const size_t last = t.size() - 1;
        const StageKey stage{int32_t(t.get(last, TaskField::StageId)),
                             int32_t(t.get(last, TaskField::StageAttemptId))};
        w.findChild<Navigator*>()->showStage(stage);
        auto* table = child<QTableView>(w, "taskTable");
        QAbstractItemModel* m = table->model();
        QStringList headers;
        for (int c = 0; c < m->columnCount(); ++c)
            headers << m->headerData(c, Qt::Horizontal).toString();
        for (const char* name :
             {"Peak exec. memory", "Shuffle read blocked", "Input / records", "Output / records",
              "Shuffle read / records", "Shuffle write / records", "Locality", "Executor", "Host",
              "Attempt", "Speculative", "Error", "Sched. delay", "GC time"})
            QVERIFY2(headers.contains(QString::fromLatin1(name)), name);
        int dashes = 0, shown = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString peak = m->index(r, TaskTableModel::PeakExecutionMemory).data().toString();
            dashes += peak == QStringLiteral("—");
            shown += peak != QStringLiteral("—");
            QVERIFY(peak != QStringLiteral("0.0 B"));
        }
        QVERIFY(dashes >= 1);  // the running task
        // Sorting by a metric, then selecting, keeps the horizontal scroll where the user put it.
        table->sortByColumn(TaskTableModel::PeakExecutionMemory, Qt::DescendingOrder);
        table->resize(500, 300);
        QScrollBar* h = table->horizontalScrollBar();
        h->setValue(h->maximum());
        const int scrolled = h->value();
        QVERIFY(scrolled > 0);
        w.findChild<Navigator*>()->selectTasks({t.get(0, TaskField::TaskId)});
        const qint64 anyId =
            m->index(m->rowCount() - 1, 0).data(TaskTableModel::TaskIdRole).toLongLong();
        w.findChild<Navigator*>()->selectTasks({anyId});
        QCOMPARE(h->value(), scrolled);
        table->sortByColumn(TaskTableModel::Duration, Qt::AscendingOrder);  // a header click
        QCOMPARE(h->value(), scrolled);
    }

    void aMetricOlderLogsLackIsADash() {
        // Spark before 2.1 logs no Executor CPU Time: "—", not "0 ms".
        std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        for (size_t at; (at = text.find("\"Executor CPU Time\":")) != std::string::npos;)
            text.erase(at, text.find(',', at) + 1 - at);
        const QString log = tmp_.filePath(QStringLiteral("nocpu.json"));
        test::writeFile(log.toStdString(), text);
        MainWindow w;
        QVERIFY(open(w, log));
        w.findChild<Navigator*>()->showStage(stageWithTasks(w.currentModel(), 4));
        QAbstractItemModel* m = child<QTableView>(w, "taskTable")->model();
        QVERIFY(m->rowCount() > 0);
        QCOMPARE(m->index(0, TaskTableModel::CpuTime).data().toString(), QStringLiteral("—"));
        QVERIFY(m->index(0, TaskTableModel::RunTime).data().toString() != QStringLiteral("—"));
    }

    void executorPeaksNotMeasuredAreDashes() {
        MainWindow w;
        QVERIFY(open(w, writeLog("healthy", "healthy.json")));
        auto* table = child<QTableView>(w, "executorTable");
        QVERIFY(table && table->model()->rowCount() > 0);
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QString rss =
                table->model()->index(r, ExecutorTableModel::PeakRss).data().toString();
            QVERIFY2(rss == QStringLiteral("—") || !rss.startsWith(QStringLiteral("0")),
                     qPrintable(rss));
        }
    }

    void executorMemoryOverTimeWhereLogged() {
        std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        {  // without StageExecutorMetrics: no series, and the chart says why
            MainWindow w;
            QVERIFY(open(w, writeLog("healthy", "nometrics.json")));
            auto* chart = child<ExecutorMemoryChart>(w, "executorMemoryChart");
            QVERIFY(chart);
            QCOMPARE(chart->seriesCount(), 0);
            QVERIFY(chart->caption().contains(QStringLiteral("no per-stage executor peaks")));
            // The reason alone, wrapped whole, without empty axes under it.
            QVERIFY(!chart->plotShown());
            auto* message = chart->findChild<QLabel*>(QStringLiteral("memoryMessage"));
            QVERIFY(message && message->wordWrap() && !message->isHidden());
            QCOMPARE(message->text(), chart->caption());
        }
        // Two stages' peaks for executor 1, one for executor 2 (RSS not measured: 0).
        auto peaks = [](const char* executor, int stage, int64_t heap) {
            return std::string(
                       "{\"Event\":\"SparkListenerStageExecutorMetrics\",\"Executor ID\":\"") +
                   executor + "\",\"Stage ID\":" + std::to_string(stage) +
                   ",\"Stage Attempt ID\":0,\"Executor Metrics\":{\"JVMHeapMemory\":" +
                   std::to_string(heap) + ",\"ProcessTreeJVMRSSMemory\":0}}\n";
        };
        const size_t end = text.find("{\"Event\":\"SparkListenerApplicationEnd\"");
        QVERIFY(end != std::string::npos);
        text.insert(end,
                    peaks("1", 0, 300 << 20) + peaks("1", 1, 700 << 20) + peaks("2", 1, 500 << 20));
        const QString log = tmp_.filePath(QStringLiteral("metrics.json"));
        test::writeFile(log.toStdString(), text);
        MainWindow w;
        QVERIFY(open(w, log));
        const auto heap = executorMemoryOverTime(*w.currentModel(), MemoryMetric::JvmHeap);
        QCOMPARE(heap.size(), size_t(2));
        QCOMPARE(heap[0].executorId, std::string("1"));
        QCOMPARE(heap[0].points.size(), size_t(2));
        QCOMPARE(heap[0].peak, int64_t(700) << 20);
        QVERIFY(heap[0].points[0].timeMs <= heap[0].points[1].timeMs);
        QVERIFY(executorMemoryOverTime(*w.currentModel(), MemoryMetric::ProcessRss).empty());
        auto* chart = child<ExecutorMemoryChart>(w, "executorMemoryChart");
        QCOMPARE(chart->seriesCount(), 2);
        chart->setMetric(MemoryMetric::ProcessRss);
        QCOMPARE(chart->seriesCount(), 0);
        if (!test::sharedAvailable()) return;
        // A real Spark 3.0 log with StageExecutorMetrics: the driver and two executors.
        MainWindow real;
        QVERIFY(open(real, QString::fromStdString(
                               (test::sharedDir() / "eventlogs/apache__spark/core/spark-events/"
                                                    "application_1553914137147_0018")
                                   .string())));
        auto* realChart = child<ExecutorMemoryChart>(real, "executorMemoryChart");
        QVERIFY(realChart->seriesCount() >= 2);
        // On screen (its tab in front), the legend sits outside the plot area: it never covers
        // the lines.
        real.findChild<QDockWidget*>(QStringLiteral("executorsDock"))->raise();
        for (QTabWidget* tabs : real.findChildren<QTabWidget*>())
            if (tabs->indexOf(realChart) >= 0) tabs->setCurrentWidget(realChart);
        QTRY_VERIFY(realChart->isVisible() && realChart->width() > 200);
        QCustomPlot* plot = realChart->plot();
        QVERIFY(realChart->plotShown());
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(plot->axisRect()->rect().height() > 40);
        QVERIFY(plot->legend->visible());
        QVERIFY2(!plot->axisRect()->rect().intersects(plot->legend->outerRect()),
                 "the legend is inside the plot area");
        const auto shots = test::binaryDir() / "screenshots-task-views";
        std::filesystem::create_directories(shots);
        QVERIFY(realChart->grab().save(
            QString::fromStdString((shots / "executor-memory.png").string())));
    }

    // Real logs at both supported sizes, a histogram bar clicked: the window, the histogram and
    // the task table saved under the build directory for people to look at.
    void screenshotsOfRealLogs() {
        STAGELIGHT_REQUIRE_SHARED();
        const std::filesystem::path logs = test::sharedDir() / "eventlogs";
        const std::filesystem::path out = test::binaryDir() / "screenshots-task-views";
        std::filesystem::create_directories(out);
        const std::pair<const char*, const char*> runs[] = {
            {"nds_q66", "NVIDIA__spark-rapids-tools/spark-events-profiling/nds_q66_gpu.zstd"},
            {"fail",
             "NVIDIA__spark-rapids-tools/spark-events-profiling/"
             "tasks_executors_fail_compressed_eventlog.zstd"},
            {"sparklint",
             "groupon__sparklint/spark_summit_euro_2016/event_logs/"
             "application_1472176676028_407508_1"}};
        for (const auto& [name, file] : runs)
            for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
                MainWindow w;
                QSignalSpy analysed(&w, &MainWindow::analysisShown);
                w.show();
                w.resize(size);
                w.openLog(QString::fromStdString((logs / file).string()));
                QVERIFY(analysed.wait(60000));
                // The stage with the most tasks.
                const ModelPtr m = w.currentModel();
                size_t most = 0;
                for (size_t i = 0; i < m->stages.size(); ++i)
                    if (m->derived.stageRows.rows(i).size() >
                        m->derived.stageRows.rows(most).size())
                        most = i;
                w.findChild<Navigator*>()->showStage(
                    {m->stages[most].stageId, m->stages[most].attemptId});
                child<QDockWidget>(w, "tasksDock")->raise();
                auto* view = child<TaskHistogramView>(w, "stageHistogram");
                view->plot()->replot(QCustomPlot::rpImmediateRefresh);
                const Histogram& h = view->histogram();
                QVERIFY(h.tasks > 0);
                size_t fullest = 0;
                for (size_t i = 0; i < h.bins.size(); ++i)
                    if (h.bins[i].count > h.bins[fullest].count) fullest = i;
                const HistogramBin bin = h.bins[fullest];
                const QPoint at(int(view->plot()->xAxis->coordToPixel((bin.from + bin.to) / 2)),
                                int(view->plot()->yAxis->coordToPixel(double(bin.count) / 2)));
                QTest::mouseClick(view->plot(), Qt::LeftButton, {}, at);
                QCOMPARE(
                    size_t(
                        child<QTableView>(w, "taskTable")->selectionModel()->selectedRows().size()),
                    bin.count);
                QApplication::processEvents();
                const QString base = QString::fromStdString((out / name).string()) +
                                     QStringLiteral("-%1x%2-").arg(size.width()).arg(size.height());
                QVERIFY(w.grab().save(base + QStringLiteral("window.png")));
                QVERIFY(child<QDockWidget>(w, "histogramDock")
                            ->grab()
                            .save(base + QStringLiteral("histogram.png")));
                QVERIFY(child<QDockWidget>(w, "tasksDock")
                            ->grab()
                            .save(base + QStringLiteral("tasks.png")));
            }
    }

    void unitsAndTicksAreRound() {
        QCOMPARE(QString::fromStdString(formatBytes(int64_t(2034.9 * 1024 * 1024))),
                 QStringLiteral("2.0 GiB"));
        QCOMPARE(niceTickStep(220'000, 1100), 30'000.0);  // 10 labels at most: 30 s apart
        QCOMPARE(timeTickLabel(210'000, 30'000), QStringLiteral("3:30"));
        QCOMPARE(timeTickLabel(1500, 500), QStringLiteral("1.5 s"));
        QCOMPARE(timeTickLabel(400, 200), QStringLiteral("400 ms"));
        QCOMPARE(timeTickLabel(3'900'000, 600'000), QStringLiteral("1:05:00"));
        // Zoomed in past the first minute, ticks under a second apart still differ.
        QCOMPARE(timeTickLabel(97'250, 50), QStringLiteral("1:37.25"));
        QCOMPARE(timeTickLabel(97'300, 50), QStringLiteral("1:37.30"));
        QCOMPARE(timeTickLabel(61'500, 500), QStringLiteral("1:01.5"));
        QCOMPARE(timeTickLabel(3'601'200, 200), QStringLiteral("1:00:01.2"));
        QCOMPARE(niceByteStep(1817.8 * 1024 * 1024),
                 512.0 * 1024 * 1024);  // 0, 512 MiB, 1.0 GiB, 1.5 GiB
    }
};

QTEST_MAIN(TaskViewsTest)
#include "tst_task_views.moc"
