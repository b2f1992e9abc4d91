#include "diagnosis/TimeAccounting.h"
#include "model/Numeric.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace stagelight {

std::string_view gapCauseName(Gap::Cause c) {
    switch (c) {
        case Gap::Cause::Driver:
            return "driver";
        case Gap::Cause::NoExecutors:
            return "noExecutors";
        case Gap::Cause::StragglerTail:
            return "stragglerTail";
        case Gap::Cause::IdleSlots:
            return "idleSlots";
    }
    return "driver";
}

std::string_view gapCauseText(Gap::Cause c) {
    switch (c) {
        case Gap::Cause::Driver:
            return "driver only";
        case Gap::Cause::NoExecutors:
            return "no executors";
        case Gap::Cause::StragglerTail:
            return "straggler tail";
        case Gap::Cause::IdleSlots:
            return "idle slots";
    }
    return "driver only";
}

namespace {

using Interval = std::pair<int64_t, int64_t>;

std::vector<Interval> merged(std::vector<Interval> v) {
    std::sort(v.begin(), v.end());
    std::vector<Interval> out;
    for (const Interval& i : v) {
        if (!out.empty() && i.first <= out.back().second)
            out.back().second = std::max(out.back().second, i.second);
        else
            out.push_back(i);
    }
    return out;
}

void criticalPaths(const DiagnosisContext& ctx, TimeAccounting& ta) {
    // Cost of a stage: its longest task, summed over attempts (a retry adds its own tail).
    std::unordered_map<int32_t, int64_t> cost;
    std::unordered_map<int32_t, std::pair<int32_t, int32_t>> lastAttempt;
    for (const StageFacts& f : ctx.stages) {
        cost[f.stageId] += f.max;
        lastAttempt[f.stageId] = {f.stageId, f.attemptId};
    }
    std::unordered_map<int32_t, const StageAttempt*> info;
    for (const StageAttempt& a : ctx.model.stages) info[a.stageId] = &a;
    for (const Job& job : ctx.model.jobs) {
        if (!job.started) continue;
        std::vector<int32_t> ids = job.stageIds;
        std::sort(ids.begin(), ids.end());                    // parents have lower ids
        std::map<int32_t, std::pair<int64_t, int32_t>> best;  // stage → (path ms, previous)
        for (int32_t id : ids) {
            if (!cost.count(id)) continue;  // skipped or never ran
            std::pair<int64_t, int32_t> b{cost[id], -1};
            if (auto it = info.find(id); it != info.end())
                for (int32_t p : it->second->parentIds)
                    if (auto pb = best.find(p);
                        pb != best.end() && pb->second.first + cost[id] > b.first)
                        b = {pb->second.first + cost[id], p};
            best[id] = b;
        }
        CriticalPath path;
        path.jobId = job.id;
        if (job.submissionTime > 0)
            path.jobDurationMs =
                (job.completionTime > 0 ? job.completionTime : ctx.appEnd) - job.submissionTime;
        int32_t at = -1;
        for (const auto& [id, b] : best)
            if (at < 0 || b.first > best[at].first) at = id;
        if (at >= 0) path.pathMs = best[at].first;
        while (at >= 0) {
            path.stages.insert(path.stages.begin(), lastAttempt[at]);
            at = best[at].second;
        }
        ta.criticalPaths.push_back(std::move(path));
    }
}

// The end of a stage during which fewer than half its slots ran tasks: stragglers holding it.
void stragglerTails(const DiagnosisContext& ctx, TimeAccounting& ta) {
    for (const StageFacts& f : ctx.stages) {
        if (f.durationMs < 1000 || f.rows.size() < 4) continue;
        std::vector<std::pair<int64_t, int>> events;
        for (uint32_t r : f.rows) {
            events.emplace_back(ctx.model.taskLaunch(r), +1);
            events.emplace_back(ctx.model.taskFinish(r), -1);
        }
        std::sort(events.begin(), events.end());
        // Walk forward; remember when the running count last fell below half the cores.
        int running = 0;
        int64_t tailStart = -1;
        for (const auto& [time, d] : events) {
            running += d;
            const int64_t slots = std::max<int64_t>(1, ctx.cores.coresAt(time));
            const bool thin = running > 0 && running * 2 < slots;
            if (thin && tailStart < 0) tailStart = time;
            if (!thin && running > 0) tailStart = -1;
        }
        if (tailStart < 0) continue;
        const int64_t tail = saturatingSub(f.end, tailStart);
        if (tail < 1000 || tail * 10 < f.durationMs) continue;
        Gap g;
        g.cause = Gap::Cause::StragglerTail;
        g.startMs = tailStart;
        g.endMs = f.end;
        g.stageId = f.stageId;
        g.stageAttemptId = f.attemptId;
        g.detail = "fewer than half of the cores busy while the last tasks of " +
                   ctx.stageLabel(f) + " ran";
        ta.gaps.push_back(std::move(g));
    }
}

// Windows inside a stage where cores stood idle although some of its tasks had not launched yet:
// the scheduler held work back (locality wait, excluded executors, slow launches).
void schedulingGaps(const DiagnosisContext& ctx, TimeAccounting& ta) {
    std::vector<std::pair<int64_t, int>> all;  // every task: (time, +1 launch / -1 finish)
    for (const StageFacts& f : ctx.stages)
        for (uint32_t r : f.rows) {
            all.emplace_back(ctx.model.taskLaunch(r), +1);
            all.emplace_back(ctx.model.taskFinish(r), -1);
        }
    std::sort(all.begin(), all.end());
    std::vector<int64_t> runningAfter(all.size());
    int running = 0;
    for (size_t i = 0; i < all.size(); ++i) runningAfter[i] = running += all[i].second;
    for (const StageFacts& f : ctx.stages) {
        if (f.durationMs < 2000 || f.rows.size() < 2) continue;
        std::vector<int64_t> launches;
        for (uint32_t r : f.rows) launches.push_back(ctx.model.taskLaunch(r));
        std::sort(launches.begin(), launches.end());
        const int64_t minGap = std::max<int64_t>(1000, f.durationMs / 20);
        auto i =
            size_t(std::lower_bound(all.begin(), all.end(), std::make_pair(f.start, INT32_MIN)) -
                   all.begin());
        int64_t gapFrom = -1, at = f.start;
        auto close = [&](int64_t until) {
            if (gapFrom >= 0 && until - gapFrom >= minGap)
                ta.gaps.push_back(
                    {Gap::Cause::IdleSlots, gapFrom, until, f.stageId, f.attemptId,
                     "cores idle while tasks of " + ctx.stageLabel(f) + " waited to launch"});
            gapFrom = -1;
        };
        for (; i < all.size() && all[i].first <= f.end; ++i) {
            // State after the events at or before `at`: running tasks, tasks not launched yet.
            const int64_t next = all[i].first;
            if (next > at) {
                const int64_t busy = i > 0 ? runningAfter[i - 1] : 0;
                const auto pending =
                    launches.end() - std::upper_bound(launches.begin(), launches.end(), at);
                const bool idle = pending > 0 && busy < ctx.cores.coresAt(at);
                if (idle && gapFrom < 0) gapFrom = at;
                if (!idle) close(at);
                at = next;
            }
        }
        close(at);
    }
}

void coreSeries(const DiagnosisContext& ctx, TimeAccounting& ta, int samples) {
    if (ctx.wallMs <= 0 || samples <= 0) return;
    const double width = double(ctx.wallMs) / samples;
    std::vector<double> busy(size_t(samples), 0.0);
    for (const StageFacts& f : ctx.stages)
        for (uint32_t r : f.rows) {
            const double a = double(ctx.model.taskLaunch(r)) - double(ctx.appStart);
            const double b = double(ctx.model.taskFinish(r)) - double(ctx.appStart);
            if (b <= a) continue;
            // Clamped as a double: a hostile time far outside the run must not overflow int.
            int i = int(std::clamp(a / width, 0.0, double(samples - 1)));
            for (; i < samples && i * width < b; ++i) {
                const double lo = std::max(a, i * width), hi = std::min(b, (i + 1) * width);
                if (hi > lo) busy[size_t(i)] += hi - lo;
            }
        }
    for (int i = 0; i < samples; ++i) {
        const int64_t from = ctx.appStart + saturatingInt64(i * width);
        const int64_t to = ctx.appStart + saturatingInt64((i + 1) * width);
        CoreSample s;
        s.timeMs = from;
        s.busyCores = busy[size_t(i)] / width;
        s.allocatedCores = to > from ? ctx.cores.coreMs(from, to) / double(to - from) : 0;
        ta.coreSeries.push_back(s);
    }
}

}  // namespace

