// History Server semantics on a log written inline (runs without ../shared): task outcome
// counters, speculation and kill summaries, quantiles over successful tasks only, executor
// lifecycles (removed executors, driver run time) and the application listing over a directory.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "TestSupport.h"
#include "load/Loader.h"
#include "rest/RestApi.h"

using namespace stagelight;

class RestSemantics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void stageCountsEveryOutcome();
    void quantilesRankSuccessfulTasksOnly();
    void taskListSortsAndFilters();
    void executorsFollowTheirLifecycle();
    void listingGroupsAttemptsAndFilters();
    void errorsAreRestErrors();
    void nodeExclusionSparesTheDriver();
    void pushShuffleMetricsReadInEverySpelling();

private:
    QJsonValue get(const std::string& path, int expectStatus = 200);
    QTemporaryDir dir_;
    std::unique_ptr<EventLogModel> model_;
};

namespace {

std::string task(int id, int index, bool speculative, int launch, int finish, const char* reason,
                 bool failed, bool killed, int runTime) {
    const QString line = QStringLiteral(
        R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":%1,"Task Info":{"Task ID":%2,"Index":%3,"Attempt":0,"Launch Time":%4,"Executor ID":"1","Host":"h1","Locality":"PROCESS_LOCAL","Speculative":%5,"Getting Result Time":0,"Finish Time":%6,"Failed":%7,"Killed":%8,"Accumulables":[]},"Task Metrics":{"Executor Run Time":%9,"Executor Deserialize Time":1,"JVM GC Time":2,"Input Metrics":{"Bytes Read":10,"Records Read":1}}})");
    return line.arg(QString::fromUtf8(reason))
               .arg(id)
               .arg(index)
               .arg(launch)
               .arg(QLatin1String(speculative ? "true" : "false"))
               .arg(finish)
               .arg(QLatin1String(failed ? "true" : "false"))
               .arg(QLatin1String(killed ? "true" : "false"))
               .arg(runTime)
               .toStdString() +
           "\n";
}

std::string taskStart(int id, int index, bool speculative, int launch) {
    return QStringLiteral(
               R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{"Task ID":%1,"Index":%2,"Attempt":0,"Launch Time":%3,"Executor ID":"1","Host":"h1","Locality":"PROCESS_LOCAL","Speculative":%4,"Getting Result Time":0,"Finish Time":0,"Failed":false,"Killed":false,"Accumulables":[]}})")
               .arg(id)
               .arg(index)
               .arg(launch)
               .arg(QLatin1String(speculative ? "true" : "false"))
               .toStdString() +
           "\n";
}

std::string applicationLog(const std::string& appId, const std::string& attempt, int64_t start,
                           bool ended) {
    std::string text =
        R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})"
        "\n"
        R"({"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":"driver","Host":"drv","Port":7077},"Maximum Memory":1000,"Timestamp":)" +
        std::to_string(start) +
        R"(,"Maximum Onheap Memory":1000,"Maximum Offheap Memory":0})"
        "\n"
        R"({"Event":"SparkListenerApplicationStart","App Name":"inline","App ID":")" +
        appId + "\"" + (attempt.empty() ? "" : R"(,"App Attempt ID":")" + attempt + "\"") +
        R"(,"Timestamp":)" + std::to_string(start) + R"(,"User":"u"})" + "\n";
    if (ended)
        text += R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" +
                std::to_string(start + 5000) + "}\n";
    return text;
}

}  // namespace

