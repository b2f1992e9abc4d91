// The task events read from the text when Spark wrote them (parse/CanonicalAccumulables,
// parse/CanonicalTaskEnd) give exactly what the On-Demand readers give for the same JSON: each
// case is decoded twice, once as written and once with a space after the opening bracket or brace
// (valid JSON the text readers refuse, so the On-Demand readers decode it),
// and the two results must be equal. Cases in Spark's form must take the text readers, the others
// must fall back.
#include <QtTest>

#include <string>
#include <vector>

#include "parse/CanonicalAccumulables.h"
#include "parse/CanonicalTaskEnd.h"
#include "parse/EventDecoder.h"

using namespace stagelight;

namespace {

// The text followed by simdjson's padding, as the loader's buffers hold a line.
std::vector<char> padded(std::string_view text, char fill = '\0') {
    std::vector<char> buffer(text.begin(), text.end());
    buffer.resize(text.size() + simdjson::SIMDJSON_PADDING, fill);
    return buffer;
}

// Everything a task event carries, texts copied out of the line.
struct SeenTask {
    bool decoded = false;
    std::string error, calls;
    std::vector<std::string> problems;
    std::vector<int64_t> fields, executorMetrics;
    std::string metricsSeen, executorId, host, taskType;
    bool hasExecutorMetrics = false;
    int reason = 0;
    size_t blocks = 0;
    std::vector<std::tuple<int64_t, std::string, std::string>> names;
    std::vector<std::pair<int64_t, int64_t>> updates;
    std::vector<std::tuple<int64_t, std::string, std::string, std::string, bool>> users;
    bool operator==(const SeenTask&) const = default;
};

struct TaskCapture final : EventSink {
    SeenTask* seen = nullptr;
    void info(const events::TaskInfo& e) {
        seen->fields.assign(e.task.fields.begin(), e.task.fields.end());
        seen->executorMetrics.assign(e.task.executorMetrics.begin(), e.task.executorMetrics.end());
        seen->metricsSeen = e.task.metricsSeen.to_string();
        seen->hasExecutorMetrics = e.task.hasExecutorMetrics;
        seen->executorId = e.executorId;
        seen->host = e.host;
        for (const auto& n : e.accumulatorNames)
            seen->names.emplace_back(n.id, std::string(n.name), std::string(n.metadata));
        for (const auto& u : e.task.accumulables) seen->updates.emplace_back(u.id, u.update);
        for (const auto& u : e.task.userAccumulables)
            seen->users.emplace_back(u.id, u.name, u.update, u.value, u.hasUpdate);
    }
    void taskStart(const events::TaskStart& e) override {
        seen->calls += "start;";
        info(e);
    }
    void taskEnd(const events::TaskEnd& e) override {
        seen->calls += "end;";
        info(e);
        seen->taskType = e.taskType;
        seen->reason = int(e.reason);
        seen->blocks = e.updatedBlocks.size();
    }
};

SeenTask decodeTask(const std::string& line, uint64_t* readAsText = nullptr) {
    SeenTask seen;
    TaskCapture sink;
    sink.seen = &seen;
    EventDecoder decoder({&sink});
    std::vector<char> buffer = padded(line);
    seen.decoded = decoder.decodeLine(buffer.data(), line.size(), buffer.size(), {});
    seen.error = decoder.lastError();
    seen.problems = decoder.problems().messages;
    if (readAsText) *readAsText = decoder.counts().readAsText;
    return seen;
}

// A TaskEnd whose Task Info holds `accumulables`, with keys after it that must still be read.
SeenTask decodeAccumulables(const std::string& accumulables) {
    return decodeTask(
        R"({"Event":"SparkListenerTaskEnd","Stage ID":1,"Stage Attempt ID":0,"Task Type":"ResultTask",)"
        R"("Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":7,"Index":0,"Attempt":0,)"
        R"("Launch Time":100,"Executor ID":"1","Host":"h","Locality":"ANY","Speculative":false,)"
        R"("Getting Result Time":0,"Accumulables":)" +
        accumulables + R"(,"Finish Time":250,"Failed":false,"Killed":false}})");
}

// The same array with a space after its '[': what the general reader decodes.
std::string spaced(const std::string& array) {
    return "[ " + array.substr(1);
}

bool textReaderTakes(const std::string& array) {
    events::TaskInfo info;
    std::vector<char> buffer = padded(array);
    return readCanonicalAccumulables(buffer.data(), buffer.data() + array.size(), info);
}

constexpr std::string_view kTaskInfoKey = "\"Task Info\":";

// Whether the text readers take the line from its Task Info on.
bool tailReaderTakes(const std::string& line) {
    const size_t at = line.find(kTaskInfoKey);
    if (at == std::string::npos) return false;
    std::vector<char> buffer = padded(line);
    const char* text = buffer.data() + at + kTaskInfoKey.size();
    const char* end = buffer.data() + line.size();
    if (line.find("SparkListenerTaskStart") != std::string::npos) {
        events::TaskStart start;
        return readCanonicalTaskStartTail(text, end, start);
    }
    events::TaskEnd taskEnd;
    return readCanonicalTaskEndTail(text, end, taskEnd);
}

}  // namespace

class CanonicalTextTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameAsTheGeneralReader_data();
    void sameAsTheGeneralReader();
    void refusedTextLeavesNothingBehind();
    void taskEventsSameAsTheGeneralReader_data();
    void taskEventsSameAsTheGeneralReader();
    void notUtf8LineIsRepairedAsBefore();
};

void CanonicalTextTest::sameAsTheGeneralReader_data() {
    QTest::addColumn<QString>("array");
    QTest::addColumn<bool>("spark");  // in the form Spark writes: the text reader takes it
    auto row = [](const char* name, const char* array, bool spark) {
        QTest::newRow(name) << QString::fromUtf8(array) << spark;
    };
    row("empty", "[]", true);
    row("sql and internal (Spark 3)",
        R"([{"ID":1,"Name":"number of output rows","Update":"1106090","Value":"1106090",)"
        R"("Internal":true,"Count Failed Values":true,"Metadata":"sql"},)"
        R"({"ID":24,"Name":"internal.metrics.executorRunTime","Update":383,"Value":383,)"
        R"("Internal":true,"Count Failed Values":true},)"
        R"({"ID":2,"Name":"scan time","Update":"127","Value":"127","Internal":true,)"
        R"("Count Failed Values":true,"Metadata":"sql"}])",
        true);
    row("user accumulators, numbers and text",
        R"([{"ID":856,"Name":"gpuSemaphoreWait","Update":"00:00:00.000","Value":"00:00:00.000",)"
        R"("Internal":false,"Count Failed Values":true},)"
        R"({"ID":9,"Name":"rows seen","Update":-5,"Value":12,"Internal":false,)"
        R"("Count Failed Values":true},)"
        R"({"ID":10,"Name":"bad rows","Update":"-1","Value":"x","Internal":false,)"
        R"("Count Failed Values":false}])",
        true);
    row("Spark 1.6 (no Count Failed Values, no Metadata)",
        R"([{"ID":3,"Name":"my counter","Update":"4","Value":"40","Internal":false},)"
        R"({"ID":4,"Name":"internal.metrics.jvmGCTime","Update":2,"Value":9,"Internal":true}])",
        true);
    row("absent Update and Value",
        R"([{"ID":5,"Name":"no update","Value":"3","Internal":false,"Count Failed Values":true},)"
        R"({"ID":6,"Name":"no value","Update":"2","Internal":false,"Count Failed Values":true},)"
        R"({"ID":7,"Name":"neither","Internal":false,"Count Failed Values":true}])",
        true);
    row("user accumulator written with sql metadata by a plugin",
        R"([{"ID":8,"Name":"gpu op time","Update":"1","Value":"1","Internal":false,)"
        R"("Count Failed Values":true,"Metadata":"sql"}])",
        true);
    row("zero and the int64 edge",
        R"([{"ID":0,"Name":"a","Update":0,"Value":9223372036854775807,"Internal":false}])", true);
    // Outside Spark's form: the general reader decides.
    row("escaped name", R"([{"ID":1,"Name":"caf\u00e9 \"rows\"","Update":"1","Value":"1"}])", false);
    row("block statuses as Value",
        R"([{"ID":30,"Name":"internal.metrics.updatedBlockStatuses","Update":[{"Block ID":"rdd_1_0",)"
        R"("Status":{"Memory Size":1}}],"Value":[],"Internal":true,"Count Failed Values":true}])",
        false);
    row("double value", R"([{"ID":1,"Name":"ratio","Update":0.5,"Value":1.5,"Internal":false}])",
        false);
    row("exponent", R"([{"ID":1,"Name":"big","Update":1e3,"Value":"1","Internal":false}])", false);
    row("id past int64", R"([{"ID":99999999999999999999,"Name":"n","Update":"1"}])", false);
    row("leading zero", R"([{"ID":01,"Name":"n","Update":"1"}])", false);
    row("null update", R"([{"ID":1,"Name":"n","Update":null,"Value":"2","Internal":false}])", false);
    row("no name", R"([{"ID":1,"Update":"3","Value":"3","Internal":false}])", false);
    row("extra key", R"([{"ID":1,"Name":"n","Update":"3","Foo":1,"Internal":false}])", false);
    row("keys out of order", R"([{"Name":"n","ID":1,"Update":"3"}])", false);
    row("string Internal", R"([{"ID":1,"Name":"n","Update":"3","Internal":"false"}])", false);
    row("number as Name", R"([{"ID":1,"Name":5,"Update":"3"}])", false);
    row("numeric text with spaces", R"([{"ID":1,"Name":"n","Update":" 42","Value":"42"}])", true);
    row("wrong types inside", R"([{"ID":"x","Name":"n","Update":true,"Value":{}}])", false);
    row("array of non-objects", R"([1,2,3])", false);
    row("null instead of an array", "null", false);
}