TimeAccounting accountTime(const DiagnosisContext& ctx, int samples) {
    TimeAccounting ta;
    ta.wallClockMs = ctx.wallMs;
    std::vector<Interval> jobs;  // Derived::jobSpans: stage times stand in where the job's lack
    for (size_t i = 0; i < ctx.model.jobs.size(); ++i)
        if (const JobSpan& js = ctx.model.derived.jobSpans[i]; js.known() && js.endMs > js.startMs)
            jobs.emplace_back(js.startMs, js.endMs);
    jobs = merged(jobs);
    int64_t cursor = ctx.appStart;
    auto driverGap = [&](int64_t from, int64_t to, const std::string& what) {
        if (to - from < 1) return;
        Gap g;
        g.cause = Gap::Cause::Driver;
        g.startMs = from;
        g.endMs = to;
        g.detail = what;
        ta.gaps.push_back(std::move(g));
    };
    for (size_t i = 0; i < jobs.size(); ++i) {
        ta.jobTimeMs += jobs[i].second - jobs[i].first;
        driverGap(cursor, jobs[i].first,
                  i == 0 ? "driver only, before the first job" : "driver only, between jobs");
        cursor = std::max(cursor, jobs[i].second);
        // No executor alive while a job runs: allocation delay or cold start.
        // Only when the log lists executors: otherwise who ran the tasks is unknown.
        if (!ctx.localMode && !ctx.cores.empty())
            for (const auto& [from, to, cores] : ctx.cores.segments(jobs[i].first, jobs[i].second))
                if (cores == 0 && to > from)
                    ta.gaps.push_back({Gap::Cause::NoExecutors, from, to, -1, -1,
                                       "a job was running with no executor alive"});
    }
    driverGap(cursor, ctx.appEnd, jobs.empty() ? "no job ran" : "driver only, after the last job");
    ta.driverOnlyMs = std::max<int64_t>(0, ta.wallClockMs - ta.jobTimeMs);

    criticalPaths(ctx, ta);
    for (const StageFacts& f : ctx.stages) {
        ta.taskTimeMs = saturatingAdd(ta.taskTimeMs, f.taskTimeMs);
        StageShare s;
        s.stageId = f.stageId;
        s.stageAttemptId = f.attemptId;
        s.durationMs = f.durationMs;
        s.wallShare = ta.wallClockMs > 0 ? double(f.durationMs) / double(ta.wallClockMs) : 0;
        s.idleCores = f.availableCoreMs > 0
                          ? std::clamp(1.0 - double(f.taskTimeMs) / f.availableCoreMs, 0.0, 1.0)
                          : -1;
        for (const CriticalPath& p : ta.criticalPaths)
            for (const auto& st : p.stages)
                if (st == std::make_pair(f.stageId, f.attemptId)) s.onCriticalPath = true;
        ta.stages.push_back(s);
    }
    std::stable_sort(
        ta.stages.begin(), ta.stages.end(),
        [](const StageShare& a, const StageShare& b) { return a.durationMs > b.durationMs; });
    ta.availableCoreMs = ctx.cores.coreMs(ctx.appStart, ctx.appEnd);
    if (ta.availableCoreMs > 0)
        ta.idleCores = std::clamp(1.0 - double(ta.taskTimeMs) / ta.availableCoreMs, 0.0, 1.0);
    stragglerTails(ctx, ta);
    if (!ctx.cores.empty()) schedulingGaps(ctx, ta);
    std::sort(ta.gaps.begin(), ta.gaps.end(),
              [](const Gap& a, const Gap& b) { return a.startMs < b.startMs; });
    coreSeries(ctx, ta, samples);
    ta.slices = attributeWallClock(ctx);
    // One answer to "when did jobs run": the slices' (tasks running count as job time even
    // where no JobStart names their stage), for the split and the driver gaps alike.
    if (!ta.slices.empty()) {
        const bool anyJob = std::any_of(ta.slices.begin(), ta.slices.end(),
                                        [](const Slice& sl) { return !sl.isDriver(); });
        ta.gaps.erase(std::remove_if(ta.gaps.begin(), ta.gaps.end(),
                                     [](const Gap& g) { return g.cause == Gap::Cause::Driver; }),
                      ta.gaps.end());
        ta.driverOnlyMs = 0;
        for (const Slice& sl : ta.slices) {
            if (!sl.isDriver()) continue;
            ta.driverOnlyMs += sl.durationMs();
            Gap g;
            g.cause = Gap::Cause::Driver;
            g.startMs = sl.startMs;
            g.endMs = sl.endMs;
            g.detail = !anyJob ? "no job ran"
                       : sl.cause == Slice::Cause::DriverBeforeFirstJob ? "driver only, before the first job"
                       : sl.cause == Slice::Cause::DriverBetweenJobs    ? "driver only, between jobs"
                                                                        : "driver only, after the last job";
            ta.gaps.push_back(std::move(g));
        }
        ta.jobTimeMs = ta.wallClockMs - ta.driverOnlyMs;
        std::sort(ta.gaps.begin(), ta.gaps.end(),
                  [](const Gap& a, const Gap& b) { return a.startMs < b.startMs; });
    }
    return ta;
}

}  // namespace stagelight
