// Job and stage events, with the Stage Info, RDD Info and Accumulable structures they carry.
#include <algorithm>
#include <optional>

#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

StageAttempt& EventDecoder::stageFor(int32_t stageId, int32_t attemptId) {
    auto [it, inserted] = model_.stageIndex.try_emplace({stageId, attemptId}, model_.stages.size());
    if (!inserted) return model_.stages[it->second];
    StageAttempt& s = model_.stages.emplace_back();
    s.stageId = stageId;
    s.attemptId = attemptId;
    return s;
}

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

StageAttempt& EventDecoder::readStageInfo(Value v, bool fromJobStart, bool completed,
                                          StageInfoTimes* seen) {
    // Stage ID and attempt come first in Spark's output, but do not rely on it: decode into a
    // scratch record and merge.
    StageAttempt info;
    bool hasSubmission = false, hasCompletion = false;
    std::vector<AccumulableInfo> accumulables;
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
            hasSubmission = !isNull(val);
        } else if (k == "Completion Time") {
            info.completionTime = readInt(val, k, problems_, -1);
            hasCompletion = true;
        } else if (k == "Failure Reason") {
            bool wasNull = false;
            info.failureReason = std::string(readString(val, k, problems_, &wasNull));
            info.hasFailureReason = !wasNull;
        } else if (k == "Accumulables")
            forEachElement(val, [&](od::value a) { accumulables.push_back(readAccumulable(a)); });
        else if (k == "Resource Profile Id")
            info.resourceProfileId = int32_t(readInt(val, k, problems_));
        else if (k == "Shuffle Push Enabled")
            info.shufflePushEnabled = readBool(val, k, problems_);
        else if (k == "Shuffle Push Mergers Count")
            info.shufflePushMergersCount = int32_t(readInt(val, k, problems_));
    });
    if (seen) *seen = {hasSubmission, hasCompletion};
    StageAttempt& s = stageFor(info.stageId, info.attemptId);
    s.name = std::move(info.name);
    s.numTasks = info.numTasks;
    s.rdds = std::move(info.rdds);
    s.parentIds = std::move(info.parentIds);
    s.details = std::move(info.details);
    s.resourceProfileId = info.resourceProfileId;
    s.shufflePushEnabled = info.shufflePushEnabled;
    s.shufflePushMergersCount = info.shufflePushMergersCount;
    if (hasSubmission) s.submissionTime = info.submissionTime;
    if (hasCompletion && !fromJobStart) s.completionTime = info.completionTime;
    if (completed) {
        s.failureReason = std::move(info.failureReason);
        s.hasFailureReason = info.hasFailureReason;
        s.accumulables = std::move(accumulables);
    }
    for (const RddInfo& rdd : s.rdds) model_.rdds[rdd.id] = rdd;
    noteTime(s.submissionTime);
    noteTime(s.completionTime);
    return s;
}

void EventDecoder::jobStart(od::object& e, const SourceRef& where) {
    Job job;
    job.started = true;
    job.startedAt = where;
    std::vector<int32_t> stageInfoIds;
    std::vector<StatusReplay::StageInfoSeen> trackedInfos;
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
                StageInfoTimes times;
                StageAttempt& st = readStageInfo(s, true, false, &times);
                stageInfoIds.push_back(int32_t(&st - model_.stages.data()));
                trackedInfos.push_back({st.stageId, st.attemptId, st.numTasks, times.completion,
                                        times.submission ? st.submissionTime : -1});
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
    replay_.jobStart(job.id, job.stageIds, trackedInfos);
    for (int32_t idx : stageInfoIds) model_.stages[size_t(idx)].jobIds.push_back(job.id);
    noteTime(job.submissionTime);
    if (job.sqlExecutionId >= 0) sqlFor(job.sqlExecutionId).jobIds.push_back(job.id);
    auto [it, inserted] = model_.jobIndex.try_emplace(job.id, model_.jobs.size());
    if (inserted)
        model_.jobs.push_back(std::move(job));
    else
        model_.jobs[it->second] = std::move(job);
}

void EventDecoder::jobEnd(od::object& e, const SourceRef& where) {
    int32_t id = -1;
    int64_t time = -1;
    JobResult result = JobResult::Succeeded;
    std::string message;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Job ID")
            id = int32_t(readInt(v, k, problems_));
        else if (k == "Completion Time")
            time = readInt(v, k, problems_, -1);
        else if (k == "Job Result")
            forEachField(v, [&](JsonKey rk, od::value rv) {
                if (rk == "Result")
                    result = readString(rv, rk, problems_) == "JobSucceeded" ? JobResult::Succeeded
                                                                             : JobResult::Failed;
                else if (rk == "Exception")
                    forEachField(rv, [&](JsonKey ek, od::value ev) {
                        if (ek == "Message") message = std::string(readString(ev, ek, problems_));
                    });
            });
    }
    noteTime(time);
    auto [it, inserted] = model_.jobIndex.try_emplace(id, model_.jobs.size());
    if (inserted) model_.jobs.emplace_back().id = id;  // JobEnd without JobStart (excerpts)
    Job& job = model_.jobs[it->second];
    replay_.jobEnd(id);
    job.completionTime = time;
    job.result = result;
    job.failureMessage = std::move(message);
    job.endedAt = where;
}

void EventDecoder::stageEvent(od::object& e, bool completed, const SourceRef& where) {
    StageAttempt* stage = nullptr;
    StageInfoTimes times;
    Properties props;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Stage Info")
            stage = &readStageInfo(field.value(), false, completed, &times);
        else if (k == "Properties" && !completed)
            props = readProperties(field.value(), k, problems_);
    }
    if (!stage) {
        problems_.add("Stage Info", "missing");
        return;
    }
    const StatusReplay::StageInfoSeen seen{stage->stageId, stage->attemptId, stage->numTasks,
                                           times.completion,
                                           times.submission ? stage->submissionTime : -1};
    if (completed) {
        stage->completed = true;
        stage->completedAt = where;
        replay_.stageCompleted(seen, stage->hasFailureReason);
    } else {
        replay_.stageSubmitted(seen, props, stage->rdds);
        stage->submitted = true;
        stage->submittedAt = where;
        stage->properties = std::move(props);
    }
}

}  // namespace stagelight