void CanonicalTextTest::sameAsTheGeneralReader() {
    QFETCH(QString, array);
    QFETCH(bool, spark);
    const std::string text = array.toStdString();
    QCOMPARE(textReaderTakes(text), spark);
    const SeenTask asWritten = decodeAccumulables(text);
    const SeenTask general = decodeAccumulables(text.starts_with('[') ? spaced(text) : " " + text);
    // An array of non-objects makes the event malformed, as it was before the text reader.
    QCOMPARE(asWritten.decoded, array != QLatin1String("[1,2,3]"));
    if (asWritten.decoded) {
        QCOMPARE(asWritten.fields[size_t(TaskField::TaskId)], int64_t(7));
        // the array was skipped, not left half-read
        QCOMPARE(asWritten.fields[size_t(TaskField::FinishTime)], int64_t(250));
    }
    QVERIFY(asWritten == general);
    if (spark) QVERIFY(!asWritten.names.empty() || text == "[]");
}

void CanonicalTextTest::refusedTextLeavesNothingBehind() {
    // Refused at the third entry: the first two must not stay in the task.
    const std::string array =
        R"([{"ID":1,"Name":"a","Update":"1","Value":"1","Internal":false},)"
        R"({"ID":2,"Name":"b","Update":"2","Value":"2","Internal":false},)"
        R"({"ID":3,"Name":"c","Update":2.5,"Value":"2","Internal":false}])";
    events::TaskInfo info;
    info.accumulatorNames.push_back({99, "kept", ""});
    info.task.accumulables.push_back({99, 1});
    std::vector<char> buffer = padded(array);
    QVERIFY(!readCanonicalAccumulables(buffer.data(), buffer.data() + array.size(), info));
    QCOMPARE(info.accumulatorNames.size(), size_t(1));
    QCOMPARE(info.task.accumulables.size(), size_t(1));
    QVERIFY(info.task.userAccumulables.empty());
    // A cut array (the line ends inside it) is refused without reading past its end.
    for (size_t cut = 0; cut < array.size(); ++cut) {
        std::vector<char> part = padded(std::string_view(array).substr(0, cut), '"');
        events::TaskInfo none;
        QVERIFY(!readCanonicalAccumulables(part.data(), part.data() + cut, none));
        QVERIFY(none.accumulatorNames.empty());
    }
}

