// The diagnosis engine: each rule fires on the generator's log for its problem and points at the
// right stage, a healthy log stays clean, thresholds come from the rules file, severity follows
// the cost, time accounting adds up, and on real logs the what-if model reproduces the run.
#include <QSet>
#include <QtTest>

#include "LogGenerator.h"
#include "Scenario.h"
#include "TestSupport.h"
#include "diagnosis/Analyzer.h"
#include "diagnosis/EvidenceSources.h"
#include "figures/Histogram.h"
#include "figures/TaskFigures.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

class Diagnosis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachRuleFiresOnItsScenario_data();
    void eachRuleFiresOnItsScenario();
    void findingsNameTheMetricTheyAreAbout_data();
    void findingsNameTheMetricTheyAreAbout();
    void healthyLogIsClean();
    void configuredProblemsAreFound();
    void thresholdsComeFromTheRulesFile();
    void badRulesFilesAreRefused();
    void severityFollowsTheCostShare();
    void timeAccountingAddsUp();
    void driverGapsListTheLongestFirst();
    void histogramBinsEveryFinishedTask();
    void evidenceRawEventsAreReadByOffset();
    void whatIfReproducesRealRuns();
    void realLogsRaiseTheirKnownProblems();
    void failuresAreOneIncidentEach();
    void corpusScenariosRaiseExactlyTheirProblems_data();
    void corpusScenariosRaiseExactlyTheirProblems();

private:
    std::unique_ptr<EventLogModel> scenario(const std::string& name);
    QTemporaryDir tmp_;
};

std::unique_ptr<EventLogModel> Diagnosis::scenario(const std::string& name) {
    const fs::path file = fs::path(tmp_.path().toStdString()) / (name + ".json");
    if (!fs::exists(file)) test::writeFile(file, gen::generateLogText(gen::makeScenario(name)));
    LoadResult r = loadEventLog(file);
    return std::move(r.model);
}

void Diagnosis::eachRuleFiresOnItsScenario_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("stage");  // -1: no stage evidence expected
    QTest::newRow("skew") << "skew"
                          << "task-skew" << 1;
    QTest::newRow("spill") << "spill"
                           << "spill" << 1;
    QTest::newRow("small files read") << "small-files"
                                      << "small-files-read" << -1;
    QTest::newRow("small files written") << "small-files"
                                         << "small-files-written" << -1;
    QTest::newRow("tiny tasks") << "tiny-tasks"
                                << "tiny-tasks" << 1;
    QTest::newRow("too few partitions") << "too-few-partitions"
                                        << "too-few-partitions" << 1;
    QTest::newRow("idle executors") << "idle-executors"
                                    << "idle-cores" << -1;
    QTest::newRow("gc") << "gc-pressure"
                        << "gc-pressure" << 1;
    QTest::newRow("failed tasks") << "failures"
                                  << "failed-tasks" << 0;
    QTest::newRow("failed stages") << "failures"
                                   << "failed-stages" << 1;
    QTest::newRow("cache") << "cache"
                           << "cache-waste" << -1;
    QTest::newRow("missed broadcast") << "missed-broadcast"
                                      << "missed-broadcast" << -1;
    QTest::newRow("oversized broadcast") << "oversized-broadcast"
                                         << "oversized-broadcast" << -1;
    QTest::newRow("pushdown") << "missing-pushdown"
                              << "missing-pushdown" << -1;
    QTest::newRow("python") << "python-udf"
                            << "python-udf" << -1;
    QTest::newRow("cartesian") << "cartesian"
                               << "cartesian-join" << -1;
    QTest::newRow("cold start") << "cold-start"
                                << "cold-start" << -1;
    QTest::newRow("config") << "demo"
                            << "config" << -1;
    // clang-format off
    QTest::newRow("recomputation") << "cache" << "recomputation" << -1;
    QTest::newRow("executor memory") << "skew" << "executor-memory" << -1;
    QTest::newRow("slow host") << "slow-host" << "slow-host" << 0;
    QTest::newRow("straggler") << "slow-host" << "straggler" << 1;
    QTest::newRow("locality") << "locality" << "locality" << -1;
    QTest::newRow("wide scan") << "wide-scan" << "wide-scan" << -1;
    QTest::newRow("speculation waste") << "speculation-waste" << "speculation-waste" << 0;
    // clang-format on
}

