#include "figures/TaskPhases.h"

#include <algorithm>

#include "figures/TaskFigures.h"

namespace stagelight {

std::string_view taskPhaseName(TaskPhase p) {
    static constexpr std::string_view names[] = {"Scheduler Delay",    "Task Deserialization Time",
                                                 "Shuffle Read Time",  "Executor Computing Time",
                                                 "Shuffle Write Time", "Result Serialization Time",
                                                 "Getting Result Time"};
    return names[size_t(p)];
}

std::array<double, kTaskPhaseCount> taskPhases(const TaskTable& t, size_t row, int64_t now) {
    std::array<double, kTaskPhaseCount> ms{};
    const TaskTimes times = taskTimes(t, row, now);
    const double d = double(times.duration);
    if (d <= 0) return ms;
    if (!t.hasFlag(row, kHasMetrics)) {
        ms[size_t(TaskPhase::Computing)] = d;
        return ms;
    }
    const double deserialize = double(t.get(row, TaskField::ExecutorDeserializeTime));
    const double serialize = double(t.get(row, TaskField::ResultSerializationTime));
    const double gettingResult = double(times.gettingResultTime);
    const double delay = double(times.schedulerDelay);
    const double shuffleRead = double(t.get(row, TaskField::ShuffleFetchWaitTime));
    const double shuffleWrite = double(t.get(row, TaskField::ShuffleWriteTime)) / 1e6;  // ns
    ms[size_t(TaskPhase::SchedulerDelay)] = delay;
    ms[size_t(TaskPhase::Deserialization)] = deserialize;
    ms[size_t(TaskPhase::ShuffleRead)] = shuffleRead;
    ms[size_t(TaskPhase::ShuffleWrite)] = shuffleWrite;
    ms[size_t(TaskPhase::ResultSerialization)] = serialize;
    ms[size_t(TaskPhase::GettingResult)] = gettingResult;
    // Spark: computing is whatever the other six leave, so the bar fills exactly.
    double others = 0;
    for (size_t i = 0; i < kTaskPhaseCount; ++i)
        if (i != size_t(TaskPhase::Computing)) others += ms[i];
    if (others > d) {  // inconsistent logs: scale the others down to fit
        for (double& v : ms) v *= d / others;
        others = d;
    }
    ms[size_t(TaskPhase::Computing)] = d - others;
    return ms;
}

}  // namespace stagelight
