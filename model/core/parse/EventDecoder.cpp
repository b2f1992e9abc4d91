#include "parse/EventDecoder.h"

#include <unordered_map>

#include "io/StaleMemory.h"

namespace stagelight {

namespace od = simdjson::ondemand;

namespace {

// Jackson-written events carry their fully qualified class name.
constexpr std::string_view kSchedulerPackage = "org.apache.spark.scheduler.";
constexpr std::string_view kSqlUiPackage = "org.apache.spark.sql.execution.ui.";

// Which spellings of a name a log may use.
enum Spelling : uint8_t {
    kPlain = 1,      // "SparkListenerTaskEnd"
    kScheduler = 2,  // kSchedulerPackage + name
    kSqlUi = 4,      // kSqlUiPackage + name
};

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

struct EventDecoder::EventEntry {
    std::string_view name;
    void (EventDecoder::*decode)(Object&, const SourceRef&);
    uint8_t spellings = kPlain;
};

// The one table of events: adding an event is one line here plus its decode method.
std::span<const EventDecoder::EventEntry> EventDecoder::eventTable() {
    using D = EventDecoder;
    static constexpr EventEntry kEvents[] = {
        {"SparkListenerLogStart", &D::logStart},
        {"SparkListenerApplicationStart", &D::applicationStart},
        {"SparkListenerApplicationEnd", &D::applicationEnd},
        {"SparkListenerEnvironmentUpdate", &D::environmentUpdate},
        {"SparkListenerResourceProfileAdded", &D::resourceProfileAdded},
        {"SparkListenerExecutorAdded", &D::executorAdded},
        {"SparkListenerExecutorRemoved", &D::executorRemoved},
        {"SparkListenerBlockManagerAdded", &D::blockManagerAdded},
        {"SparkListenerBlockManagerRemoved", &D::blockManagerRemoved},
        {"SparkListenerJobStart", &D::jobStart},
        {"SparkListenerJobEnd", &D::jobEnd},
        {"SparkListenerStageSubmitted", &D::stageSubmitted},
        {"SparkListenerStageCompleted", &D::stageCompleted},
        {"SparkListenerTaskStart", &D::taskStart},
        {"SparkListenerTaskGettingResult", &D::taskGettingResult},
        {"SparkListenerTaskEnd", &D::taskEnd},
        {"SparkListenerExecutorMetricsUpdate", &D::executorMetricsUpdate},
        {"SparkListenerStageExecutorMetrics", &D::stageExecutorMetrics},
        {"SparkListenerBlockUpdated", &D::blockUpdated},
        {"SparkListenerUnpersistRDD", &D::unpersistRdd},
        // Exclusions are Jackson-written; the deprecated "Blacklisted" twins (logged alongside
        // since 3.1) decode as the same event, and the model drops the duplicates.
        {"SparkListenerExecutorExcluded", &D::executorExcluded, kPlain | kScheduler},
        {"SparkListenerExecutorBlacklisted", &D::executorExcluded, kPlain | kScheduler},
        {"SparkListenerExecutorExcludedForStage", &D::executorExcludedForStage,
         kPlain | kScheduler},
        {"SparkListenerExecutorBlacklistedForStage", &D::executorExcludedForStage,
         kPlain | kScheduler},
        {"SparkListenerNodeExcluded", &D::nodeExcluded, kPlain | kScheduler},
        {"SparkListenerNodeBlacklisted", &D::nodeExcluded, kPlain | kScheduler},
        {"SparkListenerNodeExcludedForStage", &D::nodeExcludedForStage, kPlain | kScheduler},
        {"SparkListenerNodeBlacklistedForStage", &D::nodeExcludedForStage, kPlain | kScheduler},
        {"SparkListenerExecutorUnexcluded", &D::executorUnexcluded, kPlain | kScheduler},
        {"SparkListenerExecutorUnblacklisted", &D::executorUnexcluded, kPlain | kScheduler},
        {"SparkListenerNodeUnexcluded", &D::nodeUnexcluded, kPlain | kScheduler},
        {"SparkListenerNodeUnblacklisted", &D::nodeUnexcluded, kPlain | kScheduler},
        {"SparkListenerMiscellaneousProcessAdded", &D::miscellaneousProcessAdded, kScheduler},
        {"SparkListenerSQLExecutionStart", &D::sqlExecutionStart, kSqlUi},
        {"SparkListenerSQLExecutionEnd", &D::sqlExecutionEnd, kSqlUi},
        {"SparkListenerSQLAdaptiveExecutionUpdate", &D::sqlAdaptiveExecutionUpdate, kSqlUi},
        {"SparkListenerSQLAdaptiveSQLMetricUpdates", &D::sqlAdaptiveMetricUpdates, kSqlUi},
        {"SparkListenerDriverAccumUpdates", &D::driverAccumUpdates, kSqlUi},
    };
    return kEvents;
}

const EventDecoder::EventEntry* EventDecoder::findEvent(std::string_view name) {
    // Keys view the table's literals, so nothing needs to own them.
    static const std::unordered_map<std::string_view, const EventEntry*> byName = [] {
        std::unordered_map<std::string_view, const EventEntry*> m;
        for (const EventEntry& e : eventTable()) m.emplace(e.name, &e);
        return m;
    }();
    uint8_t spelling = kPlain;
    if (name.starts_with(kSchedulerPackage)) {
        name.remove_prefix(kSchedulerPackage.size());
        spelling = kScheduler;
    } else if (name.starts_with(kSqlUiPackage)) {
        name.remove_prefix(kSqlUiPackage.size());
        spelling = kSqlUi;
    }
    auto it = byName.find(name);
    return it != byName.end() && (it->second->spellings & spelling) ? it->second : nullptr;
}

std::vector<std::string> EventDecoder::eventNames() {
    std::vector<std::string> names;
    for (const EventEntry& e : eventTable()) {
        if (e.spellings & kPlain) names.emplace_back(e.name);
        if (e.spellings & kScheduler) names.push_back(std::string(kSchedulerPackage) += e.name);
        if (e.spellings & kSqlUi) names.push_back(std::string(kSqlUiPackage) += e.name);
    }
    return names;
}

EventDecoder::EventDecoder(std::vector<EventSink*> sinks, bool textReaders)
    : sinks_(std::move(sinks)), textReaders_(textReaders) {
    // Plans nest two JSON levels per operator; allow far deeper plans than simdjson's 1024.
    if (parser_.allocate(1 << 20, 16384) != simdjson::SUCCESS) throw std::bad_alloc();
}

bool EventDecoder::decodeLine(const char* line, size_t length, size_t capacity,
                              const SourceRef& where) {
    // The repaired line is this call's only: anything still viewing it afterwards is a bug.
    struct RetireRepair {
        std::vector<char>& buffer;
        ~RetireRepair() { markStale(buffer.data(), buffer.capacity()); }
    } retireRepair{repaired_};
    problems_.messages.clear();
    lastError_.clear();
    currentEvent_.clear();
    if (!keptTexts_.empty()) keptTexts_.clear();
    size_t end = length;
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r'))
        --end;
    if (end == 0 || line[end - 1] != '}') {
        lastError_ = "not a complete JSON object (line is cut off or is not JSON)";
        return false;
    }
    // Most lines are task events as Spark writes them: read from the text, with no JSON pass.
    if (textReaders_ && taskLineFromText(line, end, where)) {
        ++counts_.events;
        ++counts_.readAsText;
        return true;
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
        lineEnd_ = line + end;
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
        currentEvent_.assign(name);
        const EventEntry* entry = findEvent(name);
        if (!entry) {
            auto it = counts_.unknown.find(name);
            if (it == counts_.unknown.end()) it = counts_.unknown.emplace(name, 0).first;
            ++it->second;
            return true;
        }
        od::object event = doc.get_object();
        (this->*entry->decode)(event, where);
        ++counts_.events;
        return true;
    } catch (const simdjson::simdjson_error& e) {
        lastError_ = std::string("invalid JSON (") + simdjson::error_message(e.error()) + ")";
        if (!currentEvent_.empty()) lastError_ += " in " + currentEvent_;
        return false;
    }
}

void EventDecoder::repairUtf8(const char* line, size_t length) {
    markFresh(repaired_.data(), repaired_.capacity());
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
        if (valid && n == 3) {  // nor overlong three-byte forms, nor UTF-16 surrogates
            const unsigned char d = p[i + 1];
            valid = !(c == 0xE0 && d < 0xA0) && !(c == 0xED && d >= 0xA0);
        }
        if (valid && n == 4) {  // nor overlong four-byte forms, nor past U+10FFFF
            const unsigned char d = p[i + 1];
            valid = c <= 0xF4 && !(c == 0xF0 && d < 0x90) && !(c == 0xF4 && d >= 0x90);
        }
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

void EventDecoder::finish() {
    for (EventSink* sink : sinks_) sink->endOfLog();
}

}  // namespace stagelight
