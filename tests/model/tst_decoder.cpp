// Hostile and odd input written inline: wrong types, unknown events, broken lines, nulls, keys out
// of order, CRLF, huge integers, deep plans. Each is reported with file, line and offset; the rest
// of the log loads.
#include <QtTest>

#include "TestSupport.h"
#include "load/Loader.h"
#include "text/JsonIndent.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

class Decoder : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    std::unique_ptr<EventLogModel> load(const std::string& name, const std::string& text);
    static const LoadWarning* warningAt(const EventLogModel& m, uint64_t line);

private Q_SLOTS:
    void malformedLinesAreReportedAndSkipped();
    void wrongTypesAreToleratedAndNamed();
    void unknownEventsAreCountedAndSkipped();
    void nullsCrlfAndKeysOutOfOrder();
    void largeIntegersKeepEveryDigit();
    void indentedJsonKeepsEveryToken_data();
    void indentedJsonKeepsEveryToken();
    void deepPlansDecode();
    void tooDeepPlansAreReportedNotFatal();
    void cutOffLastLineOfInProgressLogIsExpected();
    void lastLineWithoutNewlineStillCounts();
    void runningTasksAreKept();
    void excludedAndBlacklistedTwinsCountOnce();
    void binaryGarbageIsNotALog();
    void latin1TextIsReadNotDropped();
    void taskAccumulatorsKeepSqlAndUserUpdates();
};

namespace {

const char* const kStart = test::kLogStart;
const char* kTaskEnd =
    R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":%1,"Index":0,"Attempt":0,"Launch Time":2000,"Executor ID":"1","Host":"h","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":2500,"Failed":false,"Killed":false,"Accumulables":[]},"Task Metrics":{"Executor Run Time":400,"JVM GC Time":%2,"Input Metrics":{"Bytes Read":%3,"Records Read":1}}})"
    "\n";

std::string taskEnd(const QString& id, const QString& gc, const QString& input) {
    return QString::fromLatin1(kTaskEnd).arg(id, gc, input).toStdString();
}

}  // namespace

std::unique_ptr<EventLogModel> Decoder::load(const std::string& name, const std::string& text) {
    const fs::path p = fs::path(tmp_.path().toStdString()) / name;
    test::writeFile(p, text);
    LoadResult r = loadEventLog(p);
    return std::move(r.model);
}

const LoadWarning* Decoder::warningAt(const EventLogModel& m, uint64_t line) {
    for (const LoadWarning& w : m.report.warnings)
        if (w.line == line) return &w;
    return nullptr;
}

void Decoder::malformedLinesAreReportedAndSkipped() {
    std::string text = kStart;
    text += taskEnd(QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("10"));
    text += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Task Info":{"Task ID":2,)"
            "\n";  // cut off
    text += "not json at all\n";
    text += R"({"Event":"SparkListenerTaskEnd","Stage ID":0 "Task Info":{}})"
            "\n";  // missing comma
    text += taskEnd(QStringLiteral("3"), QStringLiteral("5"), QStringLiteral("10"));
    auto m = load("malformed", text);
    QVERIFY(m);
    QCOMPARE(summarize(*m).counts.tasks, int64_t(2));
    QCOMPARE(m->report.malformedLines, uint64_t(3));
    const LoadWarning* w = warningAt(*m, 4);
    QVERIFY(w);
    QVERIFY(w->file.find("malformed") != std::string::npos);
    const size_t offsetOfLine4 =
        text.find("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Task Info\"");
    QCOMPARE(w->offset, uint64_t(offsetOfLine4));
    QVERIFY(warningAt(*m, 5) && warningAt(*m, 6));
}