void Diagnosis::eachRuleFiresOnItsScenario() {
    QFETCH(QString, scenario);
    QFETCH(QString, rule);
    QFETCH(int, stage);
    auto model = this->scenario(scenario.toStdString());
    QVERIFY(model);
    const Analysis a = analyze(*model);
    const Finding* found = nullptr;
    for (const Finding& f : a.findings)
        if (f.rule == rule.toStdString()) found = &f;
    QVERIFY2(found, qPrintable(rule + QStringLiteral(" did not fire on ") + scenario));
    QVERIFY(!found->title.empty() && !found->detail.empty() && !found->fix.empty());
    QVERIFY(!found->costMethod.empty());
    if (stage >= 0) {
        bool points = false;
        for (const Finding& f : a.findings)
            if (f.rule == rule.toStdString())
                for (const Evidence& e : f.evidence) points = points || e.stageId == stage;
        QVERIFY2(points, "the evidence does not name the expected stage");
    }
    // Evidence of SQL rules names an existing plan node.
    for (const Evidence& e : found->evidence)
        if (e.kind == Evidence::Kind::SqlNode) {
            const SqlExecution* exec = model->sqlExecution(e.executionId);
            QVERIFY(exec);
            QVERIFY(e.nodeId >= 0 && size_t(e.nodeId) < exec->plan.nodes.size());
        }
}

void Diagnosis::findingsNameTheMetricTheyAreAbout_data() {
    // The histogram a finding's outliers are shown in (window and report alike) is the rule's
    // word, not a rule-name switch elsewhere.
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("metric");
    QTest::newRow("skew") << "skew" << "task-skew" << int(HistogramMetric::ShuffleRead);
    QTest::newRow("spill") << "spill" << "spill" << int(HistogramMetric::SpillDisk);
    QTest::newRow("gc") << "gc-pressure" << "gc-pressure" << int(HistogramMetric::GcTime);
    QTest::newRow("small files") << "small-files" << "small-files-read"
                                 << int(HistogramMetric::Input);
    QTest::newRow("others") << "too-few-partitions" << "too-few-partitions"
                            << int(HistogramMetric::Duration);
}

void Diagnosis::findingsNameTheMetricTheyAreAbout() {
    QFETCH(QString, scenario);
    QFETCH(QString, rule);
    QFETCH(int, metric);
    auto model = this->scenario(scenario.toStdString());
    QVERIFY(model);
    int found = 0;
    for (const Finding& f : analyze(*model).findings)
        if (f.rule == rule.toStdString()) {
            ++found;
            QCOMPARE(int(f.focusMetric), metric);
        }
    QVERIFY(found > 0);
}

void Diagnosis::healthyLogIsClean() {
    auto model = scenario("healthy");
    const Analysis a = analyze(*model);
    for (const Finding& f : a.findings)
        qWarning("unexpected: %s %s", f.rule.c_str(), f.title.c_str());
    QVERIFY(a.findings.empty());
    QCOMPARE(a.cleanChecks.size() + a.notRunChecks.size(), allRules().size());
}

// A scenario planted with one cause: that cause is the top finding, nothing else costs wall
// clock, and its cost is within 10 % of what the log itself shows for it: the time-accounting
// slices of that kind, or (for slow tasks) a figure taken from the tasks' own times. `says` is
// text the finding's detail or fix must hold (what names the cause or its lever).
void Diagnosis::configuredProblemsAreFound() {
    auto analyzeText = [&](const std::string& name, const std::string& text) {
        const fs::path file = fs::path(tmp_.path().toStdString()) / name;
        test::writeFile(file, text);
        LoadResult r = loadEventLog(file);
        return analyze(*r.model);
    };
    auto has = [](const Analysis& a, const char* rule) {
        return std::any_of(a.findings.begin(), a.findings.end(),
                           [&](const Finding& f) { return f.rule == rule; });
    };
    // A log cut before ApplicationEnd.
    gen::GenerateOptions cut;
    cut.complete = false;
    QVERIFY(
        has(analyzeText("cut.inprogress", gen::generateLogText(gen::makeScenario("healthy"), cut)),
            "log-quality"));
    // Spill with 512 MiB of executor memory per concurrent task.
    gen::ScenarioConfig small = gen::makeScenario("spill");
    small.executorMemoryMb = 2048;
    const Analysis spill = analyzeText("small-memory.json", gen::generateLogText(small));
    QVERIFY(has(spill, "memory-per-task"));
    // Dynamic allocation without a shuffle service, and the Java serializer.
    gen::ScenarioConfig risky = gen::makeScenario("healthy");
    risky.dynamicAllocationWithoutShuffleService = true;
    risky.javaSerializer = true;
    const Analysis config = analyzeText("risky.json", gen::generateLogText(risky));
    QCOMPARE(std::count_if(config.findings.begin(), config.findings.end(),
                           [](const Finding& f) { return f.rule == "config"; }),
             2);
}