void RestSemantics::initTestCase() {
    QVERIFY(dir_.isValid());
    std::string text = applicationLog("app-1", "", 1000, false);
    text +=
        R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"1","Executor Info":{"Host":"h1","Total Cores":2,"Log Urls":{"stdout":"http://h1/out"}}})"
        "\n"
        R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1200,"Stage Infos":[{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count at x.scala:1","Number of Tasks":4,"RDD Info":[],"Parent IDs":[],"Details":"d","Accumulables":[]}],"Stage IDs":[0],"Properties":{}})"
        "\n"
        R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count at x.scala:1","Number of Tasks":4,"RDD Info":[],"Parent IDs":[],"Details":"d","Submission Time":1200,"Accumulables":[]},"Properties":{"spark.job.description":"nightly <b>rollup</b>"}})"
        "\n";
    for (int i = 0; i < 4; ++i) text += taskStart(i, i, false, 1300 + i);
    text += taskStart(4, 3, true, 1600);
    const char* success = R"({"Reason":"Success"})";
    text += task(0, 0, false, 1300, 1450, success, false, false, 100);
    text += task(1, 1, false, 1301, 1551, success, false, false, 200);
    text += task(
        2, 2, false, 1302, 1402,
        R"({"Reason":"ExceptionFailure","Class Name":"java.lang.RuntimeException","Description":"bad row","Stack Trace":[{"Declaring Class":"a.B","Method Name":"f","File Name":"B.scala","Line Number":7}],"Accumulator Updates":[]})",
        true, false, 50);
    text += task(3, 3, false, 1303, 1753, success, false, false, 400);
    text += task(4, 3, true, 1600, 1760,
                 R"({"Reason":"TaskKilled","Kill Reason":"another attempt succeeded"})", false,
                 true, 30);
    // A task whose start the log never showed: the History Server keeps no record of it.
    text += task(9, 9, false, 1700, 1710, success, false, false, 5);
    text +=
        R"({"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"count at x.scala:1","Number of Tasks":4,"RDD Info":[],"Parent IDs":[],"Details":"d","Submission Time":1200,"Completion Time":1800,"Accumulables":[]}})"
        "\n"
        R"({"Event":"SparkListenerJobEnd","Job ID":0,"Completion Time":1810,"Job Result":{"Result":"JobSucceeded"}})"
        "\n"
        R"({"Event":"SparkListenerExecutorRemoved","Timestamp":1900,"Executor ID":"1","Removed Reason":"idle"})"
        "\n"
        R"({"Event":"SparkListenerApplicationEnd","Timestamp":6000})"
        "\n";
    const std::filesystem::path file = std::filesystem::path(dir_.path().toStdString()) / "app-1";
    test::writeFile(file, text);
    LoadResult r = loadEventLog(file);
    QVERIFY2(r.model, r.error.c_str());
    model_ = std::move(r.model);
}

QJsonValue RestSemantics::get(const std::string& path, int expectStatus) {
    const RestResponse r = restQuery(*model_, path);
    if (r.status != expectStatus) {
        qWarning("%s -> %d %s", path.c_str(), r.status, r.body.c_str());
        return {};
    }
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(r.body));
    return d.isArray() ? QJsonValue(d.array()) : QJsonValue(d.object());
}

void RestSemantics::stageCountsEveryOutcome() {
    const QJsonObject s = get("applications/app-1/stages/0/0").toObject();
    QCOMPARE(s[QLatin1String("status")].toString(), QStringLiteral("COMPLETE"));
    // Task 9 ended without a start: it counts, but its metrics and its record do not.
    QCOMPARE(s[QLatin1String("numCompleteTasks")].toInt(), 4);
    QCOMPARE(s[QLatin1String("numFailedTasks")].toInt(), 1);
    QCOMPARE(s[QLatin1String("numKilledTasks")].toInt(), 1);
    QCOMPARE(s[QLatin1String("numCompletedIndices")].toInt(), 4);
    // Metrics of every started task count, failed and killed ones too.
    QCOMPARE(s[QLatin1String("executorRunTime")].toInt(), 100 + 200 + 50 + 400 + 30);
    QCOMPARE(s[QLatin1String("firstTaskLaunchedTime")].toString(),
             QStringLiteral("1970-01-01T00:00:01.300GMT"));
    QCOMPARE(s[QLatin1String("description")].toString(), QStringLiteral("nightly <b>rollup</b>"));
    QCOMPARE(s[QLatin1String("killedTasksSummary")].toObject(),
             (QJsonObject{{QStringLiteral("another attempt succeeded"), 1}}));
    const QJsonObject spec = s[QLatin1String("speculationSummary")].toObject();
    QCOMPARE(spec[QLatin1String("numTasks")].toInt(), 1);
    QCOMPARE(spec[QLatin1String("numKilledTasks")].toInt(), 1);
    QCOMPARE(s[QLatin1String("tasks")].toObject().size(), 5);
    const QJsonObject failed = s[QLatin1String("tasks")][QLatin1String("2")].toObject();
    QCOMPARE(failed[QLatin1String("errorMessage")].toString(),
             QStringLiteral("java.lang.RuntimeException: bad row\n        a.B.f(B.scala:7)"));
    const QJsonObject exec = s[QLatin1String("executorSummary")][QLatin1String("1")].toObject();
    QCOMPARE(exec[QLatin1String("taskTime")].toInt(), 150 + 250 + 100 + 450 + 160 + 10);
    QCOMPARE(exec[QLatin1String("succeededTasks")].toInt(), 4);
    // The list leaves details out unless asked.
    const QJsonArray list = get("applications/app-1/stages").toArray();
    QCOMPARE(list.size(), 1);
    QVERIFY(!list[0].toObject().contains(QLatin1String("tasks")));
}

