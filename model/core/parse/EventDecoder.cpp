#include "parse/EventDecoder.h"

#include <algorithm>
#include <unordered_map>

namespace stagelight {

namespace od = simdjson::ondemand;

enum class EventDecoder::Kind {
    LogStart,
    ApplicationStart,
    ApplicationEnd,
    EnvironmentUpdate,
    ResourceProfileAdded,
    ExecutorAdded,
    ExecutorRemoved,
    BlockManagerAdded,
    BlockManagerRemoved,
    JobStart,
    JobEnd,
    StageSubmitted,
    StageCompleted,
    TaskStart,
    TaskGettingResult,
    TaskEnd,
    ExecutorMetricsUpdate,
    StageExecutorMetrics,
    BlockUpdated,
    UnpersistRdd,
    ExecutorExcluded,
    ExecutorExcludedForStage,
    NodeExcluded,
    NodeExcludedForStage,
    ExecutorUnexcluded,
    NodeUnexcluded,
    SqlExecutionStart,
    SqlExecutionEnd,
    SqlAdaptiveExecutionUpdate,
    SqlAdaptiveSqlMetricUpdates,
    DriverAccumUpdates,
    MiscellaneousProcessAdded,
};

namespace {

const std::unordered_map<std::string_view, int>& eventKinds() {
    static const std::unordered_map<std::string_view, int> kinds = [] {
        std::unordered_map<std::string_view, int> k;
        int i = 0;
        for (std::string_view name : {"SparkListenerLogStart",
                                      "SparkListenerApplicationStart",
                                      "SparkListenerApplicationEnd",
                                      "SparkListenerEnvironmentUpdate",
                                      "SparkListenerResourceProfileAdded",
                                      "SparkListenerExecutorAdded",
                                      "SparkListenerExecutorRemoved",
                                      "SparkListenerBlockManagerAdded",
                                      "SparkListenerBlockManagerRemoved",
                                      "SparkListenerJobStart",
                                      "SparkListenerJobEnd",
                                      "SparkListenerStageSubmitted",
                                      "SparkListenerStageCompleted",
                                      "SparkListenerTaskStart",
                                      "SparkListenerTaskGettingResult",
                                      "SparkListenerTaskEnd",
                                      "SparkListenerExecutorMetricsUpdate",
                                      "SparkListenerStageExecutorMetrics",
                                      "SparkListenerBlockUpdated",
                                      "SparkListenerUnpersistRDD"})
            k.emplace(name, i++);
        // Jackson-written scheduler events carry the fully qualified class name; the deprecated
        // "Blacklisted" twins (written alongside since 3.1) map to the same kinds and are
        // de-duplicated when the model is finished.
        const std::pair<std::string_view, std::string_view> exclusion[] = {
            {"SparkListenerExecutorExcluded", "SparkListenerExecutorBlacklisted"},
            {"SparkListenerExecutorExcludedForStage", "SparkListenerExecutorBlacklistedForStage"},
            {"SparkListenerNodeExcluded", "SparkListenerNodeBlacklisted"},
            {"SparkListenerNodeExcludedForStage", "SparkListenerNodeBlacklistedForStage"},
            {"SparkListenerExecutorUnexcluded", "SparkListenerExecutorUnblacklisted"},
            {"SparkListenerNodeUnexcluded", "SparkListenerNodeUnblacklisted"}};
        static std::vector<std::string> owned;  // storage for the composed names
        owned.reserve(64);
        for (const auto& [now, old] : exclusion) {
            for (std::string_view n : {now, old}) {
                k.emplace(n, i);
                owned.push_back("org.apache.spark.scheduler." + std::string(n));
                k.emplace(owned.back(), i);
            }
            ++i;
        }
        for (std::string_view n :
             {"SparkListenerSQLExecutionStart", "SparkListenerSQLExecutionEnd",
              "SparkListenerSQLAdaptiveExecutionUpdate", "SparkListenerSQLAdaptiveSQLMetricUpdates",
              "SparkListenerDriverAccumUpdates"}) {
            owned.push_back("org.apache.spark.sql.execution.ui." + std::string(n));
            k.emplace(owned.back(), i++);
        }
        k.emplace("org.apache.spark.scheduler.SparkListenerMiscellaneousProcessAdded", i++);
        return k;
    }();
    return kinds;
}

// The "Event" value when it is the first key (as Spark always writes it), without parsing.
std::string_view eventNameByPrefix(const char* line, size_t length) {
    constexpr std::string_view prefix = "{\"Event\":\"";
    std::string_view s(line, length);
    if (s.substr(0, prefix.size()) != prefix) return {};
    const size_t end = s.find('"', prefix.size());
    if (end == std::string_view::npos) return {};
    std::string_view name = s.substr(prefix.size(), end - prefix.size());
    return name.find('\\') == std::string_view::npos ? name : std::string_view{};
}

}  // namespace

EventDecoder::EventDecoder(EventLogModel& model) : model_(model) {
    // Plans nest two JSON levels per operator; allow far deeper plans than simdjson's 1024.
    if (parser_.allocate(1 << 20, 16384) != simdjson::SUCCESS) throw std::bad_alloc();
}

bool EventDecoder::decodeLine(const char* line, size_t length, size_t capacity,
                              const SourceRef& where) {
    problems_.messages.clear();
    lastError_.clear();
    size_t end = length;
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r'))
        --end;
    if (end == 0 || line[end - 1] != '}') {
        lastError_ = "not a complete JSON object (line is cut off or is not JSON)";
        return false;
    }
    try {
        od::document doc;
        simdjson::error_code err = parser_.iterate(line, end, capacity).get(doc);
        if (err == simdjson::UTF8_ERROR) {
            // Before Spark 3.0 the driver's default charset was used: read stray bytes as Latin-1.
            repairUtf8(line, end);
            line = repaired_.data();
            end = repairedLength_;
            problems_.add("(line)", "not valid UTF-8; bytes outside UTF-8 were read as Latin-1");
            err = parser_.iterate(line, end, repaired_.size()).get(doc);
        }
        if (err) throw simdjson::simdjson_error(err);
        std::string_view name = eventNameByPrefix(line, end);
        if (name.empty()) {
            std::string_view found;
            if (doc.find_field_unordered("Event").get_string().get(found) != simdjson::SUCCESS) {
                lastError_ = "no \"Event\" field";
                return false;
            }
            name = found;
            doc.rewind();
        }
        currentEvent_ = name;
        const auto& kinds = eventKinds();
        auto it = kinds.find(name);
        if (it == kinds.end()) {
            ++model_.report.unknownEvents[std::string(name)];
            return true;
        }
        od::object event = doc.get_object();
        dispatch(static_cast<Kind>(it->second), event, where);
        ++model_.report.events;
        return true;
    } catch (const simdjson::simdjson_error& e) {
        lastError_ = std::string("invalid JSON (") + simdjson::error_message(e.error()) + ")";
        if (!currentEvent_.empty()) lastError_ += " in " + std::string(currentEvent_);
        currentEvent_ = {};
        return false;
    }
}

void EventDecoder::repairUtf8(const char* line, size_t length) {
    repaired_.clear();
    const auto* p = reinterpret_cast<const unsigned char*>(line);
    size_t i = 0;
    auto continuation = [&](size_t at) { return at < length && (p[at] & 0xC0) == 0x80; };
    while (i < length) {
        const unsigned char c = p[i];
        size_t n = c < 0x80           ? 1
                   : (c >> 5) == 0x6  ? 2
                   : (c >> 4) == 0xE  ? 3
                   : (c >> 3) == 0x1E ? 4
                                      : 0;
        bool valid = n > 0;
        for (size_t k = 1; valid && k < n; ++k) valid = continuation(i + k);
        if (valid && n == 2) valid = c >= 0xC2;  // no overlong forms
        if (valid) {
            repaired_.insert(repaired_.end(), line + i, line + i + n);
            i += n;
        } else {
            repaired_.push_back(char(0xC0 | (c >> 6)));  // U+0080..U+00FF as two bytes
            repaired_.push_back(char(0x80 | (c & 0x3F)));
            ++i;
        }
    }
    repairedLength_ = repaired_.size();
    repaired_.resize(repairedLength_ + simdjson::SIMDJSON_PADDING, '\0');
}

void EventDecoder::dispatch(Kind kind, od::object& e, const SourceRef& where) {
    switch (kind) {
        case Kind::LogStart:
            logStart(e);
            break;
        case Kind::ApplicationStart:
            applicationStart(e);
            break;
        case Kind::ApplicationEnd:
            applicationEnd(e);
            break;
        case Kind::EnvironmentUpdate:
            environmentUpdate(e);
            break;
        case Kind::ResourceProfileAdded:
            resourceProfileAdded(e);
            break;
        case Kind::ExecutorAdded:
            executorAdded(e);
            break;
        case Kind::ExecutorRemoved:
            executorRemoved(e);
            break;
        case Kind::BlockManagerAdded:
            blockManagerAdded(e, true);
            break;
        case Kind::BlockManagerRemoved:
            blockManagerAdded(e, false);
            break;
        case Kind::JobStart:
            jobStart(e, where);
            break;
        case Kind::JobEnd:
            jobEnd(e, where);
            break;
        case Kind::StageSubmitted:
            stageEvent(e, false, where);
            break;
        case Kind::StageCompleted:
            stageEvent(e, true, where);
            break;
        case Kind::TaskStart:
            taskStart(e);
            break;
        case Kind::TaskGettingResult:
            break;  // TaskEnd repeats Getting Result Time
        case Kind::TaskEnd:
            taskEnd(e, where);
            break;
        case Kind::ExecutorMetricsUpdate:
            executorMetricsUpdate(e);
            break;
        case Kind::StageExecutorMetrics:
            stageExecutorMetrics(e);
            break;
        case Kind::BlockUpdated:
            blockUpdated(e);
            break;
        case Kind::UnpersistRdd:
            unpersistRdd(e);
            break;
        case Kind::ExecutorExcluded:
            exclusion(e, false, true, false);
            break;
        case Kind::ExecutorExcludedForStage:
            exclusion(e, false, true, true);
            break;
        case Kind::NodeExcluded:
            exclusion(e, true, true, false);
            break;
        case Kind::NodeExcludedForStage:
            exclusion(e, true, true, true);
            break;
        case Kind::ExecutorUnexcluded:
            exclusion(e, false, false, false);
            break;
        case Kind::NodeUnexcluded:
            exclusion(e, true, false, false);
            break;
        case Kind::SqlExecutionStart:
            sqlExecutionStart(e, where);
            break;
        case Kind::SqlExecutionEnd:
            sqlExecutionEnd(e);
            break;
        case Kind::SqlAdaptiveExecutionUpdate:
            sqlAdaptiveUpdate(e);
            break;
        case Kind::SqlAdaptiveSqlMetricUpdates:
            sqlAdaptiveMetricUpdates(e);
            break;
        case Kind::DriverAccumUpdates:
            sqlDriverAccumUpdates(e);
            break;
        case Kind::MiscellaneousProcessAdded:
            miscellaneousProcessAdded(e);
            break;
    }
}

void EventDecoder::noteTime(int64_t t) {
    if (t > model_.application.lastEventTime) model_.application.lastEventTime = t;
}

}  // namespace stagelight

