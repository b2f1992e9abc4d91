// Executor slot lanes for a timeline: each task attempt goes to the first lane of its executor
// that is free at its launch (packed once at load: Derived::taskLane), so concurrent tasks of an
// executor never overlap.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/EventLogModel.h"

namespace stagelight {

struct LaneTask {
    uint32_t row;  // task table row
    int64_t start, end;
    int lane;
    uint8_t flags;  // TaskFlag bits (failed, killed, speculative) for drawing without the table
};

struct SlotLanes {
    std::vector<LaneTask> tasks;  // by launch time
    // The same tasks lane by lane: byLane[laneBegin[l] .. laneBegin[l + 1]) are lane l's, by
    // launch time. A lane's tasks never overlap, so their ends are sorted too (binary search by
    // time), and drawing reads them in memory order.
    struct Span {
        int64_t start, end;
        uint32_t task;  // index into `tasks`
        uint8_t flags;
    };
    std::vector<Span> byLane;
    std::vector<uint32_t> laneBegin;
    std::vector<std::string> laneLabels;  // "executor 3 · lane 2"
    // Lanes of executor e are executorBegin[e] .. executorBegin[e + 1] (timelines fold them).
    std::vector<uint32_t> executorBegin{0};
    std::vector<std::string> executorNames;
    int64_t start = 0, end = 0;           // the span of the tasks
};

// The task attempts of model.stages[stageIndex] (running ones end at the log's last event).
SlotLanes slotLanes(const EventLogModel& model, size_t stageIndex);

}  // namespace stagelight
