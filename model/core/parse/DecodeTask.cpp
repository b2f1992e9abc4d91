// TaskStart / TaskEnd: the hot path (one TaskEnd per task attempt). Keys are looked up with
// OrderedKeyTable, which costs one comparison per key when Spark's order is kept.
#include <cstring>

#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

namespace {

constexpr int kNestedSlot = -2;  // a nested metrics object or the Updated Blocks array

enum TaskInfoSlot {
    kTaskId,
    kIndex,
    kAttempt,
    kPartitionId,
    kLaunch,
    kExecutor,
    kHost,
    kLocality,
    kSpeculativeKey,
    kGettingResult,
    kFinish,
    kFailedKey,
    kKilledKey,
    kAccumulables,
};

const OrderedKeyTable& taskInfoKeys() {
    static const OrderedKeyTable t({{"Task ID", kTaskId},
                                    {"Index", kIndex},
                                    {"Attempt", kAttempt},
                                    {"Partition ID", kPartitionId},
                                    {"Launch Time", kLaunch},
                                    {"Executor ID", kExecutor},
                                    {"Host", kHost},
                                    {"Locality", kLocality},
                                    {"Speculative", kSpeculativeKey},
                                    {"Getting Result Time", kGettingResult},
                                    {"Finish Time", kFinish},
                                    {"Failed", kFailedKey},
                                    {"Killed", kKilledKey},
                                    {"Accumulables", kAccumulables}});
    return t;
}

// Every metric key of Task Metrics and its nested objects, in Spark's order.
const OrderedKeyTable& taskMetricKeys() {
    static const OrderedKeyTable t = [] {
        std::vector<OrderedKeyTable::Entry> entries;
        // Spark's order, with the nested objects where they open, so a hint miss is rare.
        auto containerBefore = [](TaskField f) -> std::vector<std::string_view> {
            switch (f) {
                case TaskField::ShuffleRemoteBlocksFetched:
                    return {"Shuffle Read Metrics"};
                case TaskField::PushCorruptMergedBlockChunks:
                    return {"Push Based Shuffle", "Shuffle Push Read Metrics"};
                case TaskField::ShuffleBytesWritten:
                    return {"Shuffle Write Metrics"};
                case TaskField::InputBytesRead:
                    return {"Input Metrics"};
                case TaskField::OutputBytesWritten:
                    return {"Output Metrics"};
                default:
                    return {};
            }
        };
        for (size_t f = size_t(kFirstTaskMetric); f < kTaskFieldCount; ++f) {
            for (std::string_view nested : containerBefore(TaskField(f)))
                entries.push_back({nested, kNestedSlot});
            entries.push_back({taskFieldJsonKey(TaskField(f)), int(f)});
        }
        entries.push_back({"Updated Blocks", kNestedSlot});
        return OrderedKeyTable(std::move(entries));
    }();
    return t;
}

constexpr std::string_view kInternalPrefix = "internal.metrics.";

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

}  // namespace

void EventDecoder::readTaskInfo(Value v, TaskRecord& task) {
    size_t hint = 0;
    int64_t flags = task[TaskField::Flags];
    forEachField(v, [&](JsonKey k, od::value val) {
        switch (taskInfoKeys().find(k, hint)) {
            case kTaskId:
                task[TaskField::TaskId] = readInt(val, k, problems_);
                break;
            case kIndex:
                task[TaskField::Index] = readInt(val, k, problems_);
                break;
            case kAttempt:
                task[TaskField::Attempt] = readInt(val, k, problems_);
                break;
            case kPartitionId:
                task[TaskField::PartitionId] = readInt(val, k, problems_, -1);
                break;
            case kLaunch:
                task[TaskField::LaunchTime] = readInt(val, k, problems_);
                break;
            case kExecutor:
                task[TaskField::ExecutorId] = model_.strings.intern(readString(val, k, problems_));
                break;
            case kHost:
                task[TaskField::Host] = model_.strings.intern(readString(val, k, problems_));
                break;
            case kLocality:
                task[TaskField::Locality] =
                    int64_t(localityFromName(readString(val, k, problems_)));
                break;
            case kSpeculativeKey:
                if (readBool(val, k, problems_)) flags |= kSpeculative;
                break;
            case kGettingResult:
                task[TaskField::GettingResultTime] = readInt(val, k, problems_);
                break;
            case kFinish:
                task[TaskField::FinishTime] = readInt(val, k, problems_);
                break;
            case kFailedKey:
                if (readBool(val, k, problems_)) flags |= kFailed;
                break;
            case kKilledKey:
                if (readBool(val, k, problems_)) flags |= kKilled;
                break;
            case kAccumulables:
                readTaskAccumulables(val, task);
                break;
            default:
                break;
        }
    });
    task[TaskField::Flags] = flags;
}

