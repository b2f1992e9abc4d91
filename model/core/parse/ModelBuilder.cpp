#include "parse/ModelBuilder.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "parse/Json.h"

namespace stagelight {

Executor& ModelBuilder::executorFor(std::string_view id) {
    auto it = model_.executorIndex.find(std::string(id));
    if (it != model_.executorIndex.end()) return model_.executors[it->second];
    model_.executorIndex.emplace(std::string(id), model_.executors.size());
    Executor& e = model_.executors.emplace_back();
    e.id = std::string(id);
    return e;
}

StageAttempt& ModelBuilder::stageFor(int32_t stageId, int32_t attemptId) {
    auto [it, inserted] = model_.stageIndex.try_emplace({stageId, attemptId}, model_.stages.size());
    if (!inserted) return model_.stages[it->second];
    StageAttempt& s = model_.stages.emplace_back();
    s.stageId = stageId;
    s.attemptId = attemptId;
    return s;
}

SqlExecution& ModelBuilder::sqlFor(int64_t id) {
    auto [it, inserted] = model_.sqlIndex.try_emplace(id, model_.sqlExecutions.size());
    if (!inserted) return model_.sqlExecutions[it->second];
    SqlExecution& s = model_.sqlExecutions.emplace_back();
    s.id = id;
    return s;
}

// --- Application -------------------------------------------------------------------------------

void ModelBuilder::logStart(const events::LogStart& e) {
    if (!e.sparkVersion) return;
    model_.application.sparkVersion = *e.sparkVersion;
    model_.application.sparkVersionFromDatabricks = false;
}

void ModelBuilder::applicationStart(const events::ApplicationStart& e) {
    Application& app = model_.application;
    if (e.name) app.name = *e.name;
    if (e.id) app.id = *e.id;
    if (e.startTime) noteTime(app.startTime = *e.startTime);
    if (e.user) app.user = *e.user;
    if (e.attemptId) app.attemptId = *e.attemptId;
    if (e.driverLogs) app.driverLogs = *e.driverLogs;
    if (e.driverAttributes) app.driverAttributes = *e.driverAttributes;
}

void ModelBuilder::applicationEnd(const events::ApplicationEnd& e) {
    Application& app = model_.application;
    app.sawApplicationEnd = true;
    if (e.endTime) noteTime(app.endTime = *e.endTime);
    if (e.exitCode) app.exitCode = *e.exitCode;
}

void ModelBuilder::environmentUpdate(const events::EnvironmentUpdate& e) {
    auto& sections = model_.environment.sections;
    sections.insert(sections.end(), e.sections.begin(), e.sections.end());
    // Databricks logs may lack LogStart: their runtime version is a Spark property.
    if (model_.application.sparkVersion.empty())
        if (auto v = model_.environment.sparkProperty(
                "spark.databricks.clusterUsageTags.sparkVersion")) {
            model_.application.sparkVersion = *v;
            model_.application.sparkVersionFromDatabricks = true;
        }
}

void ModelBuilder::resourceProfileAdded(const ResourceProfile& e) {
    model_.resourceProfiles.push_back(e);
}

void ModelBuilder::miscellaneousProcessAdded(const events::MiscellaneousProcessAdded& e) {
    if (e.hasTime) noteTime(e.process.addTime);
}

// --- Executors ---------------------------------------------------------------------------------

void ModelBuilder::executorAdded(const events::ExecutorAdded& e) {
    noteTime(e.time);
    Executor& ex = executorFor(e.id);
    ex.host = e.host;
    ex.totalCores = e.totalCores;
    ex.logUrls = e.logUrls;
    ex.attributes = e.attributes;
    ex.resources = e.resources;
    ex.resourceProfileId = e.resourceProfileId;
    ex.registrationTime = e.registrationTime;
    ex.requestTime = e.requestTime;
    ex.addTime = e.time;
    ex.added = true;
}

void ModelBuilder::executorRemoved(const events::ExecutorRemoved& e) {
    noteTime(e.time);
    Executor& ex = executorFor(e.id);
    ex.removeTime = e.time;
    ex.removeReason = e.reason;
}

void ModelBuilder::blockManagerAdded(const events::BlockManager& e) {
    noteTime(e.time);
    Executor& ex = executorFor(e.executorId);
    if (ex.host.empty()) ex.host = e.host;
    ex.blockManagerAddTime = e.time;
    ex.blockManagerPort = e.port;
    ex.maxMemory = e.maxMemory;
    if (e.maxOnHeap >= 0) ex.maxOnHeapMemory = e.maxOnHeap;
    if (e.maxOffHeap >= 0) ex.maxOffHeapMemory = e.maxOffHeap;
}

void ModelBuilder::blockManagerRemoved(const events::BlockManager& e) {
    noteTime(e.time);
    Executor& ex = executorFor(e.executorId);
    if (ex.host.empty()) ex.host = e.host;
    ex.blockManagerRemoveTime = e.time;
}

void ModelBuilder::executorExclusion(const events::Exclusion& e) {
    noteTime(e.event.time);
    executorFor(e.who).exclusions.push_back(e.event);
}

void ModelBuilder::nodeExclusion(const events::Exclusion& e) {
    noteTime(e.event.time);
    model_.nodeExclusions.push_back({e.who, e.event});
}

void ModelBuilder::stageExecutorMetrics(const events::StageExecutorMetrics& e) {
    auto& peaks = stageFor(e.stageId, e.attemptId).executorPeaks[e.executorId];
    Executor& ex = executorFor(e.executorId);
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
        peaks[i] = std::max(peaks[i], e.metrics[i]);
        ex.peakMetrics[i] = std::max(ex.peakMetrics[i], e.metrics[i]);
    }
    ex.hasPeakMetrics = true;
}