void Diagnosis::thresholdsComeFromTheRulesFile() {
    auto model = scenario("skew");
    auto fires = [&](const RuleConfig& c, const std::string& rule) {
        for (const Finding& f : analyze(*model, c).findings)
            if (f.rule == rule) return true;
        return false;
    };
    QVERIFY(fires({}, "task-skew"));
    RuleConfig strict;
    std::string error;
    QVERIFY2(RuleConfig::parse(R"({"rules": {"task-skew": {"minSavingMs": 1e9}}})",
                               strict, error),
             error.c_str());
    QVERIFY(!fires(strict, "task-skew"));
    RuleConfig off;
    QVERIFY(RuleConfig::parse(R"({"rules": {"task-skew": {"enabled": false}}})", off, error));
    const Analysis a = analyze(*model, off);
    QVERIFY(std::any_of(a.notRunChecks.begin(), a.notRunChecks.end(),
                        [](const auto& n) { return n.first == "task-skew"; }));
    // What the GUI's rules editor saves parses back to the same configuration.
    QCOMPARE(QString::fromStdString(RuleConfig{}.toJson()).trimmed(), QStringLiteral("{}"));
    RuleConfig edited = strict;
    edited.disabled.insert("locality");
    edited.criticalShare = 0.2;
    RuleConfig back;
    QVERIFY2(RuleConfig::parse(edited.toJson(), back, error), error.c_str());
    QCOMPARE(back.criticalShare, 0.2);
    QCOMPARE(back.warningShare, edited.warningShare);
    QVERIFY(back.disabled == edited.disabled);
    QVERIFY(back.overrides == edited.overrides);
    QCOMPARE(back.toJson(), edited.toJson());
}

void Diagnosis::badRulesFilesAreRefused() {
    RuleConfig c;
    std::string error;
    QVERIFY(!RuleConfig::parse(R"({"rules": {"no-such-rule": {}}})", c, error));
    QVERIFY(error.find("no-such-rule") != std::string::npos);
    QVERIFY(!RuleConfig::parse(R"({"rules": {"task-skew": {"minSavingMz": 3}}})", c, error));
    QVERIFY(error.find("minSavingMz") != std::string::npos);
    QVERIFY(!RuleConfig::parse(R"({"rules": {"task-skew": {"minSavingMs": -1}}})", c, error));
    QVERIFY(!RuleConfig::parse(R"({"severity": {"criticalShare": 0.01, "warningShare": 0.5}})", c,
                               error));
    QVERIFY(!RuleConfig::parse("not json", c, error));
}

void Diagnosis::severityFollowsTheCostShare() {
    auto model = scenario("skew");
    const Analysis a = analyze(*model);
    for (const Finding& f : a.findings) {
        const double share = double(f.estimatedCostMs) / double(a.time.wallClockMs);
        if (share >= 0.10) QCOMPARE(f.severity, Severity::Critical);
        if (f.estimatedCostMs > 0 && share < 0.02)
            QCOMPARE(f.severity, std::max(Severity::Info, f.minSeverity));
    }
    // Ranked by cost.
    for (size_t i = 1; i < a.findings.size(); ++i)
        QVERIFY(a.findings[i - 1].estimatedCostMs >= a.findings[i].estimatedCostMs);
    RuleConfig lenient;
    std::string error;
    QVERIFY(RuleConfig::parse(R"({"severity": {"criticalShare": 0.99, "warningShare": 0.98}})",
                              lenient, error));
    for (const Finding& f : analyze(*model, lenient).findings)
        QVERIFY(f.severity != Severity::Critical);
}

