// The History Server's SQL endpoints (issue 20 §1): Spark's metric strings (MetricUtils.
// stringValue with Utils.bytesToString and msDurationToString: values from Spark's own suites and
// their definitions), the plan graph's node ids and edges as SparkPlanGraph numbers them, and
// every real log with SQL executions answering both endpoints with the figures the plan graph
// shows.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "figures/PlanMetrics.h"
#include "load/Loader.h"
#include "rest/RestApi.h"
#include "rest/RestSql.h"

using namespace stagelight;
namespace fs = std::filesystem;

class RestSqlTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void sparksByteAndTimeStrings() {
        // UtilsSuite "bytesToString": a unit from twice its size.
        QCOMPARE(sparkBytesToString(10), std::string("10.0 B"));
        QCOMPARE(sparkBytesToString(1500), std::string("1500.0 B"));
        QCOMPARE(sparkBytesToString(2000000), std::string("1953.1 KiB"));
        QCOMPARE(sparkBytesToString(2097152), std::string("2.0 MiB"));
        QCOMPARE(sparkBytesToString(2306867), std::string("2.2 MiB"));
        QCOMPARE(sparkBytesToString(5368709120LL), std::string("5.0 GiB"));
        QCOMPARE(sparkBytesToString(5LL << 40), std::string("5.0 TiB"));
        QCOMPARE(sparkBytesToString(5LL << 50), std::string("5.0 PiB"));
        QCOMPARE(sparkBytesToString(5LL << 60), std::string("5.0 EiB"));
        QCOMPARE(sparkBytesToString(0), std::string("0.0 B"));
        // msDurationToString: a float, then Java's %.1f (half up on the shortest decimal).
        QCOMPARE(sparkMsDurationToString(999), std::string("999 ms"));
        QCOMPARE(sparkMsDurationToString(1000), std::string("1.0 s"));
        QCOMPARE(sparkMsDurationToString(1250), std::string("1.3 s"));  // printf says 1.2
        QCOMPARE(sparkMsDurationToString(1050), std::string("1.0 s"));  // 1.05f < 1.05
        QCOMPARE(sparkMsDurationToString(59999), std::string("60.0 s"));
        QCOMPARE(sparkMsDurationToString(61000), std::string("1.0 m"));
        QCOMPARE(sparkMsDurationToString(5400000), std::string("1.50 h"));
    }

    void sparksMetricStrings() {
        SqlMetricAggregate m;
        m.type = "sum";
        m.values = {1000, 234567};
        m.sum = 235567;
        QCOMPARE(sparkMetricString(m), std::string("235,567"));
        m.type = "size";
        m.values = {1024, 2048, 4096, 0};
        m.sum = 7168;
        m.maxFromTask = true;
        m.maxStage = 3, m.maxAttempt = 0, m.maxTask = 17, m.maxValue = 4096;
        QCOMPARE(sparkMetricString(m),
                 std::string("total (min, med, max (stageId: taskId))\n7.0 KiB (0.0 B, 2.0 KiB, "
                             "4.0 KiB (stage 3.0: task 17))"));
        // The window's plan graph: one line, its own units.
        QCOMPARE(windowMetricString(m), std::string("7.0 KiB (0 B, 2.0 KiB, 4.0 KiB)"));
        m.maxFromTask = false;  // a driver update was larger
        QVERIFY(sparkMetricString(m).find("(driver))") != std::string::npos);
        m.values = {-1, 5};  // one valid value: no quantiles
        QCOMPARE(sparkMetricString(m), std::string("5.0 B"));
        m.type = "nsTiming";
        m.values = {2'000'000, 5'000'000};
        m.maxFromTask = true;
        QCOMPARE(sparkMetricString(m), std::string("total (min, med, max (stageId: taskId))\n7 ms "
                                                   "(2 ms, 5 ms, 5 ms (stage 3.0: task 17))"));
        m.type = "average";  // stored ×10
        m.values = {15, 20, 0, 123456};
        QCOMPARE(sparkMetricString(m), std::string("(min, med, max (stageId: taskId)):\n(1.5, 2, "
                                                   "12,345.6 (stage 3.0: task 17))"));
    }

    void theGraphIsNumberedAsSparkNumbersIt() {
        // WholeStageCodegen (1) → Project → InputAdapter → Exchange → Range, root first: the
        // cluster 0, Project 1 in it, the exchange 2, Range 3; InputAdapter is not a node.
        SqlPlan plan;
        const auto node = [&](std::string name, std::vector<int32_t> children) {
            PlanNode n;
            n.nodeName = std::move(name);
            n.children = std::move(children);
            plan.nodes.push_back(std::move(n));
        };
        node("WholeStageCodegen (1)", {1});
        node("Project", {2});
        node("InputAdapter", {3});
        node("Exchange", {4});
        node("Range", {});
        const SparkGraph g = sparkPlanGraph(plan);
        QCOMPARE(g.nodes.size(), size_t(4));
        QVERIFY(g.nodes[0].cluster && g.nodes[0].planNode == 0);
        QCOMPARE(g.nodes[1].planNode, 1);
        QCOMPARE(g.nodes[1].codegenId, int64_t(1));
        QCOMPARE(g.nodes[2].planNode, 3);
        QCOMPARE(g.nodes[2].codegenId, int64_t(-1));  // below the InputAdapter: outside
        const std::vector<std::pair<int64_t, int64_t>> edges{{2, 1}, {3, 2}};
        QCOMPARE(g.edges, edges);
    }

    void everyRealSqlLogAnswersBothEndpoints() {
        STAGELIGHT_REQUIRE_SHARED();
        int logs = 0, executions = 0, metrics = 0;
        for (const auto& entry : fs::recursive_directory_iterator(test::sharedDir() / "eventlogs")) {
            // A rolling directory is one log; its parts are not logs alone.
            const bool rolling = entry.path().filename().string().rfind("eventlog_v2_", 0) == 0;
            const bool part = entry.path().parent_path().filename().string().rfind("eventlog_v2_", 0) == 0;
            if (rolling ? !entry.is_directory()
                        : (!entry.is_regular_file() || part || entry.path().extension() == ".md"))
                continue;
            LoadResult r = loadEventLog(entry.path());
            if (!r.model || r.model->sqlExecutions.empty() || r.model->application.id.empty())
                continue;
            const EventLogModel& m = *r.model;
            const std::string app = "applications/" + m.application.id +
                                    (m.application.attemptId.empty() ? "" : "/" + m.application.attemptId);
            const RestResponse list = restQuery(m, app + "/sql");
            QVERIFY2(list.status == 200, entry.path().c_str());
            const QJsonArray all = QJsonDocument::fromJson(QByteArray::fromStdString(list.body)).array();
            ++logs;
            for (const QJsonValue& v : all) {
                const QJsonObject e = v.toObject();
                const int64_t id = e[QStringLiteral("id")].toInteger();
                const RestResponse one = restQuery(m, app + "/sql/" + std::to_string(id));
                QCOMPARE(one.status, 200);
                QCOMPARE(QJsonDocument::fromJson(QByteArray::fromStdString(one.body)).object(), e);
                const SqlExecution* q = m.sqlExecution(id);
                QVERIFY(q);
                const PlanMetricTable table(m, *q);
                const SparkGraph g = sparkPlanGraph(q->plan);
                const QJsonArray nodes = e[QStringLiteral("nodes")].toArray();
                QCOMPARE(size_t(nodes.size()), g.nodes.size());
                for (const QJsonValue& n : nodes)
                    for (const QJsonValue& mv : n.toObject()[QStringLiteral("metrics")].toArray()) {
                        QVERIFY(!mv.toObject()[QStringLiteral("value")].toString().isEmpty());
                        ++metrics;
                    }
                // The plan graph's figures are the same aggregate in the window's units.
                for (const PlanNode& pn : q->plan.nodes)
                    for (const PlanMetricValue& pv : table.nodeMetrics(pn))
                        QCOMPARE(pv.text, windowMetricString(*table.aggregate(pv.accumulatorId)));
                ++executions;
            }
            // Paging as SQLAppStatusStore.executionsList(offset, length).
            const RestResponse page = restQuery(m, app + "/sql?offset=1&length=1&details=false");
            QCOMPARE(page.status, 200);
            const QJsonArray paged = QJsonDocument::fromJson(QByteArray::fromStdString(page.body)).array();
            QCOMPARE(paged.size(), all.size() > 1 ? 1 : 0);
            if (!paged.isEmpty()) {
                QCOMPARE(paged[0].toObject()[QStringLiteral("id")], all[1].toObject()[QStringLiteral("id")]);
                QVERIFY(paged[0].toObject()[QStringLiteral("nodes")].toArray().isEmpty());
            }
            QCOMPARE(restQuery(m, app + "/sql/987654321").status, 404);
        }
        qInfo("%d logs, %d executions, %d metric strings", logs, executions, metrics);
        QVERIFY(logs >= 10 && executions >= 50);
    }
};

QTEST_MAIN(RestSqlTest)
#include "tst_rest_sql.moc"