void RestSemantics::quantilesRankSuccessfulTasksOnly() {
    const QJsonObject q =
        get("applications/app-1/stages/0/0/taskSummary?quantiles=0,0.5,1").toObject();
    // Successful run times 100, 200, 400: N = 3, index min(floor(q * 3), 2).
    QCOMPARE(q[QLatin1String("executorRunTime")].toArray(), (QJsonArray{100.0, 200.0, 400.0}));
    // Spark ranks durations over every kept task (failed and killed too) with N still 3.
    // Durations 150, 250, 100 (failed), 450, 160 (killed) sort to 100, 150, 160, 250, 450.
    QCOMPARE(q[QLatin1String("duration")].toArray(), (QJsonArray{100.0, 150.0, 160.0}));
}

void RestSemantics::taskListSortsAndFilters() {
    auto ids = [](const QJsonValue& v) {
        QList<int> out;
        for (const QJsonValue& t : v.toArray()) out << t[QLatin1String("taskId")].toInt();
        return out;
    };
    QCOMPARE(ids(get("applications/app-1/stages/0/0/taskList")), (QList<int>{0, 1, 2, 3, 4}));
    // Failed and killed tasks sort by their negated run time, before successful ones.
    QCOMPARE(ids(get("applications/app-1/stages/0/0/taskList?sortBy=runtime")),
             (QList<int>{2, 4, 0, 1, 3}));
    QCOMPARE(ids(get("applications/app-1/stages/0/0/taskList?sortBy=-runtime")),
             (QList<int>{3, 1, 0, 4, 2}));
    QCOMPARE(ids(get("applications/app-1/stages/0/0/taskList?status=success&offset=1&length=1")),
             (QList<int>{1}));
    QCOMPARE(ids(get("applications/app-1/stages/0/0/taskList?status=killed")), (QList<int>{4}));
}

void RestSemantics::executorsFollowTheirLifecycle() {
    const QJsonArray active = get("applications/app-1/executors").toArray();
    QCOMPARE(active.size(), 1);  // executor 1 was removed
    const QJsonObject driver = active[0].toObject();
    QCOMPARE(driver[QLatin1String("id")].toString(), QStringLiteral("driver"));
    QCOMPARE(driver[QLatin1String("totalDuration")].toInt(), 5000);  // the application's run time
    QCOMPARE(driver[QLatin1String("hostPort")].toString(), QStringLiteral("drv:7077"));
    const QJsonArray all = get("applications/app-1/allexecutors").toArray();
    QCOMPARE(all.size(), 2);
    const QJsonObject one = all[0].toObject();
    QCOMPARE(one[QLatin1String("id")].toString(), QStringLiteral("1"));
    QCOMPARE(one[QLatin1String("isActive")].toBool(), false);
    QCOMPARE(one[QLatin1String("removeReason")].toString(), QStringLiteral("idle"));
    QCOMPARE(one[QLatin1String("totalTasks")].toInt(), 5);
    QCOMPARE(one[QLatin1String("completedTasks")].toInt(), 4);  // task 9 ended, unseen start
    QCOMPARE(one[QLatin1String("failedTasks")].toInt(), 1);
    QCOMPARE(one[QLatin1String("maxTasks")].toInt(), 2);
    QVERIFY(!one.contains(QLatin1String("memoryMetrics")));  // no block manager
}

