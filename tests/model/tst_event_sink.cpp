// The decoder's dispatch, seen through a recording EventSink: every event name of the table
// reaches exactly its own handler, once; unknown names are counted and reach none.
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "parse/EventDecoder.h"
#include "status/LiveTaskIds.h"

using namespace stagelight;

namespace {

// Records which handler each line reached.
class RecordingSink final : public EventSink {
public:
    std::vector<std::string> calls;

#define STAGELIGHT_RECORD(method, Type) \
    void method(const Type&) override { \
        calls.push_back(#method);       \
    }
    STAGELIGHT_RECORD(logStart, events::LogStart)
    STAGELIGHT_RECORD(applicationStart, events::ApplicationStart)
    STAGELIGHT_RECORD(applicationEnd, events::ApplicationEnd)
    STAGELIGHT_RECORD(environmentUpdate, events::EnvironmentUpdate)
    STAGELIGHT_RECORD(resourceProfileAdded, ResourceProfile)
    STAGELIGHT_RECORD(miscellaneousProcessAdded, events::MiscellaneousProcessAdded)
    STAGELIGHT_RECORD(executorAdded, events::ExecutorAdded)
    STAGELIGHT_RECORD(executorRemoved, events::ExecutorRemoved)
    STAGELIGHT_RECORD(blockManagerAdded, events::BlockManager)
    STAGELIGHT_RECORD(blockManagerRemoved, events::BlockManager)
    STAGELIGHT_RECORD(executorExcluded, events::Exclusion)
    STAGELIGHT_RECORD(executorExcludedForStage, events::Exclusion)
    STAGELIGHT_RECORD(executorUnexcluded, events::Exclusion)
    STAGELIGHT_RECORD(nodeExcluded, events::Exclusion)
    STAGELIGHT_RECORD(nodeExcludedForStage, events::Exclusion)
    STAGELIGHT_RECORD(nodeUnexcluded, events::Exclusion)
    STAGELIGHT_RECORD(executorMetricsUpdate, events::ExecutorMetricsUpdate)
    STAGELIGHT_RECORD(stageExecutorMetrics, events::StageExecutorMetrics)
    STAGELIGHT_RECORD(jobStart, events::JobStart)
    STAGELIGHT_RECORD(jobEnd, events::JobEnd)
    STAGELIGHT_RECORD(stageSubmitted, events::Stage)
    STAGELIGHT_RECORD(stageCompleted, events::Stage)
    STAGELIGHT_RECORD(taskStart, events::TaskStart)
    STAGELIGHT_RECORD(taskGettingResult, events::TaskGettingResult)
    STAGELIGHT_RECORD(taskEnd, events::TaskEnd)
    STAGELIGHT_RECORD(blockUpdated, BlockUpdate)
    STAGELIGHT_RECORD(unpersistRdd, events::UnpersistRdd)
    STAGELIGHT_RECORD(sqlExecutionStart, events::SqlExecutionStart)
    STAGELIGHT_RECORD(sqlExecutionEnd, events::SqlExecutionEnd)
    STAGELIGHT_RECORD(sqlAdaptiveExecutionUpdate, events::SqlAdaptiveExecutionUpdate)
    STAGELIGHT_RECORD(sqlAdaptiveMetricUpdates, events::SqlAdaptiveMetricUpdates)
    STAGELIGHT_RECORD(driverAccumUpdates, events::DriverAccumUpdates)
#undef STAGELIGHT_RECORD
};

struct Expected {
    std::string handler;
    std::string fields;  // the least a line needs to be passed on
};

// One line per event kind (the name without its Jackson package).
const std::map<std::string, Expected>& expectedHandlers() {
    static const std::map<std::string, Expected> m = {
        {"SparkListenerLogStart", {"logStart", ""}},
        {"SparkListenerApplicationStart", {"applicationStart", ""}},
        {"SparkListenerApplicationEnd", {"applicationEnd", ""}},
        {"SparkListenerEnvironmentUpdate", {"environmentUpdate", ""}},
        {"SparkListenerResourceProfileAdded", {"resourceProfileAdded", ""}},
        {"SparkListenerExecutorAdded", {"executorAdded", ""}},
        {"SparkListenerExecutorRemoved", {"executorRemoved", ""}},
        {"SparkListenerBlockManagerAdded", {"blockManagerAdded", ""}},
        {"SparkListenerBlockManagerRemoved", {"blockManagerRemoved", ""}},
        {"SparkListenerJobStart", {"jobStart", ""}},
        {"SparkListenerJobEnd", {"jobEnd", ""}},
        {"SparkListenerStageSubmitted", {"stageSubmitted", R"("Stage Info":{})"}},
        {"SparkListenerStageCompleted", {"stageCompleted", R"("Stage Info":{})"}},
        {"SparkListenerTaskStart", {"taskStart", ""}},
        {"SparkListenerTaskGettingResult", {"taskGettingResult", ""}},
        {"SparkListenerTaskEnd", {"taskEnd", R"("Task Info":{})"}},
        {"SparkListenerExecutorMetricsUpdate",
         {"executorMetricsUpdate", R"("Executor Metrics Updated":[{"Executor Metrics":{}}])"}},
        {"SparkListenerStageExecutorMetrics", {"stageExecutorMetrics", ""}},
        {"SparkListenerBlockUpdated", {"blockUpdated", R"("Block Updated Info":{})"}},
        {"SparkListenerUnpersistRDD", {"unpersistRdd", R"("RDD ID":1)"}},
        {"SparkListenerExecutorExcluded", {"executorExcluded", ""}},
        {"SparkListenerExecutorBlacklisted", {"executorExcluded", ""}},
        {"SparkListenerExecutorExcludedForStage", {"executorExcludedForStage", ""}},
        {"SparkListenerExecutorBlacklistedForStage", {"executorExcludedForStage", ""}},
        {"SparkListenerExecutorUnexcluded", {"executorUnexcluded", ""}},
        {"SparkListenerExecutorUnblacklisted", {"executorUnexcluded", ""}},
        {"SparkListenerNodeExcluded", {"nodeExcluded", ""}},
        {"SparkListenerNodeBlacklisted", {"nodeExcluded", ""}},
        {"SparkListenerNodeExcludedForStage", {"nodeExcludedForStage", ""}},
        {"SparkListenerNodeBlacklistedForStage", {"nodeExcludedForStage", ""}},
        {"SparkListenerNodeUnexcluded", {"nodeUnexcluded", ""}},
        {"SparkListenerNodeUnblacklisted", {"nodeUnexcluded", ""}},
        {"SparkListenerMiscellaneousProcessAdded", {"miscellaneousProcessAdded", ""}},
        {"SparkListenerSQLExecutionStart", {"sqlExecutionStart", R"("executionId":1)"}},
        {"SparkListenerSQLExecutionEnd", {"sqlExecutionEnd", R"("executionId":1)"}},
        {"SparkListenerSQLAdaptiveExecutionUpdate",
         {"sqlAdaptiveExecutionUpdate", R"("executionId":1,"sparkPlanInfo":{"nodeName":"X"})"}},
        {"SparkListenerSQLAdaptiveSQLMetricUpdates",
         {"sqlAdaptiveMetricUpdates", R"("executionId":1)"}},
        {"SparkListenerDriverAccumUpdates", {"driverAccumUpdates", R"("executionId":1)"}},
    };
    return m;
}

std::string shortName(std::string name) {
    return name.substr(name.rfind('.') + 1);
}

// Decodes one line the way the loader hands it over: followed by simdjson's padding.
bool decode(EventDecoder& decoder, const std::string& text) {
    std::vector<char> buffer(text.begin(), text.end());
    buffer.resize(text.size() + simdjson::SIMDJSON_PADDING, '\0');
    return decoder.decodeLine(buffer.data(), text.size(), buffer.size(), SourceRef{});
}

std::string line(const std::string& name, const std::string& fields) {
    return R"({"Event":")" + name + "\"" + (fields.empty() ? "" : "," + fields) + "}";
}

}  // namespace

class EventSinkTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyTableNameReachesExactlyItsHandler();
    void unknownEventsAreCountedAndSkipped();
    void sinksAreCalledInOrder();
    void liveTaskIdsAreASet();
};

void EventSinkTest::everyTableNameReachesExactlyItsHandler() {
    const std::vector<std::string> names = EventDecoder::eventNames();
    QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), names.size());  // no twice
    std::set<std::string> covered;
    for (const std::string& name : names) {
        const auto expected = expectedHandlers().find(shortName(name));
        QVERIFY2(expected != expectedHandlers().end(), ("no expected handler for " + name).c_str());
        covered.insert(expected->first);
        RecordingSink sink;
        EventDecoder decoder({&sink});
        QVERIFY2(decode(decoder, line(name, expected->second.fields)), name.c_str());
        QCOMPARE(sink.calls, std::vector<std::string>{expected->second.handler});
        QCOMPARE(decoder.counts().events, uint64_t(1));
        QVERIFY(decoder.counts().unknown.empty());
    }
    QCOMPARE(covered.size(), expectedHandlers().size());  // every kind is in the table
    // Jackson class names where Spark writes them, and only there.
    auto has = [&](const std::string& n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    QVERIFY(has("org.apache.spark.scheduler.SparkListenerNodeBlacklistedForStage"));
    QVERIFY(has("SparkListenerNodeBlacklistedForStage"));
    QVERIFY(has("org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart"));
    QVERIFY(!has("SparkListenerSQLExecutionStart"));
    QVERIFY(!has("org.apache.spark.scheduler.SparkListenerTaskEnd"));
}

