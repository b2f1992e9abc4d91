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
    // One pass: each task takes its executor's first lane free at its launch (or a new one);
    // then the executors' lanes are numbered one after another, in executor id order.
    std::map<std::string_view, std::vector<int64_t>> freeAt;  // executor → end of each lane
    for (LaneTask& lt : out.tasks) {
        auto& lanes = freeAt[model.strings.view(StrId(t.get(lt.row, TaskField::ExecutorId)))];
        auto lane =
            std::find_if(lanes.begin(), lanes.end(), [&](int64_t f) { return f <= lt.start; });
        if (lane == lanes.end()) lane = lanes.insert(lanes.end(), lt.end);
        *lane = lt.end;
        lt.lane = int(lane - lanes.begin());  // local for now
    }
    std::map<std::string_view, int> firstLane;
    for (const auto& [exec, lanes] : freeAt) {
        firstLane[exec] = int(out.laneLabels.size());
        for (size_t i = 0; i < lanes.size(); ++i)
            out.laneLabels.push_back("executor " + std::string(exec) + " · slot " +
                                     std::to_string(i + 1));
    }
    for (LaneTask& lt : out.tasks)
        lt.lane += firstLane[model.strings.view(StrId(t.get(lt.row, TaskField::ExecutorId)))];
    if (!out.tasks.empty()) {
        out.start = out.tasks.front().start;
        out.end = out.start;
        for (const LaneTask& lt : out.tasks) out.end = std::max(out.end, lt.end);
    }
    return out;
}

}  // namespace stagelight