void Diagnosis::driverGapsListTheLongestFirst() {
    // A short gap before the second job and a long one before the third: the finding's first
    // window is the long one its text names (the window zooms to the first).
    auto config = gen::makeScenario("driver-between-jobs");
    config.jobs.push_back(config.jobs.back());
    config.jobs[1].driverGapBeforeMs = 6000;
    config.jobs[2].driverGapBeforeMs = 15000;
    const fs::path file = fs::path(tmp_.path().toStdString()) / "two-gaps.json";
    test::writeFile(file, gen::generateLogText(config));
    LoadResult r = loadEventLog(file);
    QVERIFY(r.model);
    const Analysis a = analyze(*r.model);
    const Finding* between = nullptr;
    for (const Finding& f : a.findings)
        if (f.cause == "driver-between-jobs") between = &f;
    QVERIFY(between);
    std::vector<int64_t> lengths;
    for (const Evidence& e : between->evidence)
        if (e.kind == Evidence::Kind::TimeWindow) lengths.push_back(e.endMs - e.startMs);
    QCOMPARE(lengths.size(), size_t(2));
    QVERIFY2(lengths[0] > lengths[1], between->detail.c_str());
    QVERIFY(lengths[0] >= 14000);
}

void Diagnosis::timeAccountingAddsUp() {
    for (const char* name : {"demo", "cold-start", "failures"}) {
        auto model = scenario(name);
        const Analysis a = analyze(*model);
        const TimeAccounting& t = a.time;
        QVERIFY(t.wallClockMs > 0);
        QCOMPARE(t.driverOnlyMs + t.jobTimeMs, t.wallClockMs);
        QVERIFY(t.idleCores >= 0 && t.idleCores <= 1);
        QVERIFY(!t.criticalPaths.empty());
        for (const CriticalPath& p : t.criticalPaths) QVERIFY(p.pathMs <= p.jobDurationMs + 1);
        int64_t gapDriver = 0;
        for (const Gap& g : t.gaps) {
            QVERIFY(g.endMs > g.startMs);
            if (g.cause == Gap::Cause::Driver) gapDriver += g.endMs - g.startMs;
        }
        QCOMPARE(gapDriver, t.driverOnlyMs);
        for (const CoreSample& c : t.coreSeries) QVERIFY(c.busyCores <= c.allocatedCores + 0.5);
        // More executors never make the estimate slower; at 100 % it is close to the run.
        for (size_t i = 1; i < a.whatIf.points.size(); ++i)
            QVERIFY(a.whatIf.points[i].estimatedWallMs <= a.whatIf.points[i - 1].estimatedWallMs);
        QVERIFY2(std::abs(double(a.whatIf.modelErrorMs)) <= 0.2 * double(t.wallClockMs), name);
    }
    // The cold start shows as a wait for executors, the fetch failure as a failed attempt.
    const Analysis cold = analyze(*scenario("cold-start"));
    QVERIFY(std::any_of(cold.findings.begin(), cold.findings.end(), [](const Finding& f) {
        return f.rule == "cold-start" && f.estimatedCostMs >= 30000;
    }));
}

void Diagnosis::histogramBinsEveryFinishedTask() {
    auto model = scenario("skew");
    const StageAttempt* s = model->stage(1, 0);
    QVERIFY(s);
    const size_t index = size_t(s - model->stages.data());
    for (HistogramMetric m : {HistogramMetric::Duration, HistogramMetric::ShuffleRead}) {
        const Histogram h = taskHistogram(*model, index, m, 20);
        QCOMPARE(h.tasks, size_t(32));
        QCOMPARE(h.bins.size(), size_t(20));
        size_t binned = 0;
        for (const HistogramBin& b : h.bins) {
            QVERIFY(b.to > b.from);
            QCOMPARE(b.first, binned);  // bins are consecutive ranges of the sorted tasks
            binned += b.count;
        }
        QCOMPARE(binned, h.tasks);
        // The skewed task sits alone in the last bin, far above the median.
        QCOMPARE(h.bins.back().count, size_t(1));
        const TaskValues values = taskValues(*model, index, m);
        const auto ids = binTaskIds(values, h.bins.back());
        QCOMPARE(ids.size(), size_t(1));
        QCOMPARE(double(values.sorted.back().value), h.max);
        QCOMPARE(ids.front(), values.sorted.back().taskId);
        // Re-binning keeps every task.
        size_t rebinned = 0;
        for (const HistogramBin& b : binTaskValues(values, 7).bins) rebinned += b.count;
        QCOMPARE(rebinned, h.tasks);
        QVERIFY(h.max > 5 * h.median);
    }
    QCOMPARE(taskHistogram(*model, model->stages.size(), HistogramMetric::Duration).tasks,
             size_t(0));
}

