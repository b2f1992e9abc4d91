// TaskStart / TaskEnd: the hot path (one TaskEnd per task attempt). A line in Spark's own form is
// read from its text (taskLineFromText, CanonicalTaskEnd.h); the On-Demand readers here take every
// other line, trying the text readers again from its Task Info on. Keys are looked up with
// OrderedKeyTable, which costs one comparison per key when Spark's order is kept.
#include <cstring>

#include "parse/CanonicalAccumulables.h"
#include "parse/CanonicalTaskEnd.h"
#include "parse/EventDecoder.h"
#include "parse/KeyTables.h"
#include "parse/TextCursor.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

namespace {

// A decimal integer written as a JSON string, from its raw form (after the opening quote).
bool parseRawInt(const char* raw, int64_t& out) {
    const char* end = raw;
    while (*end != '"' && *end != '\\') ++end;
    return *end == '"' && parseInt64(std::string_view(raw, size_t(end - raw)), out);
}

// The text of a JSON string given its raw form (after the opening quote). Spark's metric names
// need no unescaping; the rare escaped one is decoded into `scratch`.
std::string_view rawStringText(const char* raw, std::string& scratch) {
    const char* end = raw;
    bool escaped = false;
    while (*end != '"') {
        if (*end == '\\') {
            escaped = true;
            ++end;
        }
        ++end;
    }
    if (!escaped) return {raw, size_t(end - raw)};
    scratch.clear();
    for (const char* p = raw; p < end; ++p) {
        if (*p != '\\') {
            scratch += *p;
            continue;
        }
        ++p;
        switch (*p) {
            case 'n':
                scratch += '\n';
                break;
            case 't':
                scratch += '\t';
                break;
            case 'r':
                scratch += '\r';
                break;
            case 'b':
                scratch += '\b';
                break;
            case 'f':
                scratch += '\f';
                break;
            case 'u':
                scratch += '?';
                p += 4;
                break;  // not seen in metric names; keep length sane
            default:
                scratch += *p;
                break;
        }
    }
    return scratch;
}

// Task End Reason keys, grouped by reason in Spark's order (JsonProtocol.taskEndReasonToJson).
enum EndReasonSlot : int {
    kReason,
    kBlockManagerAddress,
    kShuffleId,
    kMapId,
    kMapIndex,
    kReduceId,
    kDescription,  // Message, Description and Kill Reason alike
    kClassName,
    kStackTrace,
    kFullStackTrace,
    kJobId,
    kPartitionId,
    kAttemptNumber,
    kLostExecutorId,
    kExitCausedByApp,
    kLossReason,
};

const OrderedKeyTable& endReasonKeys() {
    static const OrderedKeyTable t({{"Reason", kReason},
                                    {"Block Manager Address", kBlockManagerAddress},
                                    {"Shuffle ID", kShuffleId},
                                    {"Map ID", kMapId},
                                    {"Map Index", kMapIndex},
                                    {"Reduce ID", kReduceId},
                                    {"Message", kDescription},
                                    {"Class Name", kClassName},
                                    {"Description", kDescription},
                                    {"Stack Trace", kStackTrace},
                                    {"Full Stack Trace", kFullStackTrace},
                                    {"Job ID", kJobId},
                                    {"Partition ID", kPartitionId},
                                    {"Attempt Number", kAttemptNumber},
                                    {"Executor ID", kLostExecutorId},
                                    {"Exit Caused By App", kExitCausedByApp},
                                    {"Loss Reason", kLossReason},
                                    {"Kill Reason", kDescription}});
    return t;
}

}  // namespace

std::string_view EventDecoder::keepText(std::string_view text) {
    return keptTexts_.emplace_back(text);
}