void RestSemantics::listingGroupsAttemptsAndFilters() {
    QTemporaryDir dir;
    const std::filesystem::path root(dir.path().toStdString());
    const int64_t t0 = 1600000000000;  // 2020-09-13T12:26:40.000GMT
    test::writeFile(root / "app-2_1", applicationLog("app-2", "1", t0 + 10000, true));
    test::writeFile(root / "app-2_2", applicationLog("app-2", "2", t0 + 20000, true));
    test::writeFile(root / "app-3.inprogress", applicationLog("app-3", "", t0 + 30000, false));
    test::writeFile(root / "notes.txt", "not a log");
    std::vector<LoadResult> loaded = loadEventLogDirectory(root);
    QCOMPARE(loaded.size(), size_t(3));
    std::vector<const EventLogModel*> logs;
    for (const LoadResult& r : loaded) logs.push_back(r.model.get());
    auto ids = [&](const std::string& path) {
        QStringList out;
        const QJsonDocument d =
            QJsonDocument::fromJson(QByteArray::fromStdString(restQuery(logs, path).body));
        for (const QJsonValue& a : d.array()) out << a[QLatin1String("id")].toString();
        return out;
    };
    QCOMPARE(ids("applications"), (QStringList{QStringLiteral("app-2"), QStringLiteral("app-3")}));
    QCOMPARE(ids("applications?status=running"), QStringList{QStringLiteral("app-3")});
    // A running application has no end: Spark keeps it while maxEndDate is in the future.
    QCOMPARE(ids("applications?maxEndDate=2020-09-14"), QStringList{QStringLiteral("app-2")});
    QCOMPARE(ids("applications?maxEndDate=2999-01-01&status=running"),
             QStringList{QStringLiteral("app-3")});
    QCOMPARE(ids("applications?status=completed&limit=1"), QStringList{QStringLiteral("app-2")});
    QCOMPARE(ids("applications?minDate=2020-09-13T12:27:05.000GMT"),
             QStringList{QStringLiteral("app-3")});
    const QJsonObject app = QJsonDocument::fromJson(QByteArray::fromStdString(
                                                        restQuery(logs, "applications/app-2").body))
                                .object();
    const QJsonArray attempts = app[QLatin1String("attempts")].toArray();
    QCOMPARE(attempts.size(), 2);
    QCOMPARE(attempts[0][QLatin1String("attemptId")].toString(), QStringLiteral("2"));  // newest
}

void RestSemantics::errorsAreRestErrors() {
    get("applications/app-1/stages/7", 404);
    get("applications/app-1/stages/0/3", 404);
    // As Jersey reads parameters: a value that does not convert is 404, Spark's checks 400.
    get("applications/app-1/stages/0/0/taskList?sortBy=bogus", 404);
    get("applications/app-1/stages/0/0/taskList?length=abc", 404);
    get("applications/app-1/stages/0/0/taskList?status=bogus", 404);
    get("applications/app-1/jobs?status=bogus", 404);
    get("applications/app-1/stages?status=weird", 404);
    get("applications?limit=abc", 404);
    get("applications?minDate=yesterday", 400);
    get("applications/app-1/sql?offset=abc", 404);
    get("applications/app-1/sql?details=maybe", 200);  // false, as Boolean.valueOf reads it
    get("applications/app-1/stages/0/0/taskSummary?quantiles=x", 400);
    get("applications/other/jobs", 404);
    get("applications/app-1/storage/rdd/5", 404);
}

namespace {

// Loads `events` (after applicationLog's header) from a file in `dir`.
std::unique_ptr<EventLogModel> loadInline(const QTemporaryDir& dir, const std::string& events) {
    const std::filesystem::path file = std::filesystem::path(dir.path().toStdString()) / "app-x";
    test::writeFile(file, applicationLog("app-1", "", 1000, false) + events);
    LoadResult r = loadEventLog(file);
    if (!r.model) qWarning("%s", r.error.c_str());
    return std::move(r.model);
}

QJsonArray restArray(const EventLogModel& model, const std::string& path) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(restQuery(model, path).body)).array();
}

}  // namespace