namespace stagelight {

void EventDecoder::finish() {
    // Tasks that started but never ended are still running (in-progress or killed drivers).
    std::vector<TaskRecord> running;
    running.reserve(runningTasks_.size());
    for (auto& [id, task] : runningTasks_) running.push_back(std::move(task));
    std::sort(running.begin(), running.end(), [](const TaskRecord& a, const TaskRecord& b) {
        return a[TaskField::TaskId] < b[TaskField::TaskId];
    });
    for (TaskRecord& t : running) {
        t[TaskField::EndReason] = int64_t(EndReason::Running);
        model_.tasks.append(t, nullptr);
    }
    runningTasks_.clear();
    model_.tasks.shrinkToFit();

    // Since 3.1 every exclusion is logged twice (Excluded + deprecated Blacklisted twin).
    auto sameEvent = [](const ExclusionEvent& a, const ExclusionEvent& b) {
        return a.time == b.time && a.excluded == b.excluded && a.stageId == b.stageId &&
               a.stageAttemptId == b.stageAttemptId;
    };
    for (Executor& ex : model_.executors) {
        std::vector<ExclusionEvent> unique;
        for (const ExclusionEvent& ev : ex.exclusions)
            if (std::none_of(unique.begin(), unique.end(),
                             [&](auto& u) { return sameEvent(u, ev); }))
                unique.push_back(ev);
        ex.exclusions = std::move(unique);
    }
    std::vector<NodeExclusion> nodes;
    for (const NodeExclusion& n : model_.nodeExclusions)
        if (std::none_of(nodes.begin(), nodes.end(),
                         [&](auto& u) { return u.host == n.host && sameEvent(u.event, n.event); }))
            nodes.push_back(n);
    model_.nodeExclusions = std::move(nodes);

    replay_.finish(model_);

    Application& app = model_.application;
    app.complete = app.sawApplicationEnd && !model_.source.inProgress;
}

}  // namespace stagelight