void EventDecoder::readTaskInfo(Value v, events::TaskInfo& info) {
    TaskRecord& task = info.task;
    size_t hint = 0;
    int64_t flags = task[TaskField::Flags];
    forEachField(v, [&](JsonKey k, od::value val) {
        const int slot = taskInfoKeys().find(k, hint);
        switch (slot) {
            case OrderedKeyTable::kNotFound:
                break;
            case int(TaskField::PartitionId):
                task[TaskField::PartitionId] = readInt(val, k, problems_, -1);
                break;
            case int(TaskField::ExecutorId):
                info.executorId = readString(val, k, problems_);
                break;
            case int(TaskField::Host):
                info.host = readString(val, k, problems_);
                break;
            case int(TaskField::Locality):
                task[TaskField::Locality] =
                    int64_t(localityFromName(readString(val, k, problems_)));
                break;
            case int(TaskField::AccumulablesBegin): {
                // Left unread when read from its text: On-Demand skips it as the loop moves on.
                if (textReaders_ &&
                    readCanonicalAccumulables(val.raw_json_token().data(), lineEnd_, info))
                    break;
                readTaskAccumulables(val, info);
                break;
            }
            case kSpeculativeSlot:
                if (readBool(val, k, problems_)) flags |= kSpeculative;
                break;
            case kFailedSlot:
                if (readBool(val, k, problems_)) flags |= kFailed;
                break;
            case kKilledSlot:
                if (readBool(val, k, problems_)) flags |= kKilled;
                break;
            default:  // the plain numbers
                task.fields[size_t(slot)] = readInt(val, k, problems_);
                break;
        }
    });
    task[TaskField::Flags] = flags;
}

void EventDecoder::readTaskAccumulables(Value v, events::TaskInfo& info) {
    TaskRecord& task = info.task;
    if (isNull(v)) return;
    forEachElement(v, [&](od::value entry) {
        int64_t id = 0;
        std::string_view name;
        bool hasName = false, internal = false, numeric = false;
        int64_t update = 0;
        std::string_view metadata;
        std::string nameScratch;
        // Update and Value texts matter only for user accumulators; SQL metrics (most entries)
        // are told apart by Metadata, which comes last, so only raw positions are kept until then.
        const char* updateRaw = nullptr;
        const char* valueRaw = nullptr;
        bool hasUpdate = false, hasValue = false, internalFlag = false;
        int64_t valueNumber = 0;
        bool valueIsNumber = false, updateIsNumber = false;
        auto raw = [](od::value val) -> const char* {
            od::raw_json_string r;
            return val.get_raw_json_string().get(r) == simdjson::SUCCESS ? r.raw() : nullptr;
        };
        // Spark writes ID, Name, Update, Value, Internal, Count Failed Values, Metadata: once the
        // name says internal.metrics.* (a duplicate of Task Metrics), the rest is skipped. SQL
        // metrics are flagged Internal too, but their updates are what the SQL plan shows.
        forEachFieldUntil(entry, [&](JsonKey k, od::value val) {
            if (k == "ID")
                id = readInt(val, k, problems_);
            else if (k == "Name") {
                // Decide on the raw text: unescaping every internal name would copy it for nothing.
                od::raw_json_string rawName;
                if (typeOf(val) != od::json_type::string ||
                    val.get_raw_json_string().get(rawName) != simdjson::SUCCESS)
                    return true;
                internal = std::strncmp(rawName.raw(), kInternalMetricPrefix.data(),
                                        kInternalMetricPrefix.size()) == 0;
                if (internal) return false;
                name = rawStringText(rawName.raw(), nameScratch);
                hasName = true;
            } else if (k == "Update") {
                // SQL metrics and user accumulators are written as strings of their value.
                const od::json_type t = typeOf(val);
                hasUpdate = t != od::json_type::null;
                if (t == od::json_type::number) {
                    update = readInt(val, k, problems_);
                    numeric = updateIsNumber = true;
                } else if (t == od::json_type::string && (updateRaw = raw(val))) {
                    numeric = parseRawInt(updateRaw, update);
                }
            } else if (k == "Value") {
                const od::json_type t = typeOf(val);
                hasValue = t != od::json_type::null;
                if (t == od::json_type::number) {
                    valueNumber = readInt(val, k, problems_);
                    valueIsNumber = true;
                } else if (t == od::json_type::string) {
                    valueRaw = raw(val);
                }
            } else if (k == "Internal") {
                internalFlag = readBool(val, k, problems_);
            } else if (k == "Metadata") {
                metadata = readString(val, k, problems_);
            }
            return true;
        });
        if (internal) return;
        if (hasName) {
            if (!nameScratch.empty() && name.data() == nameScratch.data()) name = keepText(name);
            info.accumulatorNames.push_back({id, name, metadata});
        }
        if (numeric) task.accumulables.push_back({id, update});
        // The History Server lists a task's accumulators except internal and SQL ones.
        if (!internalFlag && metadata != "sql") {
            std::string scratch;
            TaskUserAccumulable a{id, std::string(name), {}, {}, hasUpdate};
            if (updateIsNumber)
                a.update = std::to_string(update);
            else if (updateRaw)
                a.update = std::string(rawStringText(updateRaw, scratch));
            if (valueIsNumber)
                a.value = std::to_string(valueNumber);
            else if (hasValue && valueRaw)
                a.value = std::string(rawStringText(valueRaw, scratch));
            task.userAccumulables.push_back(std::move(a));
        }
    });
}