void Diagnosis::evidenceRawEventsAreReadByOffset() {
    size_t sqlStarts = 0;
    for (const char* name : {"skew", "missed-broadcast"}) {
        auto model = scenario(name);
        const Analysis a = analyze(*model);
        QVERIFY(!a.findings.empty());
        size_t checked = 0;
        for (const Finding& f : a.findings) {
            const auto sources = evidenceSources(*model, f, 5);
            std::vector<SourceRef> refs;
            for (const EvidenceSource& s : sources) refs.push_back(s.where);
            const auto lines = readSourceLines(model->source, refs);
            for (size_t i = 0; i < sources.size(); ++i) {
                QVERIFY2(lines[i].has_value(), sources[i].label.c_str());
                // The label names the event the line holds, and the ids match.
                const std::string& label = sources[i].label;
                const std::string event = label.substr(0, label.find(' '));
                QVERIFY2(lines[i]->rfind("{\"Event\":\"SparkListener" + event + "\"", 0) == 0 ||
                             lines[i]->find("SQLExecutionStart\"") != std::string::npos,
                         label.c_str());
                if (event == "TaskEnd") {
                    const std::string id = label.substr(label.find("task ") + 5);
                    QVERIFY(lines[i]->find("\"Task ID\":" + id.substr(0, id.find(' ')) + ",") !=
                            std::string::npos);
                }
                sqlStarts += event == "SQLExecutionStart" ? 1 : 0;
                ++checked;
            }
            for (const Evidence& e : f.evidence)
                if (e.kind == Evidence::Kind::Tasks && !e.taskIds.empty())
                    QVERIFY(std::any_of(sources.begin(), sources.end(), [](const auto& s) {
                        return s.label.rfind("TaskEnd", 0) == 0;
                    }));
        }
        QVERIFY(checked >= 2);
    }
    QVERIFY(sqlStarts > 0);  // the broadcast finding points at a plan node
}

void Diagnosis::whatIfReproducesRealRuns() {
    STAGELIGHT_REQUIRE_SHARED();
    // Complete logs of whole applications (excerpts that keep one task of a stage cannot be
    // replayed).
    const char* logs[] = {
        "apache__spark/core/spark-events/local-1430917381534",
        "apache__spark/core/spark-events/app-20161115172038-0000",
        "apache__spark/core/spark-events/application_1516285256255_0012",
        "apache__spark/core/spark-events/local-1642039451826",
        "NVIDIA__spark-rapids-tools/spark-events-profiling/eventlog_dsv1.zstd",
        "NVIDIA__spark-rapids-tools/spark-events-profiling/eventlog-gpu-dsv1.zstd",
        "NVIDIA__spark-rapids-tools/spark-events-qualification/aqeshuffle_eventlog.zstd",
        "NVIDIA__spark-rapids-tools/spark-events-qualification/nds_q88_photon_db_13_3.zstd",
        "shuffle-works__spark-event-corpus-data/failure-killed-run.ndjson",
    };
    for (const char* log : logs) {
        const fs::path file = test::sharedDir() / "eventlogs" / log;
        if (!fs::exists(file))
            QSKIP(qPrintable(QStringLiteral("missing from the corpus: ") + QString::fromUtf8(log)));
        LoadResult r = loadEventLog(file);
        QVERIFY2(r.model, r.error.c_str());
        const Analysis a = analyze(*r.model);
        const double error = double(a.whatIf.modelErrorMs) / double(a.time.wallClockMs);
        qInfo("%s: wall %lld ms, what-if at 100 %% off by %.1f %%", log,
              static_cast<long long>(a.time.wallClockMs), error * 100);
        QVERIFY2(std::abs(error) <= 0.10, log);
    }
}