void Decoder::wrongTypesAreToleratedAndNamed() {
    std::string text = kStart;
    text += taskEnd(QStringLiteral("1"), QStringLiteral("\"a lot\""), QStringLiteral("\"1024\""));
    text += taskEnd(QStringLiteral("2"), QStringLiteral("[1,2]"), QStringLiteral("true"));
    auto m = load("types", text);
    QVERIFY(m);
    QCOMPARE(m->tasks.size(), size_t(2));
    QCOMPARE(m->tasks.get(0, TaskField::InputBytesRead), int64_t(1024));  // numeric string accepted
    QCOMPARE(m->tasks.get(0, TaskField::JvmGcTime), int64_t(0));
    const LoadWarning* w = warningAt(*m, 3);
    QVERIFY(w);
    QVERIFY2(w->message.find("JVM GC Time") != std::string::npos, w->message.c_str());
    QCOMPARE(m->report.malformedLines, uint64_t(0));
}

void Decoder::unknownEventsAreCountedAndSkipped() {
    std::string text = kStart;
    text +=
        R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent","id":"x"})"
        "\n";
    text += R"({"Event":"com.example.MyPluginEvent","payload":{"deep":[1,2,3]}})"
            "\n";
    text += R"({"Event":"com.example.MyPluginEvent"})"
            "\n";
    text += taskEnd(QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("10"));
    auto m = load("unknown", text);
    QVERIFY(m);
    QCOMPARE(summarize(*m).counts.unknownEvents, int64_t(3));
    QCOMPARE(m->report.unknownEvents["com.example.MyPluginEvent"], uint64_t(2));
    QCOMPARE(summarize(*m).counts.tasks, int64_t(1));
}

void Decoder::nullsCrlfAndKeysOutOfOrder() {
    std::string text = kStart;
    text +=
        "{\"Job ID\":7,\"Event\":\"SparkListenerJobStart\",\"Submission Time\":1500,\"Stage "
        "Infos\":[],"
        "\"Stage IDs\":[],\"Properties\":{\"spark.job.description\":null}}\r\n";
    text +=
        R"({"Event":"SparkListenerJobEnd","Job ID":7,"Completion Time":1800,"Job Result":{"Result":"JobFailed","Exception":{"Message":null}}})"
        "\r\n";
    auto m = load("odd", text);
    QVERIFY(m);
    QCOMPARE(m->jobs.size(), size_t(1));
    QCOMPARE(m->jobs[0].id, 7);
    QCOMPARE(m->jobs[0].result, JobResult::Failed);
    QCOMPARE(m->report.malformedLines, uint64_t(0));
    QCOMPARE(m->report.warnings.size(), size_t(0));
}

void Decoder::largeIntegersKeepEveryDigit() {
    std::string text = kStart;
    // Stage-level CPU time accumulators pass 2^53; never route them through double.
    text +=
        R"({"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,"RDD Info":[],"Parent IDs":[],"Details":"","Submission Time":1000,"Completion Time":3000,"Accumulables":[{"ID":1,"Name":"internal.metrics.executorCpuTime","Value":9007199254740993,"Internal":true,"Count Failed Values":true}]}})"
        "\n";
    text += taskEnd(QStringLiteral("1"), QStringLiteral("9223372036854775807"),
                    QStringLiteral("9007199254740993"));
    auto m = load("big", text);
    QVERIFY(m);
    QCOMPARE(m->stages[0].accumulables[0].value, std::string("9007199254740993"));
    QCOMPARE(m->tasks.get(0, TaskField::InputBytesRead), int64_t(9007199254740993LL));
    QCOMPARE(m->tasks.get(0, TaskField::JvmGcTime), std::numeric_limits<int64_t>::max());
}

namespace {
// A SQLExecutionStart whose plan is a chain of `depth` Project nodes above a leaf.
std::string deepPlanEvent(int depth) {
    std::string plan;
    for (int i = 0; i < depth; ++i)
        plan += R"({"nodeName":"Project","simpleString":"Project","children":[)";
    plan += R"({"nodeName":"Leaf","simpleString":"Leaf","children":[],"metadata":{},"metrics":[]})";
    for (int i = 0; i < depth; ++i) plan += R"(],"metadata":{},"metrics":[]})";
    return R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":0,"description":"deep","details":"","physicalPlanDescription":"","sparkPlanInfo":)" +
           plan +
           R"(,"time":1200})"
           "\n";
}
}  // namespace