void EventDecoder::readTaskMetrics(Value v, events::TaskEnd& end) {
    TaskRecord& task = end.task;
    size_t hint = 0;
    // Recursive over the nested metric objects (Shuffle Read/Write, Input, Output, push-based).
    auto readObject = [&](auto& self, od::value obj) -> void {
        forEachField(obj, [&](JsonKey k, od::value val) {
            int slot = taskMetricKeys().find(k, hint);
            if (slot >= 0) {
                task.fields[size_t(slot)] = readInt(val, k, problems_);
                task.metricsSeen.set(size_t(slot));
                return;
            }
            const od::json_type t = typeOf(val);
            if (t == od::json_type::object) {
                self(self, val);
            } else if (t == od::json_type::string && k == "Data Read Method") {
                task[TaskField::InputReadMethod] =
                    int64_t(readMethodFromName(readString(val, k, problems_)));
            } else if (t == od::json_type::array && k == "Updated Blocks") {
                forEachElement(val, [&](od::value b) {
                    BlockUpdate& u = end.updatedBlocks.emplace_back();
                    u.taskId = task[TaskField::TaskId];
                    u.executorId = std::string(end.executorId);
                    forEachField(b, [&](JsonKey bk, od::value bv) {
                        if (bk == "Block ID")
                            u.blockId = std::string(readString(bv, bk, problems_));
                        else if (bk == "Status")
                            forEachField(bv, [&](JsonKey sk, od::value sv) {
                                if (sk == "Storage Level")
                                    u.storageLevel = readStorageLevel(sv);
                                else if (sk == "Memory Size")
                                    u.memorySize = readInt(sv, sk, problems_);
                                else if (sk == "Disk Size")
                                    u.diskSize = readInt(sv, sk, problems_);
                            });
                    });
                });
            }
        });
    };
    readObject(readObject, v);
}