void ModelBuilder::executorMetricsUpdate(const events::ExecutorMetricsUpdate& e) {
    Executor& ex = executorFor(e.executorId);
    for (const auto& peak : e.peaks)
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            ex.peakMetrics[i] = std::max(ex.peakMetrics[i], peak.metrics[i]);
    ex.hasPeakMetrics = true;
}

void ModelBuilder::unpersistRdd(const events::UnpersistRdd& e) {
    model_.unpersistedRdds.push_back({e.rddId, model_.application.lastEventTime});
}

// --- Jobs and stages ---------------------------------------------------------------------------

StageAttempt& ModelBuilder::mergeStageInfo(const events::StageInfo& e, bool fromJobStart,
                                           bool completed) {
    const StageAttempt& info = e.stage;
    StageAttempt& s = stageFor(info.stageId, info.attemptId);
    s.name = info.name;
    s.numTasks = info.numTasks;
    s.rdds = info.rdds;
    s.parentIds = info.parentIds;
    s.details = info.details;
    s.resourceProfileId = info.resourceProfileId;
    s.shufflePushEnabled = info.shufflePushEnabled;
    s.shufflePushMergersCount = info.shufflePushMergersCount;
    if (e.hasSubmissionTime) s.submissionTime = info.submissionTime;
    if (e.hasCompletionTime && !fromJobStart) s.completionTime = info.completionTime;
    if (completed) {
        s.failureReason = info.failureReason;
        s.hasFailureReason = info.hasFailureReason;
        s.accumulables = info.accumulables;
    }
    for (const RddInfo& rdd : s.rdds) model_.rdds[rdd.id] = rdd;
    noteTime(s.submissionTime);
    noteTime(s.completionTime);
    return s;
}

void ModelBuilder::jobStart(const events::JobStart& e) {
    Job job = e.job;
    std::vector<size_t> stages;
    for (const events::StageInfo& info : e.stageInfos)
        stages.push_back(size_t(&mergeStageInfo(info, true, false) - model_.stages.data()));
    for (size_t idx : stages) model_.stages[idx].jobIds.push_back(job.id);
    noteTime(job.submissionTime);
    if (job.sqlExecutionId >= 0) sqlFor(job.sqlExecutionId).jobIds.push_back(job.id);
    auto [it, inserted] = model_.jobIndex.try_emplace(job.id, model_.jobs.size());
    if (inserted)
        model_.jobs.push_back(std::move(job));
    else
        model_.jobs[it->second] = std::move(job);
}

void ModelBuilder::jobEnd(const events::JobEnd& e) {
    noteTime(e.completionTime);
    auto [it, inserted] = model_.jobIndex.try_emplace(e.jobId, model_.jobs.size());
    if (inserted) model_.jobs.emplace_back().id = e.jobId;  // JobEnd without JobStart (excerpts)
    Job& job = model_.jobs[it->second];
    job.completionTime = e.completionTime;
    job.result = e.result;
    job.failureMessage = e.failureMessage;
    job.endedAt = e.where;
}

