// The executors' core timeline, the slot lane of every task, and the rows of the application
// timeline's stage bars.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <unordered_map>

#include "derive/Derive.h"
#include "model/Numeric.h"

namespace stagelight {

namespace {

// Cores of executors that left no ExecutorAdded with cores (Spark 1.x local mode, excerpts): the
// most tasks each ran at once, from its first launch to its last finish (the driver of a local
// run: the whole application).
void inferCores(const EventLogModel& m, int64_t appStart, int64_t appEnd,
                std::map<int64_t, int64_t>& delta) {
    const TaskTable& t = m.tasks;
    std::unordered_map<int64_t, std::vector<std::pair<int64_t, int>>> events;  // executor → ±1
    for (size_t r = 0; r < t.size(); ++r) {
        if (!t.hasFlag(r, kFinished) || t.endReason(r) == EndReason::Resubmitted) continue;
        const int64_t a = m.taskLaunch(r), b = m.taskFinish(r);
        if (b <= a || !m.derived.span.plausible(a) || !m.derived.span.plausible(b)) continue;
        auto& e = events[t.get(r, TaskField::ExecutorId)];
        e.emplace_back(a, +1);
        e.emplace_back(b, -1);
    }
    for (auto& [executor, e] : events) {
        std::sort(e.begin(), e.end());  // a finish before a launch at the same time
        int running = 0, peak = 0;
        for (const auto& [time, d] : e) peak = std::max(peak, running += d);
        const bool driver = m.strings.view(StrId(executor)) == "driver";
        const int64_t from = driver ? appStart : e.front().first;
        const int64_t to = driver ? appEnd : e.back().first;
        if (to <= from || peak <= 0) continue;
        delta[from] += peak;
        delta[to] -= peak;
    }
}

}  // namespace

CoreTimeline deriveCoreTimeline(const EventLogModel& m, bool& inferred,
                                std::vector<LogQualityNote>& notes) {
    const AppSpan& span = m.derived.span;
    const int64_t appStart = span.startMs >= 0 ? span.startMs : 0;
    const int64_t appEnd = span.endMs >= 0 ? span.endMs : appStart;
    std::map<int64_t, int64_t> delta;
    for (const Executor& e : m.executors) {
        if (!e.added || e.totalCores <= 0) continue;  // the driver of a cluster has no ExecutorAdded
        // Times outside the application (spliced events) are clamped to it.
        const int64_t from = std::clamp(e.addTime >= 0 && span.plausible(e.addTime) ? e.addTime : appStart,
                                        appStart, appEnd);
        const int64_t to = std::clamp(e.removeTime >= 0 && span.plausible(e.removeTime) ? e.removeTime : appEnd,
                                      appStart, appEnd);
        if (to <= from) continue;
        int64_t& up = delta[from];
        up = saturatingAdd(up, e.totalCores);
        int64_t& down = delta[to];
        down = saturatingSub(down, e.totalCores);
    }
    inferred = false;
    if (delta.empty()) {
        // Local mode without ExecutorAdded (Spark 1.x): local[N] threads for the whole run.
        const auto master = m.environment.sparkProperty("spark.master");
        const int64_t n = master && master->rfind("local[", 0) == 0
                              ? leadingInteger(std::string_view(*master).substr(6))
                              : 0;
        if (n > 0 && appEnd > appStart) {
            delta[appStart] = n;
            delta[appEnd] = -n;
        } else {
            inferCores(m, appStart, appEnd, delta);
            inferred = !delta.empty();
            if (inferred)
                notes.push_back({LogQualityNote::Kind::InferredCores,
                                 "no ExecutorAdded event gives executor cores: each executor's "
                                 "cores are taken as the most tasks it ran at once",
                                 0});
        }
    }
    std::vector<std::pair<int64_t, int64_t>> steps;
    int64_t cores = 0;
    for (const auto& [t, d] : delta) {
        cores = saturatingAdd(cores, d);
        steps.emplace_back(t, cores);
    }
    CoreTimeline out;
    out.assign(std::move(steps));
    return out;
}

namespace {

// Greedy interval partitioning of one stage attempt's tasks, per executor, by launch time.
void packStage(const EventLogModel& m, size_t stage, std::vector<uint32_t>& lane) {
    const TaskTable& t = m.tasks;
    const int64_t now = m.application.lastEventTime;
    struct Item {
        int64_t start, end;
        uint32_t row;
    };
    std::vector<Item> items;
    for (uint32_t r : m.derived.stageRows.rows(stage)) {
        const int64_t start = m.taskLaunch(r);
        int64_t end = t.hasFlag(r, kFinished) ? m.taskFinish(r) : now;
        if (end < start) end = start;
        items.push_back({start, end, r});
    }
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return a.start != b.start ? a.start < b.start : a.row < b.row;
    });
    std::unordered_map<int64_t, std::vector<int64_t>> freeAt;  // executor → end of each lane
    for (const Item& it : items) {
        auto& lanes = freeAt[t.get(it.row, TaskField::ExecutorId)];
        auto l = std::find_if(lanes.begin(), lanes.end(), [&](int64_t f) { return f <= it.start; });
        if (l == lanes.end()) l = lanes.insert(lanes.end(), it.end);
        *l = it.end;
        lane[it.row] = uint32_t(l - lanes.begin());
    }
}

}  // namespace

void deriveLanes(EventLogModel& m) {
    Derived& d = m.derived;
    d.taskLane.assign(m.tasks.size(), 0);
    for (size_t s = 0; s < m.stages.size(); ++s) packStage(m, s, d.taskLane);

    // Stage bars on the application timeline: first launch to first launch + duration.
    struct Bar {
        int64_t start, end;
        size_t stage;
    };
    std::vector<Bar> bars;
    for (const StageTotals& st : d.stageTotals)
        if (st.firstTaskLaunchTime >= 0 && st.durationMs > 0)
            bars.push_back({st.firstTaskLaunchTime, st.firstTaskLaunchTime + st.durationMs, st.stage});
    std::stable_sort(bars.begin(), bars.end(),
                     [](const Bar& a, const Bar& b) { return a.start < b.start; });
    d.stageTimelineRow.assign(m.stages.size(), -1);
    std::vector<int64_t> rowEnd;  // the first row free at the bar's start
    for (const Bar& b : bars) {
        auto row = std::find_if(rowEnd.begin(), rowEnd.end(), [&](int64_t e) { return e <= b.start; });
        if (row == rowEnd.end()) row = rowEnd.insert(rowEnd.end(), 0);
        *row = b.end;
        d.stageTimelineRow[b.stage] = int32_t(row - rowEnd.begin());
    }
    d.stageTimelineRows = int32_t(rowEnd.size());
}

}  // namespace stagelight