void CanonicalTextTest::taskEventsSameAsTheGeneralReader_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("spark");      // from Task Info on, the text reader takes it
    QTest::addColumn<bool>("wholeLine");  // and the whole line is read from its text
    const std::string head =
        R"({"Event":"SparkListenerTaskEnd","Stage ID":3,"Stage Attempt ID":2,)"
        R"("Task Type":"ShuffleMapTask","Task End Reason":{"Reason":"Success"},)";
    const std::string info =
        R"("Task Info":{"Task ID":4,"Index":4,"Attempt":0,"Partition ID":4,)"
        R"("Launch Time":1767268800546,"Executor ID":"1","Host":"worker-1.cluster",)"
        R"("Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,)"
        R"("Finish Time":1767268800953,"Failed":false,"Killed":false,"Accumulables":[)"
        R"({"ID":1,"Name":"number of files read","Update":"1","Value":"1","Internal":false,)"
        R"("Count Failed Values":true,"Metadata":"sql"},{"ID":24,)"
        R"("Name":"internal.metrics.executorRunTime","Update":383,"Value":383,"Internal":true,)"
        R"("Count Failed Values":true}]})";
    const std::string executorMetrics =
        R"(,"Task Executor Metrics":{"JVMHeapMemory":623122869,"JVMOffHeapMemory":98000000,)"
        R"("OnHeapExecutionMemory":46245738,"MinorGCCount":4,"MajorGCTime":3,"TotalGCTime":12})";
    const std::string metrics =
        R"(,"Task Metrics":{"Executor Deserialize Time":13,"Executor Deserialize CPU Time":10400000,)"
        R"("Executor Run Time":383,"Executor CPU Time":274420170,"Peak Execution Memory":46245738,)"
        R"("Result Size":2596,"JVM GC Time":12,"Result Serialization Time":1,)"
        R"("Memory Bytes Spilled":0,"Disk Bytes Spilled":0,"Shuffle Read Metrics":{)"
        R"("Remote Blocks Fetched":2,"Local Blocks Fetched":1,"Fetch Wait Time":7,)"
        R"("Remote Bytes Read":100,"Remote Bytes Read To Disk":0,"Local Bytes Read":50,)"
        R"("Total Records Read":9,"Remote Requests Duration":3,"Push Based Shuffle":{)"
        R"("Corrupt Merged Block Chunks":0,"Merged Fetch Fallback Count":0}},)"
        R"("Shuffle Write Metrics":{"Shuffle Bytes Written":31921952,"Shuffle Write Time":15320000,)"
        R"("Shuffle Records Written":354688},"Input Metrics":{"Bytes Read":132730834,)"
        R"("Records Read":1106090},"Output Metrics":{"Bytes Written":0,"Records Written":0},)"
        R"("Updated Blocks":[]})";
    auto row = [](const char* name, const std::string& line, bool spark) {
        const bool success = line.find(R"("Reason":"Success")") != std::string::npos ||
                             line.find("SparkListenerTaskStart") != std::string::npos;
        QTest::newRow(name) << QString::fromStdString(line) << spark << (spark && success);
    };
    row("Spark 3", head + info + executorMetrics + metrics + "}", true);
    row("Spark 2 (no executor metrics)", head + info + metrics + "}", true);
    row("Spark 1.6 input metrics",
        head + info +
            R"(,"Task Metrics":{"Host Name":"h","Executor Run Time":5,"Input Metrics":{)"
            R"("Data Read Method":"Hadoop","Bytes Read":1,"Records Read":2}}})",
        true);
    row("failed task",
        R"({"Event":"SparkListenerTaskEnd","Stage ID":3,"Stage Attempt ID":2,"Task Type":"ResultTask",)"
        R"("Task End Reason":{"Reason":"ExceptionFailure","Class Name":"java.lang.X",)"
        R"("Description":"boom","Stack Trace":[],"Full Stack Trace":"x","Accumulator Updates":[]},)" +
            info.substr(0, info.size() - 1) + R"(})" + metrics + "}",
        true);
    row("metrics null", head + info + R"(,"Task Executor Metrics":null,"Task Metrics":null})",
        true);
    row("no metrics at all", head + info + "}", true);
    row("unknown Task Info key",
        head + R"("Task Info":{"Task ID":4,"Pool":"etl","Host":"h","Accumulables":[]})" +
            metrics + "}",
        true);
    row("unknown metric keys",
        head + info + R"(,"Task Executor Metrics":{"NewGauge":5,"JVMHeapMemory":1})" +
            R"(,"Task Metrics":{"Executor Run Time":5,"Extra":{"Executor CPU Time":9},"Note":"x"}})",
        true);
    row("updated blocks",
        head + info +
            R"(,"Task Metrics":{"Executor Run Time":5,"Updated Blocks":[{"Block ID":"rdd_1_0",)"
            R"("Status":{"Storage Level":{"Use Disk":false,"Use Memory":true,"Deserialized":true,)"
            R"("Replication":1},"Memory Size":10,"Disk Size":0}}]}})",
        false);
    row("double metric",
        head + info + R"(,"Task Metrics":{"Executor Run Time":5,"JVM GC Time":1.5}})", false);
    row("string metric",
        head + info + R"(,"Task Metrics":{"Executor Run Time":"5"}})", false);
    row("key after Task Metrics", head + info + metrics + R"(,"Foo":1})", false);
    row("escaped host",
        head + R"("Task Info":{"Task ID":4,"Host":"h\u0031","Accumulables":[]})" + "}", false);
    row("space inside", head + R"("Task Info":{"Task ID":4, "Host":"h"})" + "}", false);
    row("metrics nested too deep",
        head + info + R"(,"Task Metrics":{"a":{"b":{"c":{"d":{"Executor Run Time":1}}}}}})", false);
    row("task start",
        R"({"Event":"SparkListenerTaskStart","Stage ID":3,"Stage Attempt ID":2,)" + info + "}",
        true);
    row("non-ASCII host and long names",
        head + R"("Task Info":{"Task ID":4,"Host":"wörker-ä.cluster.example",)"
               R"("Executor ID":"exécuteur-12345678","Accumulables":[{"ID":3,)"
               R"("Name":"rows read from the fact table, 12345678","Update":"7","Value":"7",)"
               R"("Internal":false,"Count Failed Values":true}]}})",
        true);
    // Both readings refuse it: a raw control character is not JSON (simdjson says so).
    QTest::newRow("control character")
        << QString::fromStdString(head + "\"Task Info\":{\"Task ID\":4,\"Host\":\"ab\x01" "cdefghijk\"}}")
        << false << false;
    row("task start, flags set",
        R"({"Event":"SparkListenerTaskStart","Stage ID":3,"Stage Attempt ID":2,"Task Info":{)"
        R"("Task ID":9,"Speculative":true,"Failed":true,"Killed":true,"Accumulables":[]}})",
        true);
    row("task start with a key after Task Info",
        R"({"Event":"SparkListenerTaskStart","Stage ID":3,"Task Info":{"Task ID":9},)"
        R"("Stage Attempt ID":1})",
        false);
}

