// Each generator scenario planted with one cause: that cause is the top finding, from the rule
// that owns it, saying what the scenario planted, costing within 10 % of the time planted, and
// every other finding costs nothing.
#include <QtTest>

#include <algorithm>

#include "LogGenerator.h"
#include "Scenario.h"
#include "TestSupport.h"
#include "diagnosis/Analyzer.h"
#include "figures/TaskFigures.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

class DiagnosisCauses : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachScenarioShowsItsCause_data();
    void eachScenarioShowsItsCause();

private:
    std::unique_ptr<EventLogModel> scenario(const std::string& name);
    QTemporaryDir tmp_;
};

std::unique_ptr<EventLogModel> DiagnosisCauses::scenario(const std::string& name) {
    const fs::path file = fs::path(tmp_.path().toStdString()) / (name + ".json");
    if (!fs::exists(file)) test::writeFile(file, gen::generateLogText(gen::makeScenario(name)));
    LoadResult r = loadEventLog(file);
    return std::move(r.model);
}

void DiagnosisCauses::eachScenarioShowsItsCause_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("cause");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("says");
    // clang-format off
    QTest::newRow("cold start") << "cold-start" << "waiting-for-executors" << "cold-start" << "";
    QTest::newRow("stage wait") << "stage-wait" << "stage-wait" << "stage-wait" << "";
    QTest::newRow("driver between jobs") << "driver-between-jobs" << "driver-between-jobs" << "driver-time" << "";
    QTest::newRow("driver stall") << "driver-stall" << "driver-stall" << "driver-stall" << "";
    QTest::newRow("partition discovery") << "partition-discovery" << "partition-discovery" << "partition-discovery" << "";
    QTest::newRow("warm-up") << "warm-up" << "warm-up" << "straggler" << "";
    QTest::newRow("input skew") << "input-skew" << "input-skew" << "task-skew" << "";
    QTest::newRow("driver SQL, no job") << "driver-sql-no-job" << "driver-between-jobs" << "driver-time"
                                        << "3 SQL commands ran here on the driver without starting a job (createOrReplaceTempView ×3";
    QTest::newRow("cold executor") << "cold-executor" << "cold-executor" << "straggler" << "on executor 5";
    QTest::newRow("cache miss") << "cache-miss" << "cache-miss" << "straggler" << "from Hadoop";
    QTest::newRow("executor churn") << "executor-churn" << "executor-churn" << "executor-churn"
                                    << "spark.dynamicAllocation.executorIdleTimeout (now 10s) to 11s";
    // On YARN the released executors' reason is the container's explicit termination.
    QTest::newRow("executor churn, YARN") << "executor-churn-yarn" << "executor-churn" << "executor-churn"
                                          << "spark.dynamicAllocation.executorIdleTimeout (now 10s) to 11s";
    QTest::newRow("two-partition write") << "two-partition-write" << "too-few-partitions" << "too-few-partitions"
                                         << "repartition(2)): raise it to 32";
    QTest::newRow("cpu-bound") << "cpu-bound" << "cpu-bound" << "cpu-bound" << "spark.executor.instances=8, now 4";
    // clang-format on
}

