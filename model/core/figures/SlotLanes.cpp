#include "figures/SlotLanes.h"

#include <algorithm>
#include <unordered_map>

#include "text/Elide.h"
#include "text/NaturalOrder.h"

namespace stagelight {

SlotLanes slotLanes(const EventLogModel& model, size_t stageIndex) {
    SlotLanes out;
    if (stageIndex >= model.stages.size()) return out;
    const TaskTable& t = model.tasks;
    const std::vector<uint32_t>& localLane = model.derived.taskLane;  // packed at load
    const int64_t now = model.application.lastEventTime;
    // Absurd times (a launch at -2^62, a finish at 2^63-1) are clamped to the log's plausible
    // range for drawing: log-quality names them, and no axis spans 10^11 years.
    const AppSpan& span = model.derived.span;
    const auto drawn = [&](int64_t ms) { return std::clamp(ms, span.saneFromMs, span.saneToMs); };
    for (uint32_t r : model.derived.stageRows.rows(stageIndex)) {
        const int64_t start = drawn(model.taskLaunch(r));
        int64_t end = drawn(t.hasFlag(r, kFinished) ? model.taskFinish(r) : now);
        if (end < start) end = start;
        out.tasks.push_back({r, start, end, 0, uint8_t(t.get(r, TaskField::Flags))});
    }
    std::sort(out.tasks.begin(), out.tasks.end(), [](const LaneTask& a, const LaneTask& b) {
        return a.start != b.start ? a.start < b.start : a.row < b.row;
    });
    // Each executor's lanes are numbered one after another, in executor id order (2 before 10).
    std::unordered_map<int64_t, uint32_t> lanesOf;  // executor → lanes it used
    for (const LaneTask& lt : out.tasks) {
        uint32_t& n = lanesOf[t.get(lt.row, TaskField::ExecutorId)];
        n = std::max(n, localLane[lt.row] + 1);
    }
    std::vector<std::pair<std::string_view, int64_t>> executors;
    for (const auto& entry : lanesOf)
        executors.emplace_back(model.strings.view(StrId(entry.first)), entry.first);
    std::sort(executors.begin(), executors.end(), [](const auto& x, const auto& y) {
        return naturalLess(x.first, y.first) || (x.first == y.first && x.second < y.second);
    });
    std::unordered_map<int64_t, int> firstLane;
    for (const auto& [name, id] : executors) {
        firstLane[id] = int(out.laneLabels.size());
        for (uint32_t i = 0; i < lanesOf[id]; ++i)
            out.laneLabels.push_back("executor " + elide(name, 60) + " · lane " +
                                     std::to_string(i + 1));
        out.executorNames.push_back(elide(name, 60));
        out.executorBegin.push_back(uint32_t(out.laneLabels.size()));
    }
    out.laneBegin.assign(out.laneLabels.size() + 1, 0);
    for (LaneTask& lt : out.tasks) {
        lt.lane = firstLane[t.get(lt.row, TaskField::ExecutorId)] + int(localLane[lt.row]);
        ++out.laneBegin[size_t(lt.lane) + 1];
    }
    for (size_t l = 1; l < out.laneBegin.size(); ++l) out.laneBegin[l] += out.laneBegin[l - 1];
    out.byLane.resize(out.tasks.size());
    std::vector<uint32_t> fill(out.laneBegin.begin(), out.laneBegin.end() - 1);
    for (size_t i = 0; i < out.tasks.size(); ++i) {
        const LaneTask& lt = out.tasks[i];
        out.byLane[fill[size_t(lt.lane)]++] = {lt.start, lt.end, uint32_t(i), lt.flags};
    }
    if (!out.tasks.empty()) {
        out.start = out.tasks.front().start;
        out.end = out.start;
        for (const LaneTask& lt : out.tasks) out.end = std::max(out.end, lt.end);
    }
    return out;
}

}  // namespace stagelight