void ModelBuilder::stageSubmitted(const events::Stage& e) {
    StageAttempt& stage = mergeStageInfo(e.info, false, false);
    stage.submitted = true;
    stage.submittedAt = e.where;
    stage.properties = e.properties;
}

void ModelBuilder::stageCompleted(const events::Stage& e) {
    StageAttempt& stage = mergeStageInfo(e.info, false, true);
    stage.completed = true;
    stage.completedAt = e.where;
    lastCompletedStage_ = {stage.stageId, stage.attemptId};
}

// --- Tasks -------------------------------------------------------------------------------------

void ModelBuilder::defineAccumulators(const events::TaskInfo& info) {
    // A stage's tasks list the same accumulators: a hash lookup each only when they change.
    const auto& names = info.accumulatorNames;
    if (names.empty()) return;
    if (names.size() == lastAccumulatorIds_.size() &&
        std::equal(names.begin(), names.end(), lastAccumulatorIds_.begin(),
                   [](const events::AccumulatorName& a, int64_t id) { return a.id == id; }))
        return;
    lastAccumulatorIds_.clear();
    for (const events::AccumulatorName& a : names) lastAccumulatorIds_.push_back(a.id);
    for (const events::AccumulatorName& a : names) {
        if (!knownAccumulators_.insert(a.id).second) continue;
        AccumulableInfo& def = model_.accumulatorDefinitions[a.id];
        def.id = a.id;
        def.name = std::string(a.name);
        def.metadata = std::string(a.metadata);
    }
}

TaskRecord& ModelBuilder::internedRecord(const events::TaskEnd& info) {
    record_ = info.task;
    record_[TaskField::ExecutorId] = model_.strings.intern(info.executorId);
    record_[TaskField::Host] = model_.strings.intern(info.host);
    return record_;
}

TaskRecord& ModelBuilder::startedRecord(int64_t taskId) {
    if (spareNodes_.empty()) return runningTasks_[taskId];
    auto node = std::move(spareNodes_.back());  // an ended task's: no allocation per task
    spareNodes_.pop_back();
    node.key() = taskId;
    auto inserted = runningTasks_.insert(std::move(node));
    if (inserted.node) spareNodes_.push_back(std::move(inserted.node));  // a repeated start
    return inserted.position->second;
}

void ModelBuilder::taskStart(const events::TaskStart& e) {
    defineAccumulators(e);
    TaskRecord& task = startedRecord(e.task[TaskField::TaskId]) = e.task;
    task[TaskField::ExecutorId] = model_.strings.intern(e.executorId);
    task[TaskField::Host] = model_.strings.intern(e.host);
    task[TaskField::Flags] |= kSawStart;
    noteTime(task[TaskField::LaunchTime]);
    stageFor(int32_t(task[TaskField::StageId]), int32_t(task[TaskField::StageAttemptId]));
}

void ModelBuilder::taskEnd(const events::TaskEnd& e) {
    model_.blockUpdates.insert(model_.blockUpdates.end(), e.updatedBlocks.begin(),
                               e.updatedBlocks.end());
    if (!e.hasTaskInfo) return;
    // Interned in the order the keys come in Spark's TaskEnd.
    const StrId taskType = model_.strings.intern(e.taskType);
    defineAccumulators(e);
    TaskRecord& task = internedRecord(e);
    task[TaskField::TaskType] = taskType;
    noteTime(task[TaskField::FinishTime]);
    if (auto node = runningTasks_.extract(task[TaskField::TaskId])) {
        task[TaskField::Flags] |= kSawStart;
        if (spareNodes_.size() < kSpareNodes) spareNodes_.push_back(std::move(node));
    }
    stageFor(int32_t(task[TaskField::StageId]), int32_t(task[TaskField::StageAttemptId]));
    if (task.hasExecutorMetrics) {
        Executor& ex = executorFor(e.executorId);
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            ex.peakMetrics[i] = std::max(ex.peakMetrics[i], task.executorMetrics[i]);
        ex.hasPeakMetrics = true;
    }
    if (e.reason == EndReason::Success) {
        model_.tasks.append(task, nullptr);
    } else {
        TaskFailure failure = e.failure;
        model_.tasks.append(task, &failure);
    }
}

