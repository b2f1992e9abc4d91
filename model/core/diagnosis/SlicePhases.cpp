// What the tasks were doing inside each slice: Spark's seven task phases (figures/TaskPhases.h),
// each task's phases spread over the slices it overlaps in proportion to the overlap, so a
// slice's phases add up to the task time in it.
#include <algorithm>

#include "diagnosis/Slices.h"

namespace stagelight {

void addTaskPhases(const DiagnosisContext& ctx, std::vector<Slice>& slices) {
    if (slices.empty()) return;
    const EventLogModel& m = ctx.model;
    const TaskTable& t = m.tasks;
    const int64_t now = m.application.lastEventTime;
    for (const StageFacts& s : ctx.stages)
        for (uint32_t r : s.rows) {
            const int64_t launch = m.taskLaunch(r), finish = m.taskFinish(r);
            if (finish <= launch) continue;
            // Slices are contiguous and in time order: the first one ending after the launch.
            auto it = std::upper_bound(slices.begin(), slices.end(), launch,
                                       [](int64_t v, const Slice& sl) { return v < sl.endMs; });
            if (it == slices.end() || it->startMs >= finish) continue;
            const auto phases = taskPhases(t, r, now);
            double total = 0;
            for (double p : phases) total += p;
            if (total <= 0) continue;
            for (; it != slices.end() && it->startMs < finish; ++it) {
                const double overlap =
                    double(std::min(finish, it->endMs) - std::max(launch, it->startMs));
                if (overlap <= 0) continue;
                const double scale = overlap / total;  // the phases add up to the overlap
                for (size_t i = 0; i < kTaskPhaseCount; ++i) it->phaseMs[i] += phases[i] * scale;
            }
        }
}

}  // namespace stagelight
