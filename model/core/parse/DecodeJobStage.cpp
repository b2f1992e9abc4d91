// Job and stage events, with the Stage Info, RDD Info and Accumulable structures they carry.
#include <algorithm>
#include <optional>

#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

StorageLevel EventDecoder::readStorageLevel(Value v) {
    StorageLevel level;
    if (isNull(v)) return level;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "Use Disk")
            level.useDisk = readBool(val, k, problems_);
        else if (k == "Use Memory")
            level.useMemory = readBool(val, k, problems_);
        else if (k == "Use Off Heap" || k == "Use ExternalBlockStore")
            level.useOffHeap = readBool(val, k, problems_);
        else if (k == "Deserialized")
            level.deserialized = readBool(val, k, problems_);
        else if (k == "Replication")
            level.replication = int32_t(readInt(val, k, problems_));
    });
    return level;
}

RddInfo EventDecoder::readRddInfo(Value v) {
    RddInfo rdd;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "RDD ID")
            rdd.id = int32_t(readInt(val, k, problems_));
        else if (k == "Name")
            rdd.name = std::string(readString(val, k, problems_));
        else if (k == "Scope")
            rdd.scope = std::string(readString(val, k, problems_));
        else if (k == "Callsite")
            rdd.callsite = std::string(readString(val, k, problems_));
        else if (k == "Parent IDs")
            rdd.parentIds = readIntArray(val, k, problems_);
        else if (k == "Storage Level")
            rdd.storageLevel = readStorageLevel(val);
        else if (k == "Barrier")
            rdd.barrier = readBool(val, k, problems_);
        else if (k == "DeterministicLevel")
            rdd.deterministicLevel = std::string(readString(val, k, problems_));
        else if (k == "Number of Partitions")
            rdd.numPartitions = int32_t(readInt(val, k, problems_));
        else if (k == "Number of Cached Partitions")
            rdd.numCachedPartitions = int32_t(readInt(val, k, problems_));
        else if (k == "Memory Size")
            rdd.memorySize = readInt(val, k, problems_);
        else if (k == "Disk Size")
            rdd.diskSize = readInt(val, k, problems_);
    });
    return rdd;
}

AccumulableInfo EventDecoder::readAccumulable(Value v) {
    AccumulableInfo a;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "ID")
            a.id = readInt(val, k, problems_);
        else if (k == "Name")
            a.name = std::string(readString(val, k, problems_));
        else if (k == "Update") {
            a.update = readAsText(val);
            a.hasUpdate = true;
        } else if (k == "Value") {
            a.value = readAsText(val);
            a.hasValue = true;
        } else if (k == "Internal")
            a.internal = readBool(val, k, problems_);
        else if (k == "Count Failed Values")
            a.countFailedValues = readBool(val, k, problems_);
        else if (k == "Metadata")
            a.metadata = std::string(readString(val, k, problems_));
    });
    return a;
}

events::StageInfo EventDecoder::readStageInfo(Value v) {
    events::StageInfo out;
    StageAttempt& info = out.stage;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (k == "Stage ID")
            info.stageId = int32_t(readInt(val, k, problems_));
        else if (k == "Stage Attempt ID")
            info.attemptId = int32_t(readInt(val, k, problems_));
        else if (k == "Stage Name")
            info.name = std::string(readString(val, k, problems_));
        else if (k == "Number of Tasks")
            info.numTasks = int32_t(readInt(val, k, problems_));
        else if (k == "RDD Info")
            forEachElement(val, [&](od::value r) { info.rdds.push_back(readRddInfo(r)); });
        else if (k == "Parent IDs")
            info.parentIds = readIntArray(val, k, problems_);
        else if (k == "Details")
            info.details = std::string(readString(val, k, problems_));
        else if (k == "Submission Time") {
            info.submissionTime = readInt(val, k, problems_, -1);
            out.hasSubmissionTime = !isNull(val);
        } else if (k == "Completion Time") {
            info.completionTime = readInt(val, k, problems_, -1);
            out.hasCompletionTime = true;
        } else if (k == "Failure Reason") {
            bool wasNull = false;
            info.failureReason = std::string(readString(val, k, problems_, &wasNull));
            info.hasFailureReason = !wasNull;
        } else if (k == "Accumulables")
            forEachElement(val,
                           [&](od::value a) { info.accumulables.push_back(readAccumulable(a)); });
        else if (k == "Resource Profile Id")
            info.resourceProfileId = int32_t(readInt(val, k, problems_));
        else if (k == "Shuffle Push Enabled")
            info.shufflePushEnabled = readBool(val, k, problems_);
        else if (k == "Shuffle Push Mergers Count")
            info.shufflePushMergersCount = int32_t(readInt(val, k, problems_));
    });
    return out;
}