namespace {

int64_t medianOf(std::vector<int64_t> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// What the log shows for the planted cause, measured without the diagnosis rules.
int64_t plantedMs(const EventLogModel& m, const Analysis& a, const std::string& cause,
                  StageKey stage) {
    auto sliceMs = [&](Slice::Cause c) {
        int64_t ms = 0;
        for (const Slice& s : a.time.slices)
            if (s.cause == c) ms += s.durationMs();
        return ms;
    };
    if (cause == "waiting-for-executors") return sliceMs(Slice::Cause::WaitingForExecutors);
    if (cause == "stage-wait") return sliceMs(Slice::Cause::StageWait);
    if (cause == "driver-between-jobs") return sliceMs(Slice::Cause::DriverBetweenJobs);
    // Executors released between jobs: the next job's wait for new ones.
    if (cause == "executor-churn") return sliceMs(Slice::Cause::WaitingForExecutors);
    const StageAttempt* at = m.stage(stage.stage, stage.attempt);
    if (!at) return -1;
    const auto rows = m.derived.stageRows.rows(size_t(at - m.stages.data()));
    std::vector<int64_t> durations;
    int64_t start = INT64_MAX, end = 0;
    for (uint32_t r : rows) {
        durations.push_back(m.tasks.duration(r));
        start = std::min(start, m.taskLaunch(r));
        end = std::max(end, m.taskFinish(r));
    }
    const int64_t median = medianOf(durations);
    if (cause == "partition-discovery") return end - start;  // the listing stage's run
    if (cause == "driver-stall") {  // the median task's wait on the driver
        std::vector<int64_t> delays;
        for (uint32_t r : rows)
            delays.push_back(taskTimes(m.tasks, r, m.application.lastEventTime).schedulerDelay);
        return medianOf(delays);
    }
    if (cause == "warm-up") {  // the first wave's time past the later pace, over the slots
        std::vector<int64_t> later;
        int64_t first = 0, firstMs = 0;
        for (uint32_t r : rows)
            if (m.taskLaunch(r) >= start + 100) {
                later.push_back(m.tasks.duration(r));
            } else {
                ++first;
                firstMs += m.tasks.duration(r);
            }
        int64_t slots = 0;
        for (const Executor& e : m.executors) slots += e.totalCores;
        return (firstMs - first * medianOf(later)) / std::max<int64_t>(1, slots);
    }
    // The cold tasks' deserialization past the median task's, over the stage's slots.
    if (cause == "cold-executor") {
        std::vector<int64_t> deser;
        for (uint32_t r : rows) deser.push_back(m.tasks.get(r, TaskField::ExecutorDeserializeTime));
        const int64_t usual = medianOf(deser);
        int64_t extra = 0;
        for (int64_t d : deser)
            if (d >= 1000) extra += d - usual;
        int64_t slots = 0;
        for (const Executor& e : m.executors)
            if (e.addTime < end) slots += e.totalCores;
        return extra / std::max<int64_t>(1, slots);
    }
    // The write stage's run less its task time spread over every core.
    if (cause == "too-few-partitions") {
        int64_t taskMs = 0, cores = 0;
        for (uint32_t r : rows) taskMs += m.tasks.duration(r);
        for (const Executor& e : m.executors) cores += e.totalCores;
        return (end - start) - taskMs / std::max<int64_t>(1, cores);
    }
    // Half the time at least 90 % of the cores ran tasks (what twice the cores would save).
    if (cause == "cpu-bound") {
        int64_t cores = 0;
        for (const Executor& e : m.executors) cores += e.totalCores;
        std::vector<std::pair<int64_t, int>> steps;
        for (uint32_t r : rows) {
            steps.emplace_back(m.taskLaunch(r), 1);
            steps.emplace_back(m.taskFinish(r), -1);
        }
        std::sort(steps.begin(), steps.end());
        int64_t busyMs = 0, running = 0, since = 0;
        for (const auto& [at, d] : steps) {
            if (10 * running >= 9 * cores) busyMs += at - since;
            running += d;
            since = at;
        }
        return busyMs / 2;
    }
    if (cause == "input-skew" || cause == "cache-miss") {  // the stage's end past its last ordinary task
        int64_t ordinaryEnd = start;
        for (uint32_t r : rows)
            if (m.tasks.duration(r) < 3 * median) ordinaryEnd = std::max(ordinaryEnd, m.taskFinish(r));
        return end - ordinaryEnd;
    }
    return -1;
}

}  // namespace

void DiagnosisCauses::eachScenarioShowsItsCause() {
    QFETCH(QString, scenario);
    QFETCH(QString, cause);
    QFETCH(QString, rule);
    QFETCH(QString, says);
    auto model = this->scenario(scenario.toStdString());
    QVERIFY(model);
    const Analysis a = analyze(*model);
    QVERIFY(!a.findings.empty());
    const Finding& top = a.findings.front();
    QCOMPARE(QString::fromStdString(top.cause), cause);
    QCOMPARE(QString::fromStdString(top.rule), rule);
    QVERIFY2(QString::fromStdString(top.detail + " " + top.fix).contains(says),
             qPrintable(QString::fromStdString(top.detail + "\n" + top.fix)));
    for (size_t i = 1; i < a.findings.size(); ++i)
        QVERIFY2(a.findings[i].estimatedCostMs == 0,
                 qPrintable(QString::fromStdString(a.findings[i].id + ": " + a.findings[i].title)));
    const int64_t planted = plantedMs(*model, a, cause.toStdString(), top.stage);
    QVERIFY2(planted > 1000, qPrintable(QString::number(planted)));
    qInfo("%s: cost %lld ms, planted %lld ms", qPrintable(scenario),
          static_cast<long long>(top.estimatedCostMs), static_cast<long long>(planted));
    QVERIFY(std::abs(double(top.estimatedCostMs - planted)) <= 0.10 * double(planted));
}

QTEST_GUILESS_MAIN(DiagnosisCauses)
#include "tst_diagnosis_causes.moc"