void EventDecoder::readTaskAccumulables(Value v, TaskRecord& task) {
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
                internal = std::strncmp(rawName.raw(), kInternalPrefix.data(),
                                        kInternalPrefix.size()) == 0;
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
        if (hasName && knownAccumulators_.insert(id).second) {
            AccumulableInfo& def = model_.accumulatorDefinitions[id];
            def.id = id;
            def.name = std::string(name);
            def.metadata = std::string(metadata);
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

void EventDecoder::readTaskMetrics(Value v, TaskRecord& task, int64_t taskId) {
    size_t hint = 0;
    // Recursive over the nested metric objects (Shuffle Read/Write, Input, Output, push-based).
    auto readObject = [&](auto& self, od::value obj) -> void {
        forEachField(obj, [&](JsonKey k, od::value val) {
            int slot = taskMetricKeys().find(k, hint);
            if (slot >= 0) {
                task.fields[size_t(slot)] = readInt(val, k, problems_);
                return;
            }
            const od::json_type t = typeOf(val);
            if (t == od::json_type::object) {
                self(self, val);
            } else if (t == od::json_type::array && k == "Updated Blocks") {
                forEachElement(val, [&](od::value b) {
                    BlockUpdate u;
                    u.taskId = taskId;
                    u.executorId =
                        std::string(model_.strings.view(StrId(task[TaskField::ExecutorId])));
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
                    model_.blockUpdates.push_back(std::move(u));
                });
            }
        });
    };
    readObject(readObject, v);
}

TaskFailure EventDecoder::readEndReason(Value v, EndReason& reason) {
    TaskFailure f;
    reason = EndReason::Success;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "Reason")
            reason = f.reason = endReasonFromName(readString(val, k, problems_));
        else if (k == "Class Name")
            f.className = std::string(readString(val, k, problems_));
        else if (k == "Description" || k == "Message" || k == "Kill Reason")
            f.description = std::string(readString(val, k, problems_, &f.descriptionIsNull));
        else if (k == "Full Stack Trace") {
            bool wasNull = false;
            f.fullStackTrace = std::string(readString(val, k, problems_, &wasNull));
            f.hasFullStackTrace = !wasNull;
        } else if (k == "Stack Trace" && !isNull(val))
            forEachElement(val, [&](od::value frame) {
                StackFrame sf;
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
                f.stackTrace.push_back(std::move(sf));
            });
        else if (k == "Block Manager Address" && !isNull(val)) {
            f.hasBlockManager = true;
            forEachField(val, [&](JsonKey bk, od::value bv) {
                if (bk == "Executor ID")
                    f.blockManagerExecutorId = std::string(readString(bv, bk, problems_));
                else if (bk == "Host")
                    f.blockManagerHost = std::string(readString(bv, bk, problems_));
                else if (bk == "Port")
                    f.blockManagerPort = readInt(bv, bk, problems_);
            });
        } else if (k == "Shuffle ID")
            f.shuffleId = readInt(val, k, problems_);
        else if (k == "Map ID")
            f.mapId = readInt(val, k, problems_);
        else if (k == "Map Index")
            f.mapIndex = readInt(val, k, problems_);
        else if (k == "Reduce ID")
            f.reduceId = readInt(val, k, problems_);
        else if (k == "Executor ID")
            f.lostExecutorId = std::string(readString(val, k, problems_));
        else if (k == "Exit Caused By App")
            f.exitCausedByApp = readBool(val, k, problems_);
        else if (k == "Loss Reason") {
            f.lossReason = std::string(readString(val, k, problems_));
            f.hasLossReason = true;
        } else if (k == "Job ID")
            f.jobId = readInt(val, k, problems_);
        else if (k == "Partition ID")
            f.partitionId = readInt(val, k, problems_);
        else if (k == "Attempt Number")
            f.attemptNumber = readInt(val, k, problems_);
    });
    return f;
}