void EventDecoder::jobStart(Object& e, const SourceRef& where) {
    events::JobStart ev;
    Job& job = ev.job;
    job.started = true;
    job.startedAt = where;
    std::optional<std::pair<int32_t, std::string>> lastStage;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Job ID")
            job.id = int32_t(readInt(v, k, problems_));
        else if (k == "Submission Time")
            job.submissionTime = readInt(v, k, problems_, -1);
        else if (k == "Stage Infos")
            forEachElement(v, [&](od::value s) {
                const StageAttempt& st = ev.stageInfos.emplace_back(readStageInfo(s)).stage;
                if (!lastStage || st.stageId >= lastStage->first) lastStage = {st.stageId, st.name};
            });
        else if (k == "Stage IDs")
            job.stageIds = readIntArray(v, k, problems_);
        else if (k == "Properties")
            job.properties = readProperties(v, k, problems_);
    }
    for (const auto& [key, value] : job.properties) {
        int64_t id;
        if (key == "spark.sql.execution.id" && parseInt64(value, id))
            job.sqlExecutionId = id;
        else if (key == "spark.jobGroup.id")
            job.jobGroup = value;
        else if (key == "spark.job.description")
            job.description = value;
        else if (key == "spark.job.tags")
            for (size_t from = 0; from <= value.size();) {
                const size_t comma = std::min(value.find(',', from), value.size());
                if (comma > from) job.tags.push_back(value.substr(from, comma - from));
                from = comma + 1;
            }
    }
    std::sort(job.tags.begin(), job.tags.end());
    if (lastStage) job.name = lastStage->second;
    emit(&EventSink::jobStart, ev);
}

void EventDecoder::jobEnd(Object& e, const SourceRef& where) {
    events::JobEnd ev;
    ev.where = where;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Job ID")
            ev.jobId = int32_t(readInt(v, k, problems_));
        else if (k == "Completion Time")
            ev.completionTime = readInt(v, k, problems_, -1);
        else if (k == "Job Result")
            forEachField(v, [&](JsonKey rk, od::value rv) {
                if (rk == "Result")
                    ev.result = readString(rv, rk, problems_) == "JobSucceeded"
                                    ? JobResult::Succeeded
                                    : JobResult::Failed;
                else if (rk == "Exception")
                    forEachField(rv, [&](JsonKey ek, od::value exv) {
                        if (ek == "Message")
                            ev.failureMessage = std::string(readString(exv, ek, problems_));
                    });
            });
    }
    emit(&EventSink::jobEnd, ev);
}

bool EventDecoder::readStageEvent(Object& e, bool completed, events::Stage& out) {
    bool sawInfo = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Stage Info") {
            out.info = readStageInfo(field.value());
            sawInfo = true;
        } else if (k == "Properties" && !completed)
            out.properties = readProperties(field.value(), k, problems_);
    }
    if (!sawInfo) problems_.add("Stage Info", "missing");
    return sawInfo;
}

void EventDecoder::stageSubmitted(Object& e, const SourceRef& where) {
    events::Stage ev;
    ev.where = where;
    if (readStageEvent(e, false, ev)) emit(&EventSink::stageSubmitted, ev);
}

void EventDecoder::stageCompleted(Object& e, const SourceRef& where) {
    events::Stage ev;
    ev.where = where;
    if (readStageEvent(e, true, ev)) emit(&EventSink::stageCompleted, ev);
}

}  // namespace stagelight
