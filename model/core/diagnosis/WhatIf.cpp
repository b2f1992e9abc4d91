#include "diagnosis/WhatIf.h"
#include "model/Numeric.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <queue>
#include <unordered_map>

namespace stagelight {
namespace {

struct GroupStage {
    const StageFacts* facts;
    std::vector<int64_t> durations;  // in launch order
    std::vector<int32_t> parents;
};

int64_t simulateGroup(const std::vector<GroupStage>& stages, int64_t slots) {
    std::priority_queue<int64_t, std::vector<int64_t>, std::greater<>> free;
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
        for (int64_t d : s.durations) {
            const int64_t slot = free.top();
            free.pop();
            const int64_t taskEnd = std::max(slot, ready) + d;
            free.push(taskEnd);
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
        std::vector<std::pair<int64_t, int64_t>> byLaunch;
        for (uint32_t r : f.rows)
            byLaunch.emplace_back(ctx.model.taskLaunch(r), t.duration(r));
        std::sort(byLaunch.begin(), byLaunch.end());
        for (const auto& [launch, d] : byLaunch) s.durations.push_back(d);
        if (!merged.empty()) byGroup[g].push_back(std::move(s));
    }
    for (auto& stages : byGroup)
        std::stable_sort(stages.begin(), stages.end(),
                         [](const GroupStage& a, const GroupStage& b) {
                             return a.facts->stageId != b.facts->stageId
                                        ? a.facts->stageId < b.facts->stageId
                                        : a.facts->attemptId < b.facts->attemptId;
                         });
    // Time jobs waited with no executor alive does not depend on how many executors run later.
    int64_t waitingForExecutors = 0;
    for (const Gap& g : ta.gaps)
        if (g.cause == Gap::Cause::NoExecutors) waitingForExecutors += g.endMs - g.startMs;
    for (int percent : {10, 20, 50, 80, 100, 110, 120, 150, 200, 300, 400, 500}) {
        WhatIfPoint p;
        p.percent = percent;
        p.coresPerExecutor = w.coresPerExecutor;
        p.executors = std::max<int64_t>(
            1, saturatingInt64(std::round(double(w.observedExecutors) * percent / 100.0)));
        int64_t executorTime = 0;
        for (const auto& stages : byGroup)
            executorTime += simulateGroup(stages, p.executors * p.coresPerExecutor);
        p.estimatedWallMs = ta.driverOnlyMs + waitingForExecutors + executorTime;
        const double capacity = double(executorTime) * double(p.executors * p.coresPerExecutor);
        p.utilization = capacity > 0 ? double(ta.taskTimeMs) / capacity : 0;
        if (percent == 100) w.modelErrorMs = p.estimatedWallMs - ta.wallClockMs;
        w.points.push_back(p);
    }
    return w;
}

}  // namespace stagelight