void Diagnosis::realLogsRaiseTheirKnownProblems() {
    STAGELIGHT_REQUIRE_SHARED();
    struct Case {
        const char* log;
        const char* rule;
        bool fires;
    };
    const Case cases[] = {
        // Executors 2 and 1 lost (1 ExecutorLostFailure, 2 FetchFailed, 50 map outputs
        // Resubmitted), stage 238.0 failed, job 79 produced nothing: one incident, the failed
        // stage's; no separate task-retry finding.
        {"NVIDIA__spark-rapids-tools/spark-events-profiling/"
         "tasks_executors_fail_compressed_eventlog.zstd",
         "failed-tasks", false},
        {"NVIDIA__spark-rapids-tools/spark-events-profiling/"
         "tasks_executors_fail_compressed_eventlog.zstd",
         "failed-stages", true},
        // AQE shuffle reads that spill 118 MB to disk.
        {"NVIDIA__spark-rapids-tools/spark-events-qualification/aqeshuffle_eventlog.zstd", "spill",
         true},
        // Ten failed attempts of a RuntimeException ("bad exec").
        {"apache__spark/core/spark-events/app-20161115172038-0000", "failed-tasks", true},
        // A small clean run: no skew, spill or failures.
        {"apache__spark/core/spark-events/local-1430917381534", "task-skew", false},
        {"apache__spark/core/spark-events/local-1430917381534", "spill", false},
        {"apache__spark/core/spark-events/local-1430917381534", "failed-tasks", false},
    };
    for (const Case& c : cases) {
        const fs::path file = test::sharedDir() / "eventlogs" / c.log;
        if (!fs::exists(file))
            QSKIP(
                qPrintable(QStringLiteral("missing from the corpus: ") + QString::fromUtf8(c.log)));
        LoadResult r = loadEventLog(file);
        QVERIFY2(r.model, r.error.c_str());
        const Analysis a = analyze(*r.model);
        const bool fired = std::any_of(a.findings.begin(), a.findings.end(),
                                       [&](const Finding& f) { return f.rule == c.rule; });
        QVERIFY2(fired == c.fires, qPrintable(QString::fromUtf8(c.log) + QLatin1Char(' ') +
                                              QString::fromUtf8(c.rule)));
    }
}

void Diagnosis::failuresAreOneIncidentEach() {
    // The failures scenario: stage 0's first attempts fail and are retried (in 0.0 and again in
    // its re-run 0.1), and a FetchFailed makes stage 1.0 fail and run again.
    auto model = scenario("failures");
    QVERIFY(model);
    const Analysis a = analyze(*model);
    std::vector<const Finding*> tasks, stages;
    for (const Finding& f : a.findings) {
        if (f.rule == "failed-tasks") tasks.push_back(&f);
        if (f.rule == "failed-stages") stages.push_back(&f);
    }
    // The same IOException in 0.0 and 0.1: one task-retry finding.
    QCOMPARE(tasks.size(), size_t(1));
    QCOMPARE(QString::fromStdString(tasks[0]->cause), QStringLiteral("task-retry"));
    QVERIFY(tasks[0]->title.find("were retried and succeeded") != std::string::npos);
    // The fetch failure, with the re-run of the map output it lost, is one incident.
    QCOMPARE(stages.size(), size_t(1));
    QCOMPARE(QString::fromStdString(stages[0]->cause), QStringLiteral("executor-lost-incident"));
    QCOMPARE(stages[0]->stage.str(), std::string("1.0"));
    QVERIFY(stages[0]->detail.find("stage 0.1") != std::string::npos);
    QVERIFY(stages[0]->estimatedCostMs > 0 && tasks[0]->estimatedCostMs > 0);
}