void EventDecoder::taskStart(od::object& e) {
    TaskRecord task;
    task[TaskField::PartitionId] = -1;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Stage ID")
            task[TaskField::StageId] = readInt(v, k, problems_);
        else if (k == "Stage Attempt ID")
            task[TaskField::StageAttemptId] = readInt(v, k, problems_);
        else if (k == "Task Info")
            readTaskInfo(v, task);
    }
    task.accumulables.clear();  // start events carry no updates worth keeping
    task.userAccumulables.clear();
    noteTime(task[TaskField::LaunchTime]);
    stageFor(int32_t(task[TaskField::StageId]), int32_t(task[TaskField::StageAttemptId]));
    replay_.taskStart(task, model_.strings.view(StrId(task[TaskField::ExecutorId])),
                      localityName(Locality(task[TaskField::Locality])));
    task[TaskField::Flags] |= kSawStart;
    runningTasks_[task[TaskField::TaskId]] = std::move(task);
}

void EventDecoder::taskEnd(od::object& e, const SourceRef& where) {
    TaskRecord task;
    task[TaskField::PartitionId] = -1;
    EndReason reason = EndReason::Success;
    TaskFailure failure;
    bool sawInfo = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Stage ID")
            task[TaskField::StageId] = readInt(v, k, problems_);
        else if (k == "Stage Attempt ID")
            task[TaskField::StageAttemptId] = readInt(v, k, problems_);
        else if (k == "Task Type")
            task[TaskField::TaskType] = model_.strings.intern(readString(v, k, problems_));
        else if (k == "Task End Reason" && !isNull(v))
            failure = readEndReason(v, reason);
        else if (k == "Task Info") {
            readTaskInfo(v, task);
            sawInfo = true;
        } else if (k == "Task Executor Metrics" && !isNull(v)) {
            readExecutorMetrics(v, task.executorMetrics);
            task.hasExecutorMetrics = true;
        } else if (k == "Task Metrics" && !isNull(v)) {
            readTaskMetrics(v, task, task[TaskField::TaskId]);
            task[TaskField::Flags] |= kHasMetrics;
        }
    }
    if (!sawInfo) {
        problems_.add("Task Info", "missing; event skipped");
        return;
    }
    task[TaskField::Flags] |= kFinished;
    task[TaskField::EndReason] = int64_t(reason);
    task[TaskField::SourcePart] = where.part;
    task[TaskField::SourceOffset] = int64_t(where.offset);
    noteTime(task[TaskField::FinishTime]);
    const bool sawStart = runningTasks_.erase(task[TaskField::TaskId]) > 0;
    if (sawStart) task[TaskField::Flags] |= kSawStart;
    stageFor(int32_t(task[TaskField::StageId]), int32_t(task[TaskField::StageAttemptId]));
    if (task.hasExecutorMetrics) {
        Executor& ex = executorFor(model_.strings.view(StrId(task[TaskField::ExecutorId])));
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            ex.peakMetrics[i] = std::max(ex.peakMetrics[i], task.executorMetrics[i]);
        ex.hasPeakMetrics = true;
    }
    failure.reason = reason;
    // The kill "reason" the History Server groups killed tasks by.
    const std::string killText = killedTaskText(failure);
    replay_.taskEnd(task, model_.strings.view(StrId(task[TaskField::ExecutorId])), sawStart, reason,
                    killText);
    model_.tasks.append(task, reason == EndReason::Success ? nullptr : &failure);
}

}  // namespace stagelight