void CanonicalTextTest::taskEventsSameAsTheGeneralReader() {
    QFETCH(QString, line);
    QFETCH(bool, spark);
    const std::string asWritten = line.toStdString();
    QCOMPARE(tailReaderTakes(asWritten), spark);
    std::string general = asWritten;
    const size_t at = general.find(kTaskInfoKey);
    QVERIFY(at != std::string::npos);
    general.insert(at + kTaskInfoKey.size() + 1, " ");  // after the brace: On-Demand skips
                                                         // spaces before a value
    QVERIFY(!tailReaderTakes(general));
    // Three readings: the line from its text (when all of it is in Spark's form); its head by
    // On-Demand and its Task Info on from the text; every field by On-Demand.
    uint64_t asText = 0;
    const SeenTask a = decodeTask(asWritten, &asText);
    const SeenTask b = decodeTask(general);
    std::string headByOnDemand = asWritten;
    headByOnDemand.insert(1, " ");
    general.insert(1, " ");
    uint64_t neverAsText = 0;
    const SeenTask c = decodeTask(headByOnDemand);
    const SeenTask d = decodeTask(general, &neverAsText);
    QCOMPARE(neverAsText, uint64_t(0));
    QFETCH(bool, wholeLine);
    QCOMPARE(asText, uint64_t(wholeLine ? 1 : 0));
    QVERIFY(a == c);
    QVERIFY(b == d);
    QCOMPARE(a.decoded, QTest::currentDataTag() != QByteArrayView("control character"));
    if (!a.decoded) {
        QCOMPARE(a.error, b.error);
        return;
    }
    QVERIFY2(a.decoded, a.error.c_str());
    QVERIFY(!a.calls.empty());
    QCOMPARE(a.calls, b.calls);
    QCOMPARE(a.fields, b.fields);
    QCOMPARE(a.executorMetrics, b.executorMetrics);
    QCOMPARE(a.metricsSeen, b.metricsSeen);
    QCOMPARE(a.problems, b.problems);
    QVERIFY(a == b);
}

void CanonicalTextTest::notUtf8LineIsRepairedAsBefore() {
    // A Latin-1 host (Spark before 3.0 wrote the driver's charset): the text reader must leave
    // the line to the decoder's repair, which reads the byte as U+00E9 and says so.
    const std::string line =
        "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Stage Attempt ID\":0,"
        "\"Task Type\":\"ResultTask\",\"Task End Reason\":{\"Reason\":\"Success\"},"
        "\"Task Info\":{\"Task ID\":4,\"Host\":\"caf\xe9\",\"Accumulables\":[]}}";
    uint64_t asText = 0;
    const SeenTask seen = decodeTask(line, &asText);
    QVERIFY(seen.decoded);
    QCOMPARE(asText, uint64_t(0));
    QCOMPARE(seen.host, std::string("caf\xc3\xa9"));
    QCOMPARE(seen.problems.size(), size_t(1));
}

QTEST_GUILESS_MAIN(CanonicalTextTest)
#include "tst_canonical_text.moc"