void Diagnosis::corpusScenariosRaiseExactlyTheirProblems_data() {
    // Hand-written fixtures: few events, task times relative to 0 in most, no executors and
    // often no JobEnd, so the rules see only what those few events show. driver-time is true
    // where the application ends long after the last task (ApplicationEnd at +10 s, tasks done
    // by +6 s; minimal: ApplicationEnd 47 min after its last task).
    QTest::addColumn<QString>("log");
    QTest::addColumn<QStringList>("rules");  // every rule that must fire; nothing else may
    QTest::addColumn<int>("stage");          // a stage the first rule's evidence names, or -1
    QTest::addColumn<QString>("knownDefect");  // why the engine still gets it wrong, or empty
    const QString dir = QStringLiteral("shuffle-works__spark-event-corpus-data/external/external-");
    auto row = [&](const char* name, QStringList rules, int stage, const char* defect = "") {
        QTest::newRow(name) << dir + QString::fromLatin1(name) + QStringLiteral("-eventlog.ndjson")
                            << rules << stage << QString::fromLatin1(defect);
    };
    const QString driver = QStringLiteral("driver-time");
    // Job 12 failed at +5 s; the application ended at +10 s. One incident: the failed job.
    row("failed", {QStringLiteral("failed-stages"), driver}, 13);
    // 6 tasks of 200 MiB and 4 of 300 MiB all ran at once: with no executors logged, the cores
    // are the tasks' own overlap, so more partitions cannot be shown to help.
    row("low-shuffle-parallelism", {driver}, -1);
    row("oversized-shuffle", {driver}, -1);
    // Relative task times placed at their job's start (+1 s); the application ends 8 s later.
    row("memory-spill-skew", {QStringLiteral("spill"), driver}, 14);
    // Task 209 read 30 x the data of the others in the same 1000 ms: no wall clock to save.
    row("shuffle-skewed", {driver}, -1);
    // Task 109 read 10 x the others' shuffle data (10 KB against 1 KB) and ran 9 s against 1 s.
    row("skewed", {QStringLiteral("task-skew")}, 4);
    row("retry-waste", {QStringLiteral("failed-tasks")}, 16);
    // Job 1's JobStart names no stage; stage 18's tasks ran +0..+2 s, the application to +10 s.
    row("speculation-heavy", {QStringLiteral("speculation-waste"), driver}, 18);
    row("spill-heavy", {QStringLiteral("spill"), driver}, 9);
    row("tiny-tasks", {QStringLiteral("tiny-tasks"), driver}, 15);
    row("worker-imbalanced", {QStringLiteral("slow-host"), driver}, 17);
    row("minimal", {driver}, -1);
}

void Diagnosis::corpusScenariosRaiseExactlyTheirProblems() {
    STAGELIGHT_REQUIRE_SHARED();
    QFETCH(QString, log);
    QFETCH(QStringList, rules);
    QFETCH(int, stage);
    QFETCH(QString, knownDefect);
    const fs::path file = test::sharedDir() / "eventlogs" / log.toStdString();
    if (!fs::exists(file)) QSKIP("the scenario log is not part of ../shared/eventlogs");
    LoadResult r = loadEventLog(file);
    QVERIFY2(r.model, r.error.c_str());
    const Analysis a = analyze(*r.model);
    QSet<QString> fired;
    for (const Finding& f : a.findings) fired.insert(QString::fromStdString(f.rule));
    // Whole-application notes that are true of these small fixtures too.
    fired.remove(QStringLiteral("idle-cores"));
    fired.remove(QStringLiteral("executor-memory"));
    fired.remove(QStringLiteral("log-quality"));  // hand-written: no executors, no TaskStart
    if (!knownDefect.isEmpty()) QEXPECT_FAIL("", qPrintable(knownDefect), Continue);
    QCOMPARE(fired, QSet<QString>(rules.begin(), rules.end()));
    if (stage >= 0) {
        bool points = false;
        for (const Finding& f : a.findings)
            if (QString::fromStdString(f.rule) == rules.first())
                for (const Evidence& e : f.evidence) points = points || e.stageId == stage;
        if (!knownDefect.isEmpty() && !fired.contains(rules.first()))
            QEXPECT_FAIL("", qPrintable(knownDefect), Continue);
        QVERIFY2(points, "the evidence does not name the scenario's stage");
    }
}

QTEST_GUILESS_MAIN(Diagnosis)
#include "tst_diagnosis.moc"
