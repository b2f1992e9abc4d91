#include "diagnosis/Context.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "figures/StageTotals.h"  // tasksByStage
#include "figures/TaskSummary.h"  // quantileIndex

namespace stagelight {

int64_t quantileOf(const std::vector<int64_t>& sorted, double q) {
    if (sorted.empty()) return 0;
    const int64_t n = int64_t(sorted.size());
    return sorted[size_t(quantileIndex(q, n))];
}

int64_t taskDataBytes(const TaskTable& t, uint32_t row) {
    return t.get(row, TaskField::ShuffleLocalBytesRead) +
           t.get(row, TaskField::ShuffleRemoteBytesRead) + t.get(row, TaskField::InputBytesRead);
}

std::vector<int64_t> sortedValues(const TaskTable& tasks, const std::vector<uint32_t>& rows,
                                  TaskField field) {
    std::vector<int64_t> v;
    v.reserve(rows.size());
    for (uint32_t r : rows) v.push_back(tasks.get(r, field));
    std::sort(v.begin(), v.end());
    return v;
}

CoreTimeline::CoreTimeline(const EventLogModel& model, int64_t appStart, int64_t appEnd) {
    std::map<int64_t, int64_t> delta;
    for (const Executor& e : model.executors) {
        if (!e.added || e.totalCores <= 0) continue;  // the driver has no ExecutorAdded
        const int64_t from = e.addTime >= 0 ? e.addTime : appStart;
        const int64_t to = e.removeTime >= 0 ? e.removeTime : appEnd;
        if (to <= from) continue;
        delta[from] += e.totalCores;
        delta[to] -= e.totalCores;
    }
    // Local mode: the driver runs tasks on local[N] threads for the whole application.
    if (delta.empty())
        if (auto master = model.environment.sparkProperty("spark.master");
            master && master->rfind("local[", 0) == 0) {
            const int64_t n = std::atoll(master->c_str() + 6);
            if (n > 0 && appEnd > appStart) {
                delta[appStart] += n;
                delta[appEnd] -= n;
            }
        }
    int64_t cores = 0;
    for (const auto& [t, d] : delta) {
        cores += d;
        steps_.emplace_back(t, cores);
        maxCores_ = std::max(maxCores_, cores);
    }
}

int64_t CoreTimeline::coresAt(int64_t t) const {
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(t, INT64_MAX));
    return it == steps_.begin() ? 0 : std::prev(it)->second;
}

double CoreTimeline::coreMs(int64_t from, int64_t to) const {
    if (to <= from) return 0;
    double total = 0;
    int64_t t = from, cores = coresAt(from);
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(from, INT64_MAX));
    for (; it != steps_.end() && it->first < to; ++it) {
        total += double(cores) * double(it->first - t);
        t = it->first;
        cores = it->second;
    }
    return total + double(cores) * double(to - t);
}

std::vector<CoreTimeline::Segment> CoreTimeline::segments(int64_t from, int64_t to) const {
    std::vector<Segment> out;
    if (to <= from) return out;
    int64_t t = from, cores = coresAt(from);
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(from, INT64_MAX));
    for (; it != steps_.end() && it->first < to; ++it) {
        if (it->second == cores) continue;
        out.push_back({t, it->first, cores});
        t = it->first;
        cores = it->second;
    }
    out.push_back({t, to, cores});
    return out;
}

int64_t StageFacts::quantile(double q) const {
    return quantileOf(durations, q);
}

namespace {

// ApplicationStart's time, or (excerpts, zeroed timestamps) the earliest job or task time.
int64_t applicationStart(const EventLogModel& m) {
    if (m.application.startTime > 0) return m.application.startTime;
    int64_t first = -1;
    auto see = [&](int64_t t) {
        if (t > 0 && (first < 0 || t < first)) first = t;
    };
    for (const Job& j : m.jobs) see(j.submissionTime);
    for (const StageAttempt& s : m.stages) see(s.submissionTime);
    for (size_t r = 0; r < m.tasks.size(); ++r) see(m.tasks.get(r, TaskField::LaunchTime));
    return first > 0 ? first : 0;
}

}  // namespace

DiagnosisContext::DiagnosisContext(const EventLogModel& m)
    : model(m),
      appStart(applicationStart(m)),
      appEnd(m.application.sawApplicationEnd && m.application.endTime > 0
                 ? m.application.endTime
                 : m.application.lastEventTime),
      wallMs(std::max<int64_t>(0, appEnd - appStart)),
      cores(m, appStart, appEnd) {
    const TaskTable& t = m.tasks;
    const auto rowsByStage = tasksByStage(m);
    size_t driverTasks = 0;
    for (size_t s = 0; s < m.stages.size(); ++s) {
        StageFacts f;
        const StageAttempt& a = m.stages[s];
        f.stageIndex = s;
        f.stageId = a.stageId;
        f.attemptId = a.attemptId;
        f.name = a.name;
        for (uint32_t r : rowsByStage[s]) {
            if (!t.hasFlag(r, kFinished)) continue;
            f.rows.push_back(r);
            f.durations.push_back(taskDuration(r));
            f.taskTimeMs += f.durations.back();
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
        // Totals over every finished attempt that reported metrics: unlike the History Server's
        // figures they do not depend on TaskStart events (excerpts often lack them).
        int64_t firstLaunch = -1, lastFinish = -1;
        for (uint32_t r : f.rows) {
            if (t.hasFlag(r, kHasMetrics))
                for (size_t i = 0; i < kTaskMetricCount; ++i)
                    f.metrics.values[i] += t.get(r, TaskField(size_t(kFirstTaskMetric) + i));
            const int64_t launch = t.get(r, TaskField::LaunchTime);
            if (launch > 0 && (firstLaunch < 0 || launch < firstLaunch)) firstLaunch = launch;
            lastFinish = std::max(lastFinish, t.get(r, TaskField::FinishTime));
            const EndReason reason = t.endReason(r);
            f.failedTasks += reason != EndReason::Success && reason != EndReason::TaskKilled &&
                             reason != EndReason::TaskCommitDenied;
            f.killedTasks +=
                reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied;
        }
        f.tasks = int64_t(f.rows.size());
        f.start = firstLaunch > 0 ? firstLaunch : (a.submissionTime > 0 ? a.submissionTime : 0);
        f.end = a.completionTime > 0 ? a.completionTime : lastFinish;
        if (f.end < f.start) f.end = f.start + f.max;  // timestamps the log does not make sense of
        f.durationMs = f.end - f.start;
        stages.push_back(std::move(f));
    }
    localMode = driverTasks > 0;
    for (StageFacts& f : stages) f.availableCoreMs = cores.coreMs(f.start, f.end);
}

int64_t DiagnosisContext::taskDuration(uint32_t row) const {
    return model.tasks.duration(row);
}

std::string DiagnosisContext::stageLabel(const StageFacts& s) const {
    return "stage " + std::to_string(s.stageId) + "." + std::to_string(s.attemptId) + " (" +
           s.name + ")";
}

}  // namespace stagelight
