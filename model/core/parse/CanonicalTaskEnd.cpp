#include "parse/CanonicalTaskEnd.h"

#include <optional>

#include "parse/CanonicalAccumulables.h"
#include "parse/KeyTables.h"
#include "parse/TextCursor.h"

namespace stagelight {

using json::OrderedKeyTable;

namespace {

// Task Info, as EventDecoder::readTaskInfo reads it.
bool readTaskInfo(TextCursor& c, events::TaskInfo& info) {
    TaskRecord& task = info.task;
    if (!c.literal("{")) return false;
    int64_t flags = task[TaskField::Flags];
    if (!c.literal("}")) {
        size_t hint = 0;
        do {
            std::string_view key, text;
            bool set = false;
            int64_t number = 0;
            if (!c.key(key)) return false;
            const int slot = taskInfoKeys().find(key, hint);
            switch (slot) {
                case OrderedKeyTable::kNotFound:
                    if (!c.skipScalar()) return false;
                    break;
                case int(TaskField::ExecutorId):
                    if (!c.string(info.executorId)) return false;
                    break;
                case int(TaskField::Host):
                    if (!c.string(info.host)) return false;
                    break;
                case int(TaskField::Locality):
                    if (!c.string(text)) return false;
                    task[TaskField::Locality] = int64_t(localityFromName(text));
                    break;
                case int(TaskField::AccumulablesBegin): {
                    const char* after = readCanonicalAccumulables(c.p, c.end, info);
                    if (!after) return false;
                    c.p = after;
                    break;
                }
                case kSpeculativeSlot:
                case kFailedSlot:
                case kKilledSlot:
                    if (!c.boolean(set)) return false;
                    if (set)
                        flags |= slot == kSpeculativeSlot ? kSpeculative
                                 : slot == kFailedSlot    ? kFailed
                                                          : kKilled;
                    break;
                default:  // the plain numbers
                    if (!c.integer(number)) return false;
                    task.fields[size_t(slot)] = number;
                    break;
            }
        } while (c.literal(","));
        if (!c.literal("}")) return false;
    }
    task[TaskField::Flags] = flags;
    return true;
}

// Task Executor Metrics, as EventDecoder::readExecutorMetrics reads it.
bool readExecutorMetrics(TextCursor& c, ExecutorMetricValues& out) {
    if (!c.literal("{")) return false;
    if (c.literal("}")) return true;
    size_t hint = 0;
    do {
        std::string_view key;
        if (!c.key(key)) return false;
        const int slot = executorMetricKeys().find(key, hint);
        int64_t number = 0;
        if (slot >= 0) {
            if (!c.integer(number)) return false;
            out[size_t(slot)] = number;
        } else if (!c.skipScalar()) {
            return false;
        }
    } while (c.literal(","));
    return c.literal("}");
}

// Task Metrics and its nested objects, as EventDecoder::readTaskMetrics reads them.
bool readTaskMetrics(TextCursor& c, TaskRecord& task, size_t& hint, int depth) {
    if (depth > 3 || !c.literal("{")) return false;
    if (c.literal("}")) return true;
    do {
        std::string_view key, text;
        int64_t number = 0;
        if (!c.key(key)) return false;
        const int slot = taskMetricKeys().find(key, hint);
        if (slot >= 0) {
            if (!c.integer(number)) return false;
            task.fields[size_t(slot)] = number;
            task.metricsSeen.set(size_t(slot));
        } else if (c.p < c.end && *c.p == '{') {
            if (!readTaskMetrics(c, task, hint, depth + 1)) return false;
        } else if (key == "Updated Blocks" && c.literal("[]")) {
            // none: blocks are rare, and left to the On-Demand reader
        } else if (key == "Data Read Method" && c.string(text)) {
            task[TaskField::InputReadMethod] = int64_t(readMethodFromName(text));
        } else if (!c.skipScalar()) {
            return false;
        }
    } while (c.literal(","));
    return c.literal("}");
}

// What a refused text must not leave behind.
struct Snapshot {
    explicit Snapshot(events::TaskInfo& info)
        : info(info),
          fields(info.task.fields),
          executorMetrics(info.task.executorMetrics),
          metricsSeen(info.task.metricsSeen),
          executorId(info.executorId),
          host(info.host),
          names(info.accumulatorNames.size()),
          updates(info.task.accumulables.size()),
          users(info.task.userAccumulables.size()) {}
    bool restore() const {
        info.task.fields = fields;
        info.task.executorMetrics = executorMetrics;
        info.task.metricsSeen = metricsSeen;
        info.executorId = executorId;
        info.host = host;
        info.accumulatorNames.resize(names);
        info.task.accumulables.resize(updates);
        info.task.userAccumulables.resize(users);
        return false;
    }
    events::TaskInfo& info;
    const decltype(TaskRecord::fields) fields;
    const decltype(TaskRecord::executorMetrics) executorMetrics;
    const decltype(TaskRecord::metricsSeen) metricsSeen;
    const std::string_view executorId, host;
    const size_t names, updates, users;
};

}  // namespace

bool readCanonicalTaskEndTail(const char* text, const char* end, events::TaskEnd& event,
                              OnRefusal onRefusal) {
    TaskRecord& task = event.task;
    std::optional<Snapshot> before;
    if (onRefusal == OnRefusal::Restore) before.emplace(event);
    auto refuse = [&] { return before && before->restore(); };
    TextCursor c{text, end};
    if (!readTaskInfo(c, event)) return refuse();
    bool executorMetrics = false, metrics = false;
    if (c.literal(",\"Task Executor Metrics\":") && !c.literal("null")) {
        if (!readExecutorMetrics(c, task.executorMetrics)) return refuse();
        executorMetrics = true;
    }
    if (c.literal(",\"Task Metrics\":") && !c.literal("null")) {
        size_t hint = 0;
        if (!readTaskMetrics(c, task, hint, 0)) return refuse();
        metrics = true;
    }
    if (!c.literal("}") || c.p != end) return refuse();
    if (executorMetrics) task.hasExecutorMetrics = true;
    if (metrics) task[TaskField::Flags] |= kHasMetrics;
    return true;
}

bool readCanonicalTaskStartTail(const char* text, const char* end, events::TaskStart& event,
                                OnRefusal onRefusal) {
    std::optional<Snapshot> before;
    if (onRefusal == OnRefusal::Restore) before.emplace(event);
    TextCursor c{text, end};
    if (!readTaskInfo(c, event) || !c.literal("}") || c.p != end)
        return before && before->restore();
    return true;
}

}  // namespace stagelight