TaskFailure EventDecoder::readEndReason(Value v, EndReason& reason) {
    TaskFailure f;
    reason = EndReason::Success;
    size_t hint = 0;
    forEachField(v, [&](JsonKey k, od::value val) {
        switch (endReasonKeys().find(k, hint)) {
            case kReason:
                reason = f.reason = endReasonFromName(readString(val, k, problems_));
                break;
            case kClassName:
                f.className = std::string(readString(val, k, problems_));
                break;
            case kDescription:
                f.description = std::string(readString(val, k, problems_, &f.descriptionIsNull));
                break;
            case kFullStackTrace: {
                bool wasNull = false;
                f.fullStackTrace = std::string(readString(val, k, problems_, &wasNull));
                f.hasFullStackTrace = !wasNull;
                break;
            }
            case kStackTrace:
                if (isNull(val)) break;
                forEachElement(val, [&](od::value frame) {
                    StackFrame& sf = f.stackTrace.emplace_back();
                    forEachField(frame, [&](JsonKey fk, od::value fv) {
                        if (fk == "Declaring Class")
                            sf.declaringClass = std::string(readString(fv, fk, problems_));
                        else if (fk == "Method Name")
                            sf.methodName = std::string(readString(fv, fk, problems_));
                        else if (fk == "File Name")
                            sf.fileName = std::string(readString(fv, fk, problems_));
                        else if (fk == "Line Number")
                            sf.lineNumber = readInt(fv, fk, problems_);
                    });
                });
                break;
            case kBlockManagerAddress:
                if (isNull(val)) break;
                f.hasBlockManager = true;
                forEachField(val, [&](JsonKey bk, od::value bv) {
                    if (bk == "Executor ID")
                        f.blockManagerExecutorId = std::string(readString(bv, bk, problems_));
                    else if (bk == "Host")
                        f.blockManagerHost = std::string(readString(bv, bk, problems_));
                    else if (bk == "Port")
                        f.blockManagerPort = readInt(bv, bk, problems_);
                });
                break;
            case kShuffleId:
                f.shuffleId = readInt(val, k, problems_);
                break;
            case kMapId:
                f.mapId = readInt(val, k, problems_);
                break;
            case kMapIndex:
                f.mapIndex = readInt(val, k, problems_);
                break;
            case kReduceId:
                f.reduceId = readInt(val, k, problems_);
                break;
            case kLostExecutorId:
                f.lostExecutorId = std::string(readString(val, k, problems_));
                break;
            case kExitCausedByApp:
                f.exitCausedByApp = readBool(val, k, problems_);
                break;
            case kLossReason:
                f.lossReason = std::string(readString(val, k, problems_));
                f.hasLossReason = true;
                break;
            case kJobId:
                f.jobId = readInt(val, k, problems_);
                break;
            case kPartitionId:
                f.partitionId = readInt(val, k, problems_);
                break;
            case kAttemptNumber:
                f.attemptNumber = readInt(val, k, problems_);
                break;
            default:
                break;
        }
    });
    return f;
}

void EventDecoder::taskStart(Object& e, const SourceRef&) {
    events::TaskStart& ev = taskStart_;
    ev.clear();
    TaskRecord& task = ev.task;
    task[TaskField::PartitionId] = -1;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Stage ID")
            task[TaskField::StageId] = readInt(v, k, problems_);
        else if (k == "Stage Attempt ID")
            task[TaskField::StageAttemptId] = readInt(v, k, problems_);
        else if (k == "Task Info") {
            if (textReaders_ &&
                readCanonicalTaskStartTail(v.raw_json_token().data(), lineEnd_, ev))
                break;
            readTaskInfo(v, ev);
        }
    }
    task.accumulables.clear();  // start events carry no updates worth keeping
    task.userAccumulables.clear();
    emit(&EventSink::taskStart, ev);
}

void EventDecoder::taskGettingResult(Object&, const SourceRef&) {
    emit(&EventSink::taskGettingResult, events::TaskGettingResult{});
}

