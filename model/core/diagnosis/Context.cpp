#include "diagnosis/Context.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "figures/TaskSummary.h"  // quantileIndex
#include "model/Numeric.h"

namespace stagelight {

int64_t quantileOf(const std::vector<int64_t>& sorted, double q) {
    if (sorted.empty()) return 0;
    const int64_t n = int64_t(sorted.size());
    return sorted[size_t(quantileIndex(q, n))];
}

int64_t taskDataBytes(const TaskTable& t, uint32_t row) {
    return saturatingAdd(saturatingAdd(t.get(row, TaskField::ShuffleLocalBytesRead),
                                       t.get(row, TaskField::ShuffleRemoteBytesRead)),
                         t.get(row, TaskField::InputBytesRead));
}

std::vector<int64_t> sortedValues(const TaskTable& tasks, const std::vector<uint32_t>& rows,
                                  TaskField field) {
    std::vector<int64_t> v;
    v.reserve(rows.size());
    for (uint32_t r : rows) v.push_back(tasks.get(r, field));
    std::sort(v.begin(), v.end());
    return v;
}

int64_t StageFacts::quantile(double q) const {
    return quantileOf(durations, q);
}

namespace {

RunFacts runFacts(const EventLogModel& m, bool localMode) {
    RunFacts r;
    const std::string& v = m.application.sparkVersion;
    // "3.5.1", "3.3.0-amzn-0"; Databricks "11.3.x-scala2.12" maps to Spark 3.3.
    r.sparkMajor = leadingInt32(v);
    if (const size_t dot = v.find('.'); dot != std::string::npos)
        r.sparkMinor = leadingInt32(std::string_view(v).substr(dot + 1));
    if (m.application.sparkVersionFromDatabricks && r.sparkMajor >= 7) {
        r.sparkMinor = r.sparkMajor >= 14  ? 5
                       : r.sparkMajor >= 13 ? 4
                       : r.sparkMajor >= 11 ? 3
                       : r.sparkMajor >= 10 ? 2
                                            : 1;
        r.sparkMajor = 3;
    }
    const auto conf = [&](std::string_view key, bool fallback) {
        const auto value = m.environment.sparkProperty(key);
        return value ? *value == "true" : fallback;
    };
    r.aqeEnabled = r.sparkMajor >= 3 && conf("spark.sql.adaptive.enabled", r.versionAtLeast(3, 2));
    r.aqeCoalesce = r.aqeEnabled && conf("spark.sql.adaptive.coalescePartitions.enabled", true);
    r.aqeSkewJoin = r.aqeEnabled && conf("spark.sql.adaptive.skewJoin.enabled", true);
    r.dynamicAllocation = conf("spark.dynamicAllocation.enabled", false);
    r.master = m.environment.sparkProperty("spark.master").value_or("");
    // The master says where tasks ran; tasks on "driver" stand in only when it is not logged
    // (a log that says spark:// and has a task on "driver" took that task from elsewhere).
    // local-cluster[N,cores,memory] runs real executor JVMs: not local mode.
    r.localMode = r.master.empty() ? localMode
                                   : r.master.rfind("local", 0) == 0 &&
                                         r.master.rfind("local-cluster", 0) != 0;
    return r;
}

}  // namespace

DiagnosisContext::DiagnosisContext(const EventLogModel& m)
    : model(m),
      appStart(std::max<int64_t>(0, m.derived.span.startMs)),
      appEnd(m.derived.span.known() ? m.derived.span.endMs : appStart),
      wallMs(m.derived.span.wallMs()),
      cores(m.derived.cores) {
    const TaskTable& t = m.tasks;
    size_t driverTasks = 0;
    for (size_t s = 0; s < m.stages.size(); ++s) {
        StageFacts f;
        const StageAttempt& a = m.stages[s];
        f.stageIndex = s;
        f.stageId = a.stageId;
        f.attemptId = a.attemptId;
        f.name = a.name;
        for (uint32_t r : m.derived.stageRows.rows(s)) {
            if (!t.hasFlag(r, kFinished) || t.endReason(r) == EndReason::Resubmitted) continue;
            f.rows.push_back(r);
            f.durations.push_back(taskDuration(r));
            f.taskTimeMs = saturatingAdd(f.taskTimeMs, f.durations.back());
            if (t.hasFlag(r, kSpeculative)) ++f.speculativeTasks;
            if (m.strings.view(StrId(t.get(r, TaskField::ExecutorId))) == "driver") ++driverTasks;
        }
        if (f.rows.empty()) continue;
        std::sort(f.durations.begin(), f.durations.end());
        f.p50 = f.quantile(0.5);
        f.p95 = f.quantile(0.95);
        f.max = f.durations.back();
        std::vector<int64_t> sizes;
        sizes.reserve(f.rows.size());
        for (uint32_t r : f.rows) sizes.push_back(taskDataBytes(t, r));
        std::sort(sizes.begin(), sizes.end());
        f.medianDataBytes = quantileOf(sizes, 0.5);
        f.maxDataBytes = sizes.back();
        f.metrics = m.derived.stageTotals[s].metrics;
        int64_t firstLaunch = -1, lastFinish = -1;
        for (uint32_t r : f.rows) {
            const int64_t launch = m.taskLaunch(r);
            if (launch > 0 && (firstLaunch < 0 || launch < firstLaunch)) firstLaunch = launch;
            lastFinish = std::max(lastFinish, m.taskFinish(r));
            const EndReason reason = t.endReason(r);
            f.failedTasks += reason != EndReason::Success && reason != EndReason::TaskKilled &&
                             reason != EndReason::TaskCommitDenied;
            f.killedTasks +=
                reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied;
        }
        f.tasks = int64_t(f.rows.size());
        // The stage table's span (Derived::stageTotals); only where the log's launch times make
        // no sense (zero) the finished tasks' own times stand in.
        const StageTotals& st = m.derived.stageTotals[s];
        if (st.firstTaskLaunchTime > 0) {
            f.start = st.firstTaskLaunchTime;
            f.end = f.start + st.durationMs;
        } else {
            f.start = firstLaunch > 0 ? firstLaunch : (a.submissionTime > 0 ? a.submissionTime : 0);
            f.end = a.completionTime > 0 ? a.completionTime : lastFinish;
            if (f.end < f.start) f.end = f.start + f.max;
        }
        f.durationMs = saturatingSub(f.end, f.start);
        stages.push_back(std::move(f));
    }
    run = runFacts(m, driverTasks > 0);
    localMode = run.localMode;
    for (StageFacts& f : stages) f.availableCoreMs = cores.coreMs(f.start, f.end);
}

int64_t DiagnosisContext::taskDuration(uint32_t row) const {
    return model.tasks.duration(row);
}

std::string DiagnosisContext::stageLabel(const StageFacts& s) const {
    return StageKey{s.stageId, s.attemptId}.label() + " (" + s.name + ")";
}

}  // namespace stagelight