void Decoder::deepPlansDecode() {
    auto m = load("deep", std::string(kStart) + deepPlanEvent(3000));
    QVERIFY(m);
    QCOMPARE(m->sqlExecutions.size(), size_t(1));
    QCOMPARE(m->sqlExecutions[0].plan.nodes.size(), size_t(3001));
}

void Decoder::tooDeepPlansAreReportedNotFatal() {
    auto m = load("too-deep",
                  std::string(kStart) + deepPlanEvent(7000) +
                      taskEnd(QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("10")));
    QVERIFY(m);
    QCOMPARE(m->report.malformedLines, uint64_t(1));
    QCOMPARE(summarize(*m).counts.tasks, int64_t(1));  // the rest of the log still loads
}

void Decoder::cutOffLastLineOfInProgressLogIsExpected() {
    std::string text = kStart;
    text += taskEnd(QStringLiteral("1"), QStringLiteral("5"), QStringLiteral("10"));
    text += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Att)";
    auto m = load("app-2.inprogress", text);
    QVERIFY(m);
    QCOMPARE(m->report.malformedLines, uint64_t(0));
    QVERIFY(m->report.truncatedTail);
    QCOMPARE(m->report.warnings.size(), size_t(1));
    QCOMPARE(m->report.warnings[0].severity, LoadWarning::Severity::Info);
    QVERIFY(!m->application.complete);
    // The same bytes in a completed log are a malformed line.
    auto done = load("app-2", text);
    QCOMPARE(done->report.malformedLines, uint64_t(1));
}

void Decoder::lastLineWithoutNewlineStillCounts() {
    std::string text = kStart;
    text += R"({"Event":"SparkListenerApplicationEnd","Timestamp":9000})";
    auto m = load("no-newline", text);
    QVERIFY(m);
    QVERIFY(m->application.sawApplicationEnd);
    QVERIFY(m->application.complete);
    QCOMPARE(m->application.endTime, int64_t(9000));
}

void Decoder::runningTasksAreKept() {
    std::string text = kStart;
    text +=
        R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":{"Task ID":5,"Index":0,"Attempt":0,"Launch Time":2000,"Executor ID":"1","Host":"h","Locality":"NODE_LOCAL","Speculative":true,"Getting Result Time":0,"Finish Time":0,"Failed":false,"Killed":false,"Accumulables":[]}})"
        "\n";
    auto m = load("running.inprogress", text);
    QCOMPARE(m->tasks.size(), size_t(1));
    QCOMPARE(m->tasks.endReason(0), EndReason::Running);
    QVERIFY(m->tasks.hasFlag(0, kSpeculative));
    QVERIFY(!m->tasks.hasFlag(0, kFinished));
    QCOMPARE(Locality(m->tasks.get(0, TaskField::Locality)), Locality::NodeLocal);
    QCOMPARE(summarize(*m).counts.tasks, int64_t(0));  // tasks = TaskEnd events
}

void Decoder::excludedAndBlacklistedTwinsCountOnce() {
    std::string text = kStart;
    text +=
        R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorExcluded","time":5000,"executorId":"1","taskFailures":4})"
        "\n";
    text +=
        R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorBlacklisted","time":5000,"executorId":"1","taskFailures":4})"
        "\n";
    auto m = load("excluded", text);
    QVERIFY(m->executor("1"));
    QCOMPARE(m->executor("1")->exclusions.size(), size_t(1));
}

void Decoder::binaryGarbageIsNotALog() {
    std::string text(4096, '\0');
    for (size_t i = 0; i < text.size(); ++i) text[i] = char((i * 131) % 251);
    auto m = load("garbage.bin", text);
    QVERIFY(m);
    QCOMPARE(m->report.events, uint64_t(0));
}

