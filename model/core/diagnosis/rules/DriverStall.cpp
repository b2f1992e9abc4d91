// driver-stall: stages whose tasks spent most of their time in scheduler delay, the History
// Server's "time the task waited for the driver" (duration minus run, deserialization, result
// serialization and fetch). Such tasks wait on the driver (launching them, receiving their
// results), not on data: more partitions would not help. Stages that ran at the same time are
// one finding (NDS q66: five broadcast exchanges, 11.4 s of 12.1 s each). Defaults: half the
// tasks' time in scheduler delay, on stages of 1 s or more.
#include <algorithm>

#include "diagnosis/rules/RuleKit.h"
#include "figures/TaskFigures.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

struct Stalled {
    const StageFacts* stage;
    double share;  // scheduler delay ÷ task time
    int64_t delayMin, delayMax, runMin, runMax, finishMin, finishMax;
};

std::string stageList(const std::vector<Stalled>& group) {
    std::string s;
    for (size_t i = 0; i < group.size(); ++i) {
        if (i == 6) return s + " and " + std::to_string(group.size() - 6) + " more";
        s += (i ? ", " : "") + StageKey{group[i].stage->stageId, group[i].stage->attemptId}.str();
    }
    return s;
}

std::string range(int64_t a, int64_t b) {
    return a == b ? formatDuration(a) : formatDuration(a) + "–" + formatDuration(b);
}

}  // namespace

RuleDef driverStallRule() {
    RuleDef r;
    r.name = "driver-stall";
    r.precedence = 20;
    r.checks = "tasks waiting on the driver: scheduler delay most of their time";
    r.defaults = {{"minDelayShare", 0.5}, {"minStageMs", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        const int64_t now = m.application.lastEventTime;
        std::vector<Stalled> stalled;
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.durationMs) < p["minStageMs"] || s.taskTimeMs <= 0) continue;
            Stalled st{&s, 0, INT64_MAX, 0, INT64_MAX, 0, INT64_MAX, 0};
            int64_t delay = 0, measured = 0;
            for (uint32_t row : s.rows) {
                // Only tasks that report their run time say how long they waited.
                if (!m.tasks.hasFlag(row, kHasMetrics) ||
                    m.tasks.get(row, TaskField::ExecutorRunTime) <= 0)
                    continue;
                const int64_t duration = m.tasks.duration(row);
                measured += duration;
                // Hostile metrics can make the derived delay exceed the task: it never does.
                const int64_t d =
                    std::clamp<int64_t>(taskTimes(m.tasks, row, now).schedulerDelay, 0, std::max<int64_t>(0, duration));
                const int64_t run = m.tasks.get(row, TaskField::ExecutorRunTime);
                delay += d;
                st.delayMin = std::min(st.delayMin, d);
                st.delayMax = std::max(st.delayMax, d);
                st.runMin = std::min(st.runMin, run);
                st.runMax = std::max(st.runMax, run);
                st.finishMin = std::min(st.finishMin, m.taskFinish(row));
                st.finishMax = std::max(st.finishMax, m.taskFinish(row));
            }
            if (2.0 * double(measured) < double(s.taskTimeMs))
                continue;  // most tasks without run times
            st.share = double(delay) / double(measured);
            if (st.share >= p["minDelayShare"]) stalled.push_back(st);
        }
        // Stages that overlap in time are one stall.
        std::sort(stalled.begin(), stalled.end(),
                  [](const Stalled& a, const Stalled& b) { return a.stage->start < b.stage->start; });
        std::vector<std::vector<Stalled>> groups;
        int64_t groupEnd = -1;
        for (const Stalled& s : stalled) {
            if (groups.empty() || s.stage->start >= groupEnd) {
                groups.emplace_back();
                groupEnd = -1;
            }
            groups.back().push_back(s);
            groupEnd = std::max(groupEnd, s.stage->end);
        }
        for (const auto& group : groups) {
            Stalled all = group.front();
            double share = 0;
            int64_t start = INT64_MAX, end = 0;
            std::vector<int32_t> jobs;
            for (const Stalled& s : group) {
                all.delayMin = std::min(all.delayMin, s.delayMin);
                all.delayMax = std::max(all.delayMax, s.delayMax);
                all.runMin = std::min(all.runMin, s.runMin);
                all.runMax = std::max(all.runMax, s.runMax);
                all.finishMin = std::min(all.finishMin, s.finishMin);
                all.finishMax = std::max(all.finishMax, s.finishMax);
                share += s.share / double(group.size());
                start = std::min(start, s.stage->start);
                end = std::max(end, s.stage->end);
            }
            bool broadcast = true;
            for (const Stalled& s : group) {
                const StageAttempt& a = m.stages[s.stage->stageIndex];
                bool b = false;
                for (int32_t j : a.jobIds)
                    if (const Job* job = m.job(j)) {
                        jobs.push_back(j);
                        b = b || job->description.rfind("broadcast exchange", 0) == 0;
                    }
                broadcast = broadcast && b;
            }
            Finding f;
            const StageFacts& first = *group.front().stage;
            f.id = "driver-stall:stage-" + StageKey{first.stageId, first.attemptId}.str();
            const std::string what = group.size() == 1
                                         ? StageKey{first.stageId, first.attemptId}.label()
                                         : "stages " + stageList(group);
            // The title names the share, not a duration: the cost is the stall's wall clock
            // times that share, and a second duration beside it would read as a mismatch.
            const std::string sharePct =
                std::to_string(saturatingInt(std::clamp(share, 0.0, 1.0) * 100 + 0.5)) + " %";
            f.title = "Tasks of " + what + " spent " + sharePct +
                      " of their time waiting on the driver (up to " +
                      formatDuration(all.delayMax) + " a task)";
            f.detail =
                (group.size() > 1 ? countText(int64_t(group.size()), "stage", "stages") +
                                        (broadcast ? " of broadcast exchanges" : "") +
                                        " ran at the same time (" + sinceStart(in, start) + " to " +
                                        sinceStart(in, end) + "). "
                                  : std::string(broadcast ? "A broadcast exchange. " : "")) +
                "Their tasks spent " + range(all.delayMin, all.delayMax) + " in scheduler delay (" + sharePct + " of their time): waiting for the driver to launch them and take their results, "
                "while running took " +
                range(all.runMin, all.runMax) + ".";
            if (group.size() > 1 && all.finishMax - all.finishMin < 1000)
                f.detail += " All of them finished within " +
                            formatDuration(all.finishMax - all.finishMin) +
                            " of each other: the driver released them at once.";
            f.costMethod = "the stages' wall clock times the share of their tasks' time in "
                           "scheduler delay";
            f.fix = "The tasks waited on the driver, not on data: more partitions would not help. "
                    "Look at the driver at this time (GC pauses, a busy scheduler, large results "
                    "or broadcasts to collect): raise spark.driver.memory or spark.driver.cores, "
                    "keep task results small, run fewer broadcasts at once";
            int64_t ms = 0;
            std::vector<size_t> which;
            for (const Stalled& s : group) {
                const auto sl = stageSlices(in, {s.stage->stageId, s.stage->attemptId});
                which.insert(which.end(), sl.begin(), sl.end());
            }
            ms = saturatingInt64(double(slicesMs(in, which)) * share);
            claim(f, in, which, ms);
            for (const Stalled& s : group)
                if (f.evidence.size() < 8)
                    f.evidence.push_back(Evidence::stage(s.stage->stageId, s.stage->attemptId,
                                                         "tasks in scheduler delay"));
            Evidence w = Evidence::window(start, end, "the stall");
            f.evidence.push_back(w);
            f.focusMetric = HistogramMetric::Duration;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