void RestSemantics::nodeExclusionSparesTheDriver() {
    // The driver's block manager and executor 1 share host "drv"; executor 2 is elsewhere.
    QTemporaryDir dir;
    const auto model = loadInline(
        dir,
        R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"1","Executor Info":{"Host":"drv","Total Cores":2,"Log Urls":{}}})"
        "\n"
        R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"2","Executor Info":{"Host":"other","Total Cores":2,"Log Urls":{}}})"
        "\n"
        R"({"Event":"org.apache.spark.scheduler.SparkListenerNodeExcluded","time":1500,"hostId":"drv","executorFailures":3})"
        "\n");
    QVERIFY(model);
    std::map<QString, bool> excluded;
    for (const QJsonValue& e : restArray(*model, "applications/app-1/executors"))
        excluded[e[QLatin1String("id")].toString()] = e[QLatin1String("isExcluded")].toBool();
    QCOMPARE(excluded.size(), size_t(3));
    QCOMPARE(excluded[QStringLiteral("1")], true);
    QCOMPARE(excluded[QStringLiteral("driver")], false);  // Spark never excludes the driver
    QCOMPARE(excluded[QStringLiteral("2")], false);
}

void RestSemantics::pushShuffleMetricsReadInEverySpelling() {
    // Spark 3.2 wrote "Shuffle Push Read Metrics" / "Merged Fallback Count"; later versions
    // "Push Based Shuffle" / "Merged Fetch Fallback Count". Both blocks, both keys, any pairing.
    const char* blocks[] = {"Shuffle Push Read Metrics", "Push Based Shuffle"};
    const char* keys[] = {"Merged Fallback Count", "Merged Fetch Fallback Count"};
    std::string events =
        R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"1","Executor Info":{"Host":"h1","Total Cores":2,"Log Urls":{}}})"
        "\n"
        R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":4,"RDD Info":[],"Parent IDs":[],"Details":"d","Submission Time":1200,"Accumulables":[]},"Properties":{}})"
        "\n";
    for (int i = 0; i < 4; ++i) {
        events += taskStart(i, i, false, 1300);
        events += QStringLiteral(
                      R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":%1,"Index":%1,"Attempt":0,"Launch Time":1300,"Executor ID":"1","Host":"h1","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":1400,"Failed":false,"Killed":false,"Accumulables":[]},"Task Metrics":{"Executor Run Time":90,"Shuffle Read Metrics":{"Remote Blocks Fetched":1,"%2":{"Corrupt Merged Block Chunks":%3,"%4":%5,"Merged Remote Bytes Read":%6}}}})")
                      .arg(i)
                      .arg(QLatin1String(blocks[i % 2]))
                      .arg(i + 10)
                      .arg(QLatin1String(keys[i / 2]))
                      .arg(i + 2)
                      .arg(i + 100)
                      .toStdString() +
                  "\n";
    }
    QTemporaryDir dir;
    const auto model = loadInline(dir, events);
    QVERIFY(model);
    const QJsonArray tasks = restArray(*model, "applications/app-1/stages/0/0/taskList");
    QCOMPARE(tasks.size(), 4);
    for (const QJsonValue& t : tasks) {
        const int id = t[QLatin1String("taskId")].toInt();
        const QJsonObject push = t[QLatin1String("taskMetrics")][QLatin1String("shuffleReadMetrics")]
                                  [QLatin1String("shufflePushReadMetrics")]
                                      .toObject();
        QCOMPARE(push[QLatin1String("mergedFetchFallbackCount")].toInt(), id + 2);
        QCOMPARE(push[QLatin1String("corruptMergedBlockChunks")].toInt(), id + 10);
        QCOMPARE(push[QLatin1String("remoteMergedBytesRead")].toInt(), id + 100);
    }
}

QTEST_GUILESS_MAIN(RestSemantics)
#include "tst_rest_semantics.moc"
