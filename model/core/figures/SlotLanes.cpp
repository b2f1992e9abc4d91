#include "figures/SlotLanes.h"

#include <algorithm>
#include <map>

namespace stagelight {

SlotLanes slotLanes(const EventLogModel& model, size_t stageIndex) {
    SlotLanes out;
    if (stageIndex >= model.stages.size()) return out;
    const StageAttempt& s = model.stages[stageIndex];
    const TaskTable& t = model.tasks;
    const int64_t now = model.application.lastEventTime;
    for (size_t r = 0; r < t.size(); ++r) {
        if (t.get(r, TaskField::StageId) != s.stageId ||
            t.get(r, TaskField::StageAttemptId) != s.attemptId)
            continue;
        const int64_t start = t.get(r, TaskField::LaunchTime);
        int64_t end = t.hasFlag(r, kFinished) ? t.get(r, TaskField::FinishTime) : now;
        if (end < start) end = start;
        out.tasks.push_back({uint32_t(r), start, end, 0});
    }
    std::sort(out.tasks.begin(), out.tasks.end(), [](const LaneTask& a, const LaneTask& b) {
        return a.start != b.start ? a.start < b.start : a.row < b.row;
    });
    // Per executor (in id order), lanes free from a time on; lanes are numbered globally.
    std::map<std::string_view, std::vector<std::pair<int64_t, int>>> executors;
    for (const LaneTask& lt : out.tasks)
        executors[model.strings.view(StrId(t.get(lt.row, TaskField::ExecutorId)))];
    int next = 0;
    std::map<std::string_view, int> firstLane;
    std::map<std::string_view, int> lanesOf;
    // First pass: how many lanes each executor needs.
    for (auto& [exec, lanes] : executors) {
        std::vector<int64_t> freeAt;
        for (const LaneTask& lt : out.tasks) {
            if (model.strings.view(StrId(t.get(lt.row, TaskField::ExecutorId))) != exec) continue;
            auto slot = std::find_if(freeAt.begin(), freeAt.end(),
                                     [&](int64_t f) { return f <= lt.start; });
            if (slot == freeAt.end())
                freeAt.push_back(lt.end);
            else
                *slot = lt.end;
        }
        firstLane[exec] = next;
        lanesOf[exec] = int(freeAt.size());
        for (size_t i = 0; i < freeAt.size(); ++i)
            out.laneLabels.push_back("executor " + std::string(exec) + " · slot " +
                                     std::to_string(i + 1));
        next += int(freeAt.size());
    }
    // Second pass: place the tasks.
    std::map<std::string_view, std::vector<int64_t>> freeAt;
    for (LaneTask& lt : out.tasks) {
        const std::string_view exec =
            model.strings.view(StrId(t.get(lt.row, TaskField::ExecutorId)));
        auto& lanes = freeAt[exec];
        if (lanes.empty()) lanes.assign(size_t(lanesOf[exec]), INT64_MIN);
        size_t i = 0;
        while (i + 1 < lanes.size() && lanes[i] > lt.start) ++i;
        lanes[i] = lt.end;
        lt.lane = firstLane[exec] + int(i);
    }
    if (!out.tasks.empty()) {
        out.start = out.tasks.front().start;
        out.end = out.start;
        for (const LaneTask& lt : out.tasks) out.end = std::max(out.end, lt.end);
    }
    return out;
}

}  // namespace stagelight