void EventSinkTest::unknownEventsAreCountedAndSkipped() {
    RecordingSink sink;
    EventDecoder decoder({&sink});
    for (const char* name :
         {"com.example.MyPluginEvent", "com.example.MyPluginEvent",
          "org.apache.spark.scheduler.SparkListenerTaskEnd", "SparkListenerSQLExecutionEnd"})
        QVERIFY(decode(decoder, line(name, R"("executionId":1,"Task Info":{})")));
    QVERIFY(sink.calls.empty());
    QCOMPARE(decoder.counts().events, uint64_t(0));
    QCOMPARE(decoder.counts().unknown.size(), size_t(3));
    QCOMPARE(decoder.counts().unknown.at("com.example.MyPluginEvent"), uint64_t(2));
    QCOMPARE(decoder.counts().unknown.at("SparkListenerSQLExecutionEnd"), uint64_t(1));
}

void EventSinkTest::sinksAreCalledInOrder() {
    struct Tracing final : EventSink {
        std::vector<std::string>* log;
        std::string tag;
        void jobStart(const events::JobStart& e) override {
            log->push_back(tag + std::to_string(e.job.id));
        }
        void endOfLog() override { log->push_back(tag + "end"); }
    };
    std::vector<std::string> log;
    Tracing a, b;
    a.log = b.log = &log;
    a.tag = "a";
    b.tag = "b";
    EventDecoder decoder({&a, &b});
    QVERIFY(decode(decoder, line("SparkListenerJobStart", R"("Job ID":1)")));
    QVERIFY(decode(decoder, line("SparkListenerJobStart", R"("Job ID":2)")));
    decoder.finish();
    QCOMPARE(log, (std::vector<std::string>{"a1", "b1", "a2", "b2", "aend", "bend"}));
}

// StatusReplay's started-task ids: dense ids in bits, hostile ones in a hash set, one set either
// way.
void EventSinkTest::liveTaskIdsAreASet() {
    LiveTaskIds ids;
    const int64_t far = int64_t(1) << 40, later = 9000;
    for (int64_t id : {int64_t(0), int64_t(5), later, far, int64_t(-3)}) ids.insert(id);
    ids.insert(5);                                                   // twice is once
    for (int64_t id = 0; id < 20000; id += 100) ids.insert(id + 1);  // the bits grow past `later`
    for (int64_t id : {int64_t(0), int64_t(5), later, far, int64_t(-3)}) QVERIFY(ids.erase(id));
    for (int64_t id : {int64_t(0), int64_t(5), later, far, int64_t(-3), int64_t(7)})
        QVERIFY(!ids.erase(id));
    QVERIFY(ids.erase(19901));
}

QTEST_GUILESS_MAIN(EventSinkTest)
#include "tst_event_sink.moc"