// --- SQL ---------------------------------------------------------------------------------------

void ModelBuilder::addPlanMetrics(SqlExecution& exec, const SqlPlan& plan) {
    // A set, not a scan per metric: plans of thousands of operators are updated many times.
    std::unordered_set<int64_t> known;
    for (const PlanMetric& m : exec.metrics) known.insert(m.accumulatorId);
    for (const PlanNode& node : plan.nodes)
        for (const PlanMetric& m : node.metrics)
            if (known.insert(m.accumulatorId).second) exec.metrics.push_back(m);
}

void ModelBuilder::sqlExecutionStart(const events::SqlExecutionStart& e) {
    const SqlExecution& start = e.execution;
    noteTime(start.startTime);
    SqlExecution& exec = sqlFor(start.id);
    exec.rootExecutionId = start.rootExecutionId;
    exec.description = start.description;
    exec.details = start.details;
    exec.startTime = start.startTime;
    exec.modifiedConfigs = start.modifiedConfigs;
    exec.startedAt = start.startedAt;
    exec.started = true;
    if (e.hasPlan || exec.plan.nodes.empty()) exec.plan = start.plan;
    addPlanMetrics(exec, exec.plan);
}

void ModelBuilder::sqlExecutionEnd(const events::SqlExecutionEnd& e) {
    noteTime(e.time);
    SqlExecution& exec = sqlFor(e.executionId);
    exec.endTime = e.time;
    exec.errorMessage = e.errorMessage;
    exec.hasErrorMessage = e.hasErrorMessage;
}

void ModelBuilder::sqlAdaptiveExecutionUpdate(const events::SqlAdaptiveExecutionUpdate& e) {
    SqlExecution& exec = sqlFor(e.executionId);
    addPlanMetrics(exec, e.plan);
    if (exec.planUpdates == 0) exec.initialPlan = std::move(exec.plan);
    exec.plan = e.plan;
    ++exec.planUpdates;
    exec.adaptiveUpdates.push_back({e.plan, lastCompletedStage_.first, lastCompletedStage_.second,
                                    model_.application.lastEventTime});
}

void ModelBuilder::sqlAdaptiveMetricUpdates(const events::SqlAdaptiveMetricUpdates& e) {
    SqlPlan holder;
    holder.nodes.emplace_back().metrics = e.metrics;
    addPlanMetrics(sqlFor(e.executionId), holder);
}

void ModelBuilder::driverAccumUpdates(const events::DriverAccumUpdates& e) {
    auto& target = sqlFor(e.executionId).driverAccumUpdates;
    target.insert(target.end(), e.updates.begin(), e.updates.end());
}

// --- End of log --------------------------------------------------------------------------------

void ModelBuilder::endOfLog() {
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
    // The columns keep their capacity: its unused tail was never touched, so it costs address
    // space, not memory, and copying every column into a fitted one cost a page fault a page.

    // Since 3.1 every exclusion is logged twice (Excluded + deprecated Blacklisted twin). The
    // first of each is kept, found by hash: a log of 300k exclusions costs what reading it costs.
    auto keyOf = [](std::string_view who, const ExclusionEvent& e) {
        const size_t length = who.size();  // first, so no two hosts' keys run into each other
        std::string key(reinterpret_cast<const char*>(&length), sizeof length);
        key += who;
        key.append(reinterpret_cast<const char*>(&e.time), sizeof e.time);
        key += char(e.excluded);
        key.append(reinterpret_cast<const char*>(&e.stageId), sizeof e.stageId);
        key.append(reinterpret_cast<const char*>(&e.stageAttemptId), sizeof e.stageAttemptId);
        return key;
    };
    std::unordered_set<std::string> seen;
    for (Executor& ex : model_.executors) {
        seen.clear();
        std::erase_if(ex.exclusions,
                      [&](const ExclusionEvent& ev) { return !seen.insert(keyOf({}, ev)).second; });
    }
    seen.clear();
    std::erase_if(model_.nodeExclusions, [&](const NodeExclusion& n) {
        return !seen.insert(keyOf(n.host, n.event)).second;
    });

    Application& app = model_.application;
    app.complete = app.sawApplicationEnd && !model_.source.inProgress;
}

}  // namespace stagelight
