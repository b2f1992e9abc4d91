// Decodes one event line at a time (simdjson On-Demand) into typed events and hands each to the
// sinks in log order. Unknown events are counted and skipped; malformed lines are reported.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "events/EventSink.h"
#include "parse/Json.h"

namespace stagelight {

class EventDecoder {
public:
    // The sinks are called in the order given, each event before the next is decoded. With
    // `textReaders` task events in Spark's own form are read from their text (CanonicalTaskEnd.h);
    // without, every line goes through simdjson (the tests compare the two).
    explicit EventDecoder(std::vector<EventSink*> sinks, bool textReaders = true);
    EventDecoder(const EventDecoder&) = delete;
    EventDecoder& operator=(const EventDecoder&) = delete;

    // `line` must be followed by at least SIMDJSON_PADDING readable bytes (`capacity` counts them).
    // Returns false when the line is not a decodable JSON object.
    bool decodeLine(const char* line, size_t length, size_t capacity, const SourceRef& where);
    // Last decode failure of decodeLine (for the caller's report), or the line's field problems.
    const std::string& lastError() const { return lastError_; }
    const json::LineProblems& problems() const { return problems_; }

    struct Counts {
        uint64_t events = 0;                                   // known events decoded
        std::map<std::string, uint64_t, std::less<>> unknown;  // event name -> lines skipped
        uint64_t readAsText = 0;  // task lines decoded from their text, without simdjson
    };
    const Counts& counts() const { return counts_; }
    // The counts so far, and zero from here on (a parallel load's worker, batch by batch).
    Counts takeCounts() { return std::exchange(counts_, Counts{}); }

    // Called once after the last line: tells the sinks.
    void finish();

    // Every "Event" name the decoder dispatches (Jackson class names included).
    static std::vector<std::string> eventNames();

private:
    using Value = simdjson::ondemand::value;
    using Object = simdjson::ondemand::object;
    struct EventEntry;
    static std::span<const EventEntry> eventTable();
    static const EventEntry* findEvent(std::string_view name);
    void repairUtf8(const char* line, size_t length);  // into repaired_

    template <typename Event>
    void emit(void (EventSink::*handler)(const Event&), const Event& event) {
        for (EventSink* sink : sinks_) (sink->*handler)(event);
    }

    // Application-level events (DecodeApplication.cpp)
    void logStart(Object& e, const SourceRef& where);
    void applicationStart(Object& e, const SourceRef& where);
    void applicationEnd(Object& e, const SourceRef& where);
    void environmentUpdate(Object& e, const SourceRef& where);
    void resourceProfileAdded(Object& e, const SourceRef& where);
    void miscellaneousProcessAdded(Object& e, const SourceRef& where);
    void executorMetricsUpdate(Object& e, const SourceRef& where);
    void stageExecutorMetrics(Object& e, const SourceRef& where);
    void blockUpdated(Object& e, const SourceRef& where);
    void unpersistRdd(Object& e, const SourceRef& where);
    void readExecutorMetrics(Value v, ExecutorMetricValues& out);

    // Executors, block managers, exclusions (DecodeExecutor.cpp)
    void executorAdded(Object& e, const SourceRef& where);
    void executorRemoved(Object& e, const SourceRef& where);
    void blockManagerAdded(Object& e, const SourceRef& where);
    void blockManagerRemoved(Object& e, const SourceRef& where);
    events::BlockManager readBlockManager(Object& e);
    void executorExcluded(Object& e, const SourceRef& where);
    void executorExcludedForStage(Object& e, const SourceRef& where);
    void executorUnexcluded(Object& e, const SourceRef& where);
    void nodeExcluded(Object& e, const SourceRef& where);
    void nodeExcludedForStage(Object& e, const SourceRef& where);
    void nodeUnexcluded(Object& e, const SourceRef& where);
    events::Exclusion readExclusion(Object& e, bool excluded, bool forStage);

    // Jobs and stages (DecodeJobStage.cpp)
    void jobStart(Object& e, const SourceRef& where);
    void jobEnd(Object& e, const SourceRef& where);
    void stageSubmitted(Object& e, const SourceRef& where);
    void stageCompleted(Object& e, const SourceRef& where);
    bool readStageEvent(Object& e, bool completed, events::Stage& out);
    events::StageInfo readStageInfo(Value v);
    RddInfo readRddInfo(Value v);
    StorageLevel readStorageLevel(Value v);
    AccumulableInfo readAccumulable(Value v);

    // Tasks (DecodeTask.cpp)
    void taskStart(Object& e, const SourceRef& where);
    void taskGettingResult(Object& e, const SourceRef& where);
    void taskEnd(Object& e, const SourceRef& where);
    void readTaskInfo(Value v, events::TaskInfo& info);
    void readTaskMetrics(Value v, events::TaskEnd& end);
    void readTaskAccumulables(Value v, events::TaskInfo& info);
    void finishTaskEnd(events::TaskEnd& ev, const SourceRef& where);
    // A TaskStart or successful TaskEnd line in Spark's own form, decoded from its text without
    // simdjson (CanonicalTaskEnd.h); false, having emitted nothing, for any other line.
    bool taskLineFromText(const char* line, size_t length, const SourceRef& where);
    TaskFailure readEndReason(Value v, EndReason& reason);
    std::string_view keepText(std::string_view text);

    // SQL (DecodeSql.cpp)
    void sqlExecutionStart(Object& e, const SourceRef& where);
    void sqlExecutionEnd(Object& e, const SourceRef& where);
    void sqlAdaptiveExecutionUpdate(Object& e, const SourceRef& where);
    void sqlAdaptiveMetricUpdates(Object& e, const SourceRef& where);
    void driverAccumUpdates(Object& e, const SourceRef& where);
    void readPlanNode(Value v, SqlPlan& plan, int32_t index, int depth);
    PlanMetric readPlanMetric(Value v);

    std::vector<EventSink*> sinks_;
    simdjson::ondemand::parser parser_;
    json::LineProblems problems_;
    std::string lastError_;
    std::string currentEvent_;  // owned: the line's buffer may be gone when an error names it
    Counts counts_;
    events::TaskStart taskStart_;  // reused per line: the hot path keeps its vectors' capacity
    events::TaskEnd taskEnd_;
    std::deque<std::string> keptTexts_;  // unescaped names an event's views point into
    std::vector<char> repaired_;         // a line whose invalid UTF-8 was read as Latin-1, padded
    const bool textReaders_;
    const char* lineEnd_ = nullptr;      // of the line being decoded (its text's bound)
    size_t repairedLength_ = 0;
};

}  // namespace stagelight
