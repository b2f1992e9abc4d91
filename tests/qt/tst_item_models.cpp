// The item models behind the tables, checked by QAbstractItemModelTester on a generated log.
#include <QAbstractItemModelTester>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "load/Loader.h"
#include "qt/CacheTableModel.h"
#include "qt/ComparisonModel.h"
#include "qt/EnvironmentModel.h"
#include "qt/ExecutorTableModel.h"
#include "qt/FindingsModel.h"
#include "qt/GapsModel.h"
#include "qt/JobTableModel.h"
#include "qt/LoadSession.h"
#include "qt/LoadWarningsModel.h"
#include "qt/SqlExecutionModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskSummaryModel.h"
#include "qt/TaskTableModel.h"

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

    void tooltipsShowLogTextLiterally() {
        // Names and descriptions from a log that look like markup: tooltips are rich text in Qt
        // when they look like it, so every tooltip carrying log text must be escaped.
        auto config = gen::makeScenario("demo");
        config.jobs[0].description = "<b>bold job</b>";
        config.jobs[0].stages[0].name = "<i>stage</i> at <a href='x'>link</a>";
        const auto p = std::filesystem::path(tmp_.path().toStdString()) / "markup";
        test::writeFile(p, gen::generateLogText(config) + "{<b>broken</b>\n");
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        ModelPtr model(std::move(r.model));
        StageTableModel stages;
        JobTableModel jobs;
        LoadWarningsModel warnings;
        int checked = 0;
        for (SnapshotTableModel* m :
             std::initializer_list<SnapshotTableModel*>{&stages, &jobs, &warnings}) {
            m->setModel(model);
            for (int row = 0; row < m->rowCount(); ++row)
                for (int col = 0; col < m->columnCount(); ++col) {
                    const QString tip = m->data(m->index(row, col), Qt::ToolTipRole).toString();
                    QVERIFY2(!tip.contains(QStringLiteral("<b>")) &&
                                 !tip.contains(QStringLiteral("<i>")),
                             qPrintable(tip));
                    checked += tip.contains(QStringLiteral("&lt;")) ? 1 : 0;
                }
            // Every column header says what it means.
            for (int col = 0; col < m->columnCount() && m != &warnings; ++col)
                QVERIFY(!m->headerData(col, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        }
        QVERIFY(checked >= 2);  // the job, the stage (and the broken line's warning) were seen
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

    void findingsTable() {
        FindingsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto analysis = std::make_shared<const Analysis>(analyze(*model_));
        m.setAnalysis(analysis);
        QCOMPARE(m.rowCount(), int(analysis->findings.size()));
        QVERIFY(m.rowCount() > 5);
        QCOMPARE(m.data(m.index(0, FindingsModel::Title), Qt::DisplayRole).toString(),
                 QString::fromStdString(analysis->findings[0].title));
        // Log text in a tooltip is escaped, never markup.
        QVERIFY(m.data(m.index(0, FindingsModel::Title), Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("<p")));
        m.setAnalysis(nullptr);
        QCOMPARE(m.rowCount(), 0);
    }

    void gapsTable() {
        GapsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto analysis = std::make_shared<const Analysis>(analyze(*model_));
        m.setAnalysis(model_, analysis);
        QCOMPARE(m.rowCount(), int(analysis->time.gaps.size()));
        QVERIFY(m.rowCount() > 0);
        bool straggler = false;
        for (int r = 0; r < m.rowCount(); ++r)
            straggler =
                straggler || m.data(m.index(r, GapsModel::Cause), Qt::DisplayRole).toString() ==
                                 QStringLiteral("straggler tail");
        QVERIFY(straggler);  // the demo's skewed stage holds its cores
        QVERIFY(m.data(m.index(0, GapsModel::Duration), GapsModel::SortRole).toLongLong() > 0);
        m.setAnalysis(nullptr, nullptr);
        QCOMPARE(m.rowCount(), 0);
    }

    void executorTable() {
        ExecutorTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(model_);
        QCOMPARE(m.rowCount(), int(model_->status.executors.size()));  // the driver included
        qlonglong tasks = 0, spill = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            tasks += m.data(m.index(r, ExecutorTableModel::Tasks), ExecutorTableModel::SortRole)
                         .toLongLong();
            spill += m.data(m.index(r, ExecutorTableModel::Spill), ExecutorTableModel::SortRole)
                         .toLongLong();
        }
        qlonglong expectedSpill = 0;
        for (size_t r = 0; r < model_->tasks.size(); ++r)
            expectedSpill += model_->tasks.get(r, TaskField::DiskBytesSpilled);
        QCOMPARE(spill, expectedSpill);  // every task's spill lands on its executor
        QVERIFY(tasks >= qlonglong(model_->tasks.size()) - 1);
        // GC above 10 % of task time is flagged (the gc-pressure scenario's executors).
        const auto p = std::filesystem::path(tmp_.path().toStdString()) / "gc";
        test::writeFile(p, gen::generateLogText(gen::makeScenario("gc-pressure")));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        m.setModel(ModelPtr(std::move(r.model)));
        bool flagged = false;
        for (int row = 0; row < m.rowCount(); ++row)
            flagged = flagged || m.data(m.index(row, ExecutorTableModel::GcTime),
                                        ExecutorTableModel::GcHeavyRole)
                                     .toBool();
        QVERIFY(flagged);
    }

    void cacheTable() {
        CacheTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setModel(model_);
        QVERIFY(m.rowCount() >= 1);
        // The History Server's storage figures for a cached RDD that is still cached.
        for (int r = 0; r < m.rowCount(); ++r) {
            const CachedRdd& rdd = m.usage().rdds[size_t(r)];
            const auto it = model_->status.rdds.find(rdd.id);
            if (rdd.unpersisted || it == model_->status.rdds.end() || it->second.partitions.empty())
                continue;
            QCOMPARE(rdd.memoryBytes, it->second.memoryUsed);
            QCOMPARE(m.data(m.index(r, CacheTableModel::Status), Qt::DisplayRole).toString(),
                     QStringLiteral("cached"));
        }
        QVERIFY(!m.usage().series.empty());
        m.setModel(nullptr);
        QCOMPARE(m.rowCount(), 0);
    }

    void sqlAndEnvironmentTables() {
        SqlExecutionModel sql;
        QAbstractItemModelTester sqlTester(&sql,
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
        sql.setModel(model_);
        QCOMPARE(sql.rowCount(), 6);
        QVERIFY(sql.data(sql.index(0, SqlExecutionModel::Description), Qt::DisplayRole)
                    .toString()
                    .startsWith(QStringLiteral("INSERT INTO")));
        QCOMPARE(sql.data(sql.index(0, SqlExecutionModel::Status), Qt::DisplayRole).toString(),
                 QStringLiteral("COMPLETED"));
        EnvironmentModel env;
        QAbstractItemModelTester envTester(&env,
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
        env.setModel(model_);
        QVERIFY(env.rowCount() > 5);
        const auto analysis = analyze(*model_);
        const auto references = settingReferences(analysis);
        QVERIFY(!references.empty());
        env.setReferences(references);
        // A setting the findings name and the log sets shows the rules that name it.
        bool referred = false;
        for (const auto& [key, rules] : references) {
            const int row = env.rowOfKey(QString::fromStdString(key));
            if (row < 0) continue;
            referred = true;
            QVERIFY(env.data(env.index(row, EnvironmentModel::ReferredBy), Qt::DisplayRole)
                        .toString()
                        .contains(QString::fromStdString(rules.front())));
        }
        QVERIFY(referred);
        // Spark's settings before the JVM's, whatever order the log gave; unknown sections last.
        auto mixed = std::make_shared<EventLogModel>();
        mixed->environment.sections = {{"System Properties", {{"java.version", "17"}}},
                                       {"Custom Section", {{"a", "b"}}},
                                       {"Spark Properties", {{"spark.app.name", "x"}}}};
        EnvironmentModel ordered;
        ordered.setModel(mixed);
        QCOMPARE(ordered.rowCount(), 3);
        const auto section = [&](int row) {
            return ordered.data(ordered.index(row, EnvironmentModel::Section), Qt::DisplayRole)
                .toString();
        };
        QCOMPARE(section(0), QStringLiteral("Spark Properties"));
        QCOMPARE(section(1), QStringLiteral("System Properties"));
        QCOMPARE(section(2), QStringLiteral("Custom Section"));
    }

    void taskTableShowsEveryAttemptOfTheStage() {
        TaskTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const StageAttempt* s = model_->stage(4, 0);  // the stage with failed attempts
        QVERIFY(s);
        m.setStage(model_, size_t(s - model_->stages.data()));
        int failed = 0;
        for (int r = 0; r < m.rowCount(); ++r)
            failed += m.data(m.index(r, TaskTableModel::Status), Qt::DisplayRole)
                          .toString()
                          .startsWith(QStringLiteral("FAILED"));
        QVERIFY(failed > 0);
        QVERIFY(m.rowCount() > s->numTasks);  // retries are rows too
        const int64_t id = m.data(m.index(3, 0), TaskTableModel::TaskIdRole).toLongLong();
        QCOMPARE(m.rowOfTask(id), 3);
        m.setStage(nullptr, 0);
        QCOMPARE(m.rowCount(), 0);
    }

    void taskSummaryIsTheRestQuantiles() {
        TaskSummaryModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const StageAttempt* s = model_->stage(3, 0);
        m.setStage(model_, size_t(s - model_->stages.data()));
        QCOMPARE(m.columnCount(), int(TaskSummaryModel::ColumnCount));
        const auto rest =
            taskSummary(*model_, stageTaskRows(*model_, 3, 0), {0, 0.25, 0.5, 0.75, 1});
        QVERIFY(rest);
        QCOMPARE(m.tasksSummarized(), int(rest->taskCount));
        // Row 0 is Duration: the same numbers as `stagelight rest`'s taskSummary.
        for (int c = TaskSummaryModel::Min; c <= TaskSummaryModel::Max; ++c)
            QCOMPARE(m.data(m.index(0, c), Qt::UserRole).toDouble(),
                     (*rest)[SummaryMetric::Duration][size_t(c - TaskSummaryModel::Min)]);
    }

    void taskSummaryShowsADashForAMetricTheLogNeverCarried() {
        // Spark 1.6 wrote no Peak Execution Memory in Task Metrics: "—", not "0 B".
        std::string text = gen::generateLogText(gen::makeScenario("demo"));
        const std::string key = "\"Peak Execution Memory\":";
        for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
            size_t to = at + key.size();
            while (to < text.size() && text[to] != ',' && text[to] != '}') ++to;
            text.erase(at, to - at + (text[to] == ',' ? 1 : 0));
        }
        const auto p = std::filesystem::path(tmp_.path().toStdString()) / "no-peak";
        test::writeFile(p, text);
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        const ModelPtr old(std::move(r.model));
        TaskSummaryModel m, current;
        const StageAttempt* s = old->stage(3, 0);
        m.setStage(old, size_t(s - old->stages.data()));
        current.setStage(model_, size_t(model_->stage(3, 0) - model_->stages.data()));
        int peakRow = -1;
        for (int row = 0; row < m.rowCount(); ++row)
            if (m.data(m.index(row, TaskSummaryModel::Metric), Qt::DisplayRole).toString() ==
                QStringLiteral("Peak Execution Memory"))
                peakRow = row;
        QVERIFY(peakRow >= 0);
        for (int c = TaskSummaryModel::Min; c <= TaskSummaryModel::Max; ++c) {
            QCOMPARE(m.data(m.index(peakRow, c), Qt::DisplayRole).toString(), QStringLiteral("—"));
            QVERIFY(current.data(current.index(peakRow, c), Qt::DisplayRole).toString() !=
                    QStringLiteral("—"));
            QVERIFY(m.data(m.index(0, c), Qt::DisplayRole).toString() != QStringLiteral("—"));
        }
    }

    void comparisonTable() {
        // A skewed run against the same run salted: both stages match, the skewed one regressed.
        auto skewed = gen::makeScenario("skew");
        auto salted = skewed;
        for (auto& stage : salted.jobs[0].stages) stage.skew = 1;
        const auto dir = std::filesystem::path(tmp_.path().toStdString());
        test::writeFile(dir / "salted", gen::generateLogText(salted));
        test::writeFile(dir / "skewed", gen::generateLogText(skewed));
        LoadResult base = loadEventLog(dir / "salted"), trial = loadEventLog(dir / "skewed");
        QVERIFY(base.model && trial.model);
        const Analysis baseAnalysis = analyze(*base.model), trialAnalysis = analyze(*trial.model);
        auto comparison = std::make_shared<const Comparison>(
            compareRuns(*base.model, baseAnalysis, *trial.model, trialAnalysis));
        ComparisonModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setComparison(comparison);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.columnCount(), int(ComparisonModel::ColumnCount));
        for (int row = 0; row < m.rowCount(); ++row) {
            QVERIFY(m.baseline(row) && m.trial(row));
            for (int col = 0; col < m.columnCount(); ++col) {
                QVERIFY(!m.headerData(col, Qt::Horizontal, Qt::DisplayRole).toString().isEmpty());
                m.data(m.index(row, col), Qt::DisplayRole);
                m.data(m.index(row, col), ComparisonModel::SortRole);
            }
        }
        // The regressed stage's duration delta is positive and sorts as a number.
        bool slower = false;
        for (int row = 0; row < m.rowCount(); ++row)
            slower = slower ||
                     m.data(m.index(row, ComparisonModel::DurationDelta), ComparisonModel::SortRole)
                             .toDouble() > 0;
        QVERIFY(slower);
        m.setComparison(nullptr);
        QCOMPARE(m.rowCount(), 0);
    }

    void loadSessionDeliversAndDropsStaleResults() {
        LoadSession session;
        QSignalSpy available(&session, &LoadSession::modelAvailable);
        QSignalSpy failed(&session, &LoadSession::loadFailed);
        const QString log = QString::fromStdString(
            (std::filesystem::path(tmp_.path().toStdString()) / "demo").string());
        session.load(QStringLiteral("/nonexistent/superseded"));
        session.load(log);  // supersedes the first: only this one reports
        QSignalSpy analysed(&session, &LoadSession::analysisAvailable);
        QVERIFY(available.wait(20000));
        QCOMPARE(available.size(), 1);
        // The findings follow the model (maybe in the same turn of the event loop).
        QVERIFY(analysed.size() > 0 || analysed.wait(20000));
        QCOMPARE(analysed.first().first().value<ModelPtr>(),
                 available.first().first().value<ModelPtr>());
        QCOMPARE(failed.size(), 0);
        session.load(QStringLiteral("/nonexistent/log"));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no such file")));
    }

    void aNewerAnalysisSupersedesAnOlderOne() {
        LoadSession session;
        QSignalSpy analysed(&session, &LoadSession::analysisAvailable);
        QSignalSpy cleared(&session, &LoadSession::cleared);
        session.load(QString::fromStdString(
            (std::filesystem::path(tmp_.path().toStdString()) / "demo").string()));
        QVERIFY(analysed.wait(20000));
        QCOMPARE(cleared.size(), 1);  // before the model: views drop the old log
        // The first analysis is slow and would finish last; only the second may be published.
        std::atomic<int> calls{0};
        session.setAnalyzer([&calls](const EventLogModel& m, const RuleConfig& r) {
            if (calls++ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(300));
            return analyze(m, r);
        });
        RuleConfig noSkew;
        noSkew.disabled.insert("task-skew");
        session.setRuleConfig(RuleConfig{});
        session.reanalyze();
        QTRY_COMPARE(calls.load(), 1);  // running, not merely queued
        session.setRuleConfig(noSkew);
        session.reanalyze();
        QVERIFY(analysed.wait(20000));
        QTest::qWait(600);  // the slow first analysis has finished by now
        QCOMPARE(analysed.size(), 2);
        const auto latest = analysed.last().at(1).value<AnalysisPtr>();
        QCOMPARE(latest, session.analysis());
        for (const Finding& f : latest->findings) QVERIFY(f.rule != "task-skew");
        QCOMPARE(cleared.size(), 1);  // a reanalysis keeps the model on screen
    }

    void aThrowingAnalysisIsReportedNotFatal() {
        LoadSession session;
        session.setAnalyzer([](const EventLogModel&, const RuleConfig&) -> Analysis {
            throw std::logic_error("rule threshold not declared: minRatoi");
        });
        QSignalSpy model(&session, &LoadSession::modelAvailable);
        QSignalSpy failed(&session, &LoadSession::analysisFailed);
        session.load(QString::fromStdString(
            (std::filesystem::path(tmp_.path().toStdString()) / "demo").string()));
        QVERIFY(failed.wait(20000));
        QCOMPARE(model.size(), 1);  // the log itself is shown
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("minRatoi")));
        QVERIFY(!session.analysis());
    }
};

QTEST_GUILESS_MAIN(ItemModels)
#include "tst_item_models.moc"