void EventDecoder::taskEnd(Object& e, const SourceRef& where) {
    events::TaskEnd& ev = taskEnd_;  // reused: its vectors keep their capacity
    ev.clear();
    TaskRecord& task = ev.task;
    task[TaskField::PartitionId] = -1;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Stage ID")
            task[TaskField::StageId] = readInt(v, k, problems_);
        else if (k == "Stage Attempt ID")
            task[TaskField::StageAttemptId] = readInt(v, k, problems_);
        else if (k == "Task Type")
            ev.taskType = readString(v, k, problems_);
        else if (k == "Task End Reason" && !isNull(v))
            ev.failure = readEndReason(v, ev.reason);
        else if (k == "Task Info") {
            ev.hasTaskInfo = true;
            // Spark's own form is read from the text to the line's end; anything else field by
            // field.
            if (textReaders_ && readCanonicalTaskEndTail(v.raw_json_token().data(), lineEnd_, ev))
                break;
            readTaskInfo(v, ev);
        } else if (k == "Task Executor Metrics" && !isNull(v)) {
            readExecutorMetrics(v, task.executorMetrics);
            task.hasExecutorMetrics = true;
        } else if (k == "Task Metrics" && !isNull(v)) {
            readTaskMetrics(v, ev);
            task[TaskField::Flags] |= kHasMetrics;
        }
    }
    finishTaskEnd(ev, where);
}

void EventDecoder::finishTaskEnd(events::TaskEnd& ev, const SourceRef& where) {
    TaskRecord& task = ev.task;
    if (ev.hasTaskInfo) {
        task[TaskField::Flags] |= kFinished;
        task[TaskField::EndReason] = int64_t(ev.reason);
        task[TaskField::SourcePart] = where.part;
        task[TaskField::SourceOffset] = int64_t(where.offset);
    } else {
        problems_.add("Task Info", "missing; event skipped");
    }
    ev.failure.reason = ev.reason;
    ev.where = where;
    emit(&EventSink::taskEnd, ev);
}

bool EventDecoder::taskLineFromText(const char* line, size_t length, const SourceRef& where) {
    constexpr std::string_view kTaskEnd = R"({"Event":"SparkListenerTaskEnd","Stage ID":)";
    constexpr std::string_view kTaskStart = R"({"Event":"SparkListenerTaskStart","Stage ID":)";
    TextCursor c{line, line + length};
    const bool isEnd = c.literal(kTaskEnd);
    if (!isEnd && !c.literal(kTaskStart)) return false;
    int64_t stage = 0, attempt = 0;
    if (!c.integer(stage) || !c.literal(",\"Stage Attempt ID\":") || !c.integer(attempt))
        return false;
    // What simdjson's first stage would have checked: the grammar read here checks the rest.
    if (!simdjson::validate_utf8(line, length)) return false;
    if (isEnd) {
        std::string_view taskType;
        if (!c.literal(",\"Task Type\":") || !c.string(taskType) ||
            !c.literal(R"(,"Task End Reason":{"Reason":"Success"},"Task Info":)"))
            return false;
        events::TaskEnd& ev = taskEnd_;
        ev.clear();
        ev.task[TaskField::PartitionId] = -1;
        ev.task[TaskField::StageId] = stage;
        ev.task[TaskField::StageAttemptId] = attempt;
        ev.taskType = taskType;
        ev.reason = EndReason::Success;
        // Refused, the line goes to taskEnd(), which clears the event first.
        if (!readCanonicalTaskEndTail(c.p, c.end, ev, OnRefusal::Discard)) return false;
        ev.hasTaskInfo = true;
        currentEvent_.assign("SparkListenerTaskEnd");
        finishTaskEnd(ev, where);
        return true;
    }
    if (!c.literal(R"(,"Task Info":)")) return false;
    events::TaskStart& ev = taskStart_;
    ev.clear();
    ev.task[TaskField::PartitionId] = -1;
    ev.task[TaskField::StageId] = stage;
    ev.task[TaskField::StageAttemptId] = attempt;
    if (!readCanonicalTaskStartTail(c.p, c.end, ev, OnRefusal::Discard)) return false;
    ev.task.accumulables.clear();  // as taskStart(): start events carry no updates worth keeping
    ev.task.userAccumulables.clear();
    currentEvent_.assign("SparkListenerTaskStart");
    emit(&EventSink::taskStart, ev);
    return true;
}

}  // namespace stagelight