void Decoder::latin1TextIsReadNotDropped() {
    // A pre-3.0 driver with a Latin-1 default charset wrote "café" as 63 61 66 E9.
    std::string text = kStart;
    text +=
        "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":3,\"Submission Time\":1500,\"Stage "
        "Infos\":[],"
        "\"Stage IDs\":[],\"Properties\":{\"spark.job.description\":\"caf\xe9 \xe2\x82\xac\"}}\n";
    auto m = load("latin1", text);
    QVERIFY(m);
    QCOMPARE(m->jobs.size(), size_t(1));
    QCOMPARE(m->jobs[0].description,
             std::string("caf\xc3\xa9 \xe2\x82\xac"));  // valid UTF-8 kept as is
    QCOMPARE(m->report.malformedLines, uint64_t(0));
    const LoadWarning* w = warningAt(*m, 3);
    QVERIFY(w && w->message.find("Latin-1") != std::string::npos);
}

void Decoder::taskAccumulatorsKeepSqlAndUserUpdates() {
    // Spark 3 flags SQL metrics Internal (with Metadata "sql"): their updates feed the SQL plan.
    // User accumulators are listed by the History Server with their texts; internal.metrics.*
    // duplicates of Task Metrics are dropped.
    std::string line = QString::fromLatin1(kTaskEnd)
                           .arg(QStringLiteral("7"), QStringLiteral("0"), QStringLiteral("0"))
                           .toStdString();
    const std::string accums =
        R"("Accumulables":[{"ID":1,"Name":"internal.metrics.executorRunTime","Update":400,"Value":400,"Internal":true,"Count Failed Values":true},)"
        R"({"ID":20,"Name":"number of output rows","Update":"162","Value":"900","Internal":true,"Count Failed Values":true,"Metadata":"sql"},)"
        R"({"ID":30,"Name":"my counter","Update":"78","Value":"5050","Internal":false,"Count Failed Values":false},)"
        R"({"ID":31,"Name":"big","Update":12,"Value":"a\"b","Internal":false,"Count Failed Values":false}])";
    line.replace(line.find(R"("Accumulables":[])"), std::string(R"("Accumulables":[])").size(),
                 accums);
    auto m = load("accumulables", std::string(kStart) + line);
    QVERIFY(m);
    std::vector<std::pair<int64_t, int64_t>> updates;
    m->tasks.forEachAccumulable(0,
                                [&](AccumulableUpdate a) { updates.emplace_back(a.id, a.update); });
    QCOMPARE(updates, (std::vector<std::pair<int64_t, int64_t>>{{20, 162}, {30, 78}, {31, 12}}));
    const auto* user = m->tasks.userAccumulables(0);
    QVERIFY(user);
    QCOMPARE(user->size(), size_t(2));
    QCOMPARE((*user)[0].name, std::string("my counter"));
    QCOMPARE((*user)[0].update, std::string("78"));
    QCOMPARE((*user)[0].value, std::string("5050"));
    QCOMPARE((*user)[1].update, std::string("12"));
    QCOMPARE((*user)[1].value, std::string("a\"b"));
}

void Decoder::indentedJsonKeepsEveryToken_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("object") << R"({"a":1,"b":[true,null]})"
                            << "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    null\n  ]\n}";
    QTest::newRow("empty containers") << R"({"a":{},"b":[ ]})"
                                      << "{\n  \"a\": {},\n  \"b\": []\n}";
    QTest::newRow("big integer and exponent")
        << R"({"Task ID":18446744073709551615,"x":1.0E-7})"
        << "{\n  \"Task ID\": 18446744073709551615,\n  \"x\": 1.0E-7\n}";
    QTest::newRow("punctuation inside strings")
        << R"({"s":"a,b:{c}[d] \"q\" \\","t":"<b>x</b>"})"
        << "{\n  \"s\": \"a,b:{c}[d] \\\"q\\\" \\\\\",\n  \"t\": \"<b>x</b>\"\n}";
    QTest::newRow("not JSON at all") << "abc"
                                     << "abc";
}

void Decoder::indentedJsonKeepsEveryToken() {
    QFETCH(QString, json);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(indentJson(json.toStdString())), expected);
}

QTEST_GUILESS_MAIN(Decoder)
#include "tst_decoder.moc"
