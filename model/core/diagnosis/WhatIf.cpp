#include "diagnosis/WhatIf.h"
#include "model/Numeric.h"
#include "text/Format.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <queue>
#include <tuple>
#include <unordered_map>

namespace stagelight {
namespace {

struct GroupStage {
    const StageFacts* facts;
    std::vector<std::pair<int64_t, int32_t>> tasks;  // (duration, task index) in launch order
    std::vector<int32_t> parents;
};

int64_t simulateGroup(const std::vector<GroupStage>& stages, int64_t slots) {
    std::priority_queue<int64_t, std::vector<int64_t>, std::greater<>> free;
    // More slots than tasks change nothing: a hostile "Total Cores" of 2^31 costs no more.
    size_t tasks = 0;
    for (const GroupStage& s : stages) tasks += s.tasks.size();
    slots = std::min<int64_t>(slots, int64_t(std::max<size_t>(tasks, 1)));
    for (int64_t i = 0; i < slots; ++i) free.push(0);
    std::unordered_map<int32_t, int64_t> finished;  // stage id → simulated end
    int64_t end = 0;
    for (const GroupStage& s : stages) {
        int64_t ready = 0;
        for (int32_t p : s.parents)
            if (auto it = finished.find(p); it != finished.end())
                ready = std::max(ready, it->second);
        // A retried stage runs after its failed attempt.
        if (auto it = finished.find(s.facts->stageId); it != finished.end())
            ready = std::max(ready, it->second);
        int64_t stageEnd = ready;
        // A task's retry starts after the attempt before it failed, whatever the slots free.
        std::unordered_map<int32_t, int64_t> attemptEnd;
        for (const auto& [d, index] : s.tasks) {
            const int64_t slot = free.top();
            free.pop();
            int64_t start = std::max(slot, ready);
            if (auto it = attemptEnd.find(index); it != attemptEnd.end()) start = std::max(start, it->second);
            const int64_t taskEnd = start + d;
            free.push(taskEnd);
            attemptEnd[index] = taskEnd;
            stageEnd = std::max(stageEnd, taskEnd);
        }
        int64_t& f = finished[s.facts->stageId];
        f = std::max(f, stageEnd);
        end = std::max(end, stageEnd);
    }
    return end;
}

}  // namespace

WhatIf estimateWhatIf(const DiagnosisContext& ctx, const TimeAccounting& ta) {
    WhatIf w;
    // Executors and cores as they ran: the most executors alive at once, and their cores.
    std::map<int64_t, int64_t> delta;
    int64_t coreSum = 0, execCount = 0;
    for (const Executor& e : ctx.model.executors) {
        if (!e.added || e.totalCores <= 0) continue;
        delta[e.addTime] += 1;
        delta[e.removeTime >= 0 ? e.removeTime : ctx.appEnd] -= 1;
        coreSum += e.totalCores;
        ++execCount;
    }
    int64_t alive = 0;
    for (const auto& [t, d] : delta)
        w.observedExecutors = std::max(w.observedExecutors, alive += d);
    w.coresPerExecutor = execCount > 0 ? std::max<int64_t>(1, coreSum / execCount) : 0;
    if (w.observedExecutors == 0 && ctx.cores.maxCores() > 0) {  // local mode
        w.observedExecutors = 1;
        w.coresPerExecutor = ctx.cores.maxCores();
    }
    if (w.observedExecutors == 0) return w;

    // Groups of overlapping jobs, with the stages that ran in each, in id order.
    std::vector<std::pair<int64_t, int64_t>> groups;
    for (const Job& j : ctx.model.jobs)
        if (j.started && j.submissionTime > 0)
            groups.emplace_back(j.submissionTime,
                                j.completionTime > 0 ? j.completionTime : ctx.appEnd);
    std::sort(groups.begin(), groups.end());
    std::vector<std::pair<int64_t, int64_t>> merged;
    for (const auto& g : groups) {
        if (!merged.empty() && g.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, g.second);
        else
            merged.push_back(g);
    }
    std::vector<std::vector<GroupStage>> byGroup(merged.size());
    const TaskTable& t = ctx.model.tasks;
    for (const StageFacts& f : ctx.stages) {
        size_t g = 0;
        while (g + 1 < merged.size() && f.start >= merged[g + 1].first) ++g;
        GroupStage s{&f, {}, ctx.model.stages[f.stageIndex].parentIds};
        std::vector<std::tuple<int64_t, int64_t, int32_t>> byLaunch;
        for (uint32_t r : f.rows)
            byLaunch.emplace_back(ctx.model.taskLaunch(r), t.duration(r),
                                  int32_t(t.get(r, TaskField::Index)));
        std::sort(byLaunch.begin(), byLaunch.end());
        for (const auto& [launch, d, index] : byLaunch) s.tasks.emplace_back(d, index);
        if (!merged.empty()) byGroup[g].push_back(std::move(s));
    }
    for (auto& stages : byGroup)
        std::stable_sort(stages.begin(), stages.end(),
                         [](const GroupStage& a, const GroupStage& b) {
                             return a.facts->stageId != b.facts->stageId
                                        ? a.facts->stageId < b.facts->stageId
                                        : a.facts->attemptId < b.facts->attemptId;
                         });
    // Time no task ran (the driver, waits for executors or for a stage's first task) does not
    // depend on how many executors run the tasks: the slices that hold it stay as they were.
    int64_t fixedMs = 0;
    for (const Slice& sl : ta.slices)
        if (sl.isDriver() || sl.cause == Slice::Cause::WaitingForExecutors ||
            sl.cause == Slice::Cause::StageWait || sl.cause == Slice::Cause::DriverInJob)
            fixedMs += sl.durationMs();
    for (int percent : {10, 20, 50, 80, 100, 110, 120, 150, 200, 300, 400, 500}) {
        WhatIfPoint p;
        p.percent = percent;
        p.coresPerExecutor = w.coresPerExecutor;
        p.executors = std::max<int64_t>(
            1, saturatingInt64(std::round(double(w.observedExecutors) * percent / 100.0)));
        int64_t executorTime = 0;
        for (const auto& stages : byGroup)
            executorTime += simulateGroup(stages, p.executors * p.coresPerExecutor);
        p.estimatedWallMs = fixedMs + executorTime;
        const double capacity = double(executorTime) * double(p.executors * p.coresPerExecutor);
        p.utilization = capacity > 0 ? double(ta.taskTimeMs) / capacity : 0;
        if (percent == 100) w.modelErrorMs = p.estimatedWallMs - ta.wallClockMs;
        w.points.push_back(p);
    }
    // The replay ignores what slowed tasks beyond their durations (locality, the driver, data
    // arriving): say how far off it is at today's executors before anyone reads the others.
    if (ta.wallClockMs > 0 && std::abs(double(w.modelErrorMs)) > 0.1 * double(ta.wallClockMs)) {
        const int pct = int(std::lround(100.0 * double(w.modelErrorMs) / double(ta.wallClockMs)));
        w.caveat = "At today's executors the replay gives " +
                   formatDuration(ta.wallClockMs + w.modelErrorMs) + " against the " +
                   formatDuration(ta.wallClockMs) + " observed (" + (pct > 0 ? "+" : "") +
                   std::to_string(pct) + " %): read the other estimates with that error in mind.";
    }
    return w;
}

}  // namespace stagelight
