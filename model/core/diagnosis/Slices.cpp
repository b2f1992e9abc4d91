#include "diagnosis/Slices.h"

#include <algorithm>
#include <map>
#include <set>

namespace stagelight {

std::string_view sliceCauseName(Slice::Cause c) {
    switch (c) {
        case Slice::Cause::DriverBeforeFirstJob:
            return "driver-before-first-job";
        case Slice::Cause::DriverBetweenJobs:
            return "driver-between-jobs";
        case Slice::Cause::DriverAfterLastJob:
            return "driver-after-last-job";
        case Slice::Cause::WaitingForExecutors:
            return "waiting-for-executors";
        case Slice::Cause::StageWait:
            return "stage-wait";
        case Slice::Cause::DriverInJob:
            return "driver-in-job";
        case Slice::Cause::StageRunning:
            return "stage-running";
        case Slice::Cause::IdleSlots:
            return "idle-slots";
        case Slice::Cause::StragglerTail:
            return "straggler-tail";
    }
    return "driver-in-job";
}

std::string_view sliceCauseLabel(Slice::Cause c) {
    switch (c) {
        case Slice::Cause::DriverBeforeFirstJob:
            return "Driver before the first job";
        case Slice::Cause::DriverBetweenJobs:
            return "Driver between jobs";
        case Slice::Cause::DriverAfterLastJob:
            return "Driver after the last job";
        case Slice::Cause::WaitingForExecutors:
            return "Waiting for executors";
        case Slice::Cause::StageWait:
            return "Stages waiting for their first task";
        case Slice::Cause::DriverInJob:
            return "Driver inside jobs (no task, no stage waiting)";
        case Slice::Cause::StageRunning:
            return "Stages running";
        case Slice::Cause::IdleSlots:
            return "Cores idle while tasks waited to launch";
        case Slice::Cause::StragglerTail:
            return "Stage ends on few cores (straggler tails)";
    }
    return "Driver inside jobs (no task, no stage waiting)";
}

std::vector<SliceCauseTotal> sliceTotalsByCause(const std::vector<Slice>& slices) {
    std::map<Slice::Cause, SliceCauseTotal> by;
    for (const Slice& s : slices) {
        SliceCauseTotal& t = by[s.cause];
        t.cause = s.cause;
        t.ms += s.durationMs();
        t.explainedMs += s.explainedMs;
        ++t.slices;
    }
    std::vector<SliceCauseTotal> out;
    for (const auto& [c, t] : by) out.push_back(t);
    std::stable_sort(out.begin(), out.end(),
                     [](const SliceCauseTotal& a, const SliceCauseTotal& b) { return a.ms > b.ms; });
    return out;
}

namespace {

using Interval = std::pair<int64_t, int64_t>;

std::vector<Interval> jobWindows(const DiagnosisContext& ctx) {
    std::vector<Interval> v;
    for (const JobSpan& js : ctx.model.derived.jobSpans) {
        if (!js.known()) continue;
        const int64_t a = std::max(js.startMs, ctx.appStart), b = std::min(js.endMs, ctx.appEnd);
        if (b > a) v.emplace_back(a, b);
    }
    // Tasks running mean a job ran, even one whose JobStart names no stage (or is missing).
    for (const StageFacts& s : ctx.stages) {
        int64_t last = -1;
        for (uint32_t r : s.rows) last = std::max(last, ctx.model.taskFinish(r));
        const int64_t a = std::max(s.start, ctx.appStart), b = std::min(last, ctx.appEnd);
        if (s.start >= 0 && b > a) v.emplace_back(a, b);
    }
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

// What the sweep knows of one stage attempt.
struct StageTrack {
    int64_t submit = -1, firstLaunch = -1, end = -1;
    bool timesUnknown = false;  // it ran tasks, none with a plausible time: never "waiting"
    std::vector<int64_t> firstLaunches;  // per task index, its first launch: sorted
    int running = 0;
    int64_t pendingAt(int64_t t) const {  // task indices not launched by t
        return int64_t(firstLaunches.end() -
                       std::upper_bound(firstLaunches.begin(), firstLaunches.end(), t));
    }
};

struct Event {
    int64_t t;
    int kind;  // 0 task end, 1 task start, 2 stage submitted, 3 first launch, 4 stage end
    size_t stage;
};

class Sweep {
public:
    explicit Sweep(const DiagnosisContext& ctx) : ctx_(ctx), m_(ctx.model) { build(); }

    void run(const Interval& window, std::vector<Slice>& out) {
        // Apply every event before the window, then walk it interval by interval.
        while (next_ < events_.size() && events_[next_].t <= window.first) apply(events_[next_++]);
        int64_t at = window.first;
        while (at < window.second) {
            int64_t until = window.second;
            if (next_ < events_.size()) until = std::min(until, events_[next_].t);
            const int64_t coreChange = nextCoreChange(at);
            if (coreChange > at) until = std::min(until, coreChange);
            if (until > at) emit(at, until, out);
            at = until;
            while (next_ < events_.size() && events_[next_].t <= at) apply(events_[next_++]);
        }
    }

private:
    void build() {
        const Derived& d = m_.derived;
        const TaskTable& t = m_.tasks;
        tracks_.resize(m_.stages.size());
        std::map<size_t, const StageFacts*> facts;
        for (const StageFacts& f : ctx_.stages) facts[f.stageIndex] = &f;
        for (size_t s = 0; s < m_.stages.size(); ++s) {
            StageTrack& tr = tracks_[s];
            std::map<int64_t, int64_t> firstOfIndex;
            for (uint32_t r : d.stageRows.rows(s)) {
                if (t.endReason(r) == EndReason::Resubmitted) continue;
                const int64_t a = m_.taskLaunch(r);
                int64_t b = t.hasFlag(r, kFinished) ? m_.taskFinish(r) : ctx_.appEnd;
                if (a <= 0 || !d.span.plausible(a) || !d.span.plausible(b)) {
                    tr.timesUnknown = true;
                    continue;
                }
                b = std::min(b, ctx_.appEnd);
                if (b <= a) continue;
                events_.push_back({a, 1, s});
                events_.push_back({b, 0, s});
                auto [it, fresh] = firstOfIndex.emplace(t.get(r, TaskField::Index), a);
                if (!fresh) it->second = std::min(it->second, a);
                tr.firstLaunch = tr.firstLaunch < 0 ? a : std::min(tr.firstLaunch, a);
            }
            tr.timesUnknown = tr.timesUnknown && tr.firstLaunch < 0;
            for (const auto& [index, launch] : firstOfIndex) tr.firstLaunches.push_back(launch);
            std::sort(tr.firstLaunches.begin(), tr.firstLaunches.end());
            const StageAttempt& st = m_.stages[s];
            if (st.submissionTime > 0 && d.span.plausible(st.submissionTime))
                tr.submit = st.submissionTime;
            if (tr.submit < 0) tr.submit = tr.firstLaunch;
            if (tr.submit < 0) continue;  // never ran, never submitted
            const auto f = facts.find(s);
            tr.end = f != facts.end() ? f->second->end
                     : st.completionTime > 0 && d.span.plausible(st.completionTime)
                         ? st.completionTime
                         : tr.submit;
            if (tr.firstLaunch >= 0 && tr.end < tr.firstLaunch) tr.end = tr.firstLaunch;
            events_.push_back({tr.submit, 2, s});
            if (tr.firstLaunch >= 0) events_.push_back({std::max(tr.firstLaunch, tr.submit), 3, s});
            events_.push_back({std::max(tr.end, tr.submit), 4, s});
        }
        for (const auto& seg : ctx_.cores.segments(ctx_.appStart, ctx_.appEnd))
            if (seg.from > ctx_.appStart) coreChanges_.push_back(seg.from);
        // Same time: task ends first (a slot frees before the next launch), stage ends last.
        std::sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) {
            return a.t != b.t ? a.t < b.t : a.kind < b.kind;
        });
    }

    void apply(const Event& e) {
        StageTrack& tr = tracks_[e.stage];
        switch (e.kind) {
            case 0:
                if (--tr.running == 0) runningStages_.erase({tr.end, e.stage});
                --running_;
                break;
            case 1:
                if (tr.running++ == 0) runningStages_.insert({tr.end, e.stage});
                ++running_;
                break;
            case 2:
                active_.insert(e.stage);
                if (!tr.timesUnknown && (tr.firstLaunch < 0 || tr.firstLaunch > e.t))
                    waiting_.insert({tr.submit, e.stage});
                break;
            case 3:
                waiting_.erase({tr.submit, e.stage});
                break;
            case 4:
                active_.erase(e.stage);
                waiting_.erase({tr.submit, e.stage});
                break;
        }
    }

    int64_t nextCoreChange(int64_t at) const {
        const auto it = std::upper_bound(coreChanges_.begin(), coreChanges_.end(), at);
        return it == coreChanges_.end() ? -1 : *it;
    }

    void emit(int64_t a, int64_t b, std::vector<Slice>& out) {
        const int64_t cores = ctx_.cores.coresAt(a);
        Slice::Cause cause = Slice::Cause::DriverInJob;
        size_t stage = SIZE_MAX;
        // Cores inferred from the tasks (no ExecutorAdded) say nothing about executors before
        // the first task: a stage waiting then is a stage wait, not a wait for executors.
        if (cores == 0 && !ctx_.cores.empty() && running_ == 0 &&
            !ctx_.model.derived.totals.coresInferred) {
            cause = Slice::Cause::WaitingForExecutors;
        } else if (running_ == 0) {
            if (!waiting_.empty()) {
                cause = Slice::Cause::StageWait;
                stage = waiting_.begin()->second;
            } else {
                for (size_t s : active_)
                    if (tracks_[s].pendingAt(a) > 0) {
                        cause = Slice::Cause::IdleSlots;
                        stage = s;
                        break;
                    }
            }
        } else {
            stage = std::prev(runningStages_.end())->second;  // the running stage that ends last
            const bool pending = tracks_[stage].pendingAt(a) > 0;
            if (pending && running_ < cores)
                cause = Slice::Cause::IdleSlots;
            else if (!pending && int64_t(running_) * 2 < cores &&
                     int64_t(tracks_[stage].firstLaunches.size()) * 2 >= cores)
                cause = Slice::Cause::StragglerTail;  // a wide stage down to its last tasks
            else
                cause = Slice::Cause::StageRunning;
        }
        const double len = double(b - a);
        if (!out.empty() && out.back().endMs == a && out.back().cause == cause &&
            out.back().stageIndex == stage) {
            out.back().endMs = b;
        } else {
            Slice s;
            s.cause = cause;
            s.startMs = a;
            s.endMs = b;
            s.stageIndex = stage;
            if (stage != SIZE_MAX) s.stage = {m_.stages[stage].stageId, m_.stages[stage].attemptId};
            out.push_back(std::move(s));
        }
        Slice& s = out.back();
        s.taskMs += double(running_) * len;
        s.coreMs += double(cores) * len;
        for (const auto& [end, other] : runningStages_)
            if (other != stage) {
                const StageKey k{m_.stages[other].stageId, m_.stages[other].attemptId};
                if (std::find(s.concurrent.begin(), s.concurrent.end(), k) == s.concurrent.end())
                    s.concurrent.push_back(k);
            }
    }

    const DiagnosisContext& ctx_;
    const EventLogModel& m_;
    std::vector<StageTrack> tracks_;
    std::vector<Event> events_;
    size_t next_ = 0;
    int running_ = 0;
    std::set<std::pair<int64_t, size_t>> runningStages_, waiting_;
    std::set<size_t> active_;
    std::vector<int64_t> coreChanges_;  // times the live cores change, sorted
};

// A short in-job gap (a few ms of scheduling between stages, a brief idle moment) is part of
// the slice before it: slices stay few and each one means something.
int64_t minimumMs(const DiagnosisContext& ctx, const Slice& s) {
    switch (s.cause) {
        case Slice::Cause::IdleSlots:
        case Slice::Cause::StragglerTail: {
            int64_t stageMs = 0;
            for (const StageFacts& f : ctx.stages)
                if (f.stageIndex == s.stageIndex) stageMs = f.durationMs;
            return std::max<int64_t>(1000, stageMs / 20);
        }
        case Slice::Cause::StageWait:
        case Slice::Cause::DriverInJob:
        case Slice::Cause::WaitingForExecutors:
            return 1000;
        default:
            return 0;
    }
}

void absorbShortSlices(const DiagnosisContext& ctx, std::vector<Slice>& v) {
    std::vector<Slice> out;
    for (Slice& s : v) {
        const bool merge = !out.empty() && out.back().endMs == s.startMs && !out.back().isDriver() &&
                           !s.isDriver();
        if (merge && s.durationMs() < minimumMs(ctx, s)) {
            Slice& prev = out.back();
            prev.endMs = s.endMs;
            prev.taskMs += s.taskMs;
            prev.coreMs += s.coreMs;
            for (const StageKey& k : s.concurrent)
                if (std::find(prev.concurrent.begin(), prev.concurrent.end(), k) ==
                    prev.concurrent.end())
                    prev.concurrent.push_back(k);
            continue;
        }
        if (merge && out.back().cause == s.cause && out.back().stageIndex == s.stageIndex) {
            out.back().endMs = s.endMs;
            out.back().taskMs += s.taskMs;
            out.back().coreMs += s.coreMs;
            continue;
        }
        out.push_back(std::move(s));
    }
    // A short gap at the very start of a job window has nothing before it: it joins the next.
    for (size_t i = 0; i + 1 < out.size(); ++i) {
        Slice& s = out[i];
        Slice& next = out[i + 1];
        if (s.isDriver() || next.isDriver() || s.endMs != next.startMs ||
            s.durationMs() >= minimumMs(ctx, s) || s.cause == Slice::Cause::StageRunning)
            continue;
        next.startMs = s.startMs;
        next.taskMs += s.taskMs;
        next.coreMs += s.coreMs;
        out.erase(out.begin() + ptrdiff_t(i));
        --i;
    }
    v = std::move(out);
}

void annotate(const DiagnosisContext& ctx, std::vector<Slice>& slices) {
    const EventLogModel& m = ctx.model;
    for (Slice& s : slices) {
        for (size_t j = 0; j < m.jobs.size(); ++j) {
            const JobSpan& js = m.derived.jobSpans[j];
            if (js.known() && js.startMs < s.endMs && js.endMs > s.startMs)
                s.jobs.push_back(m.jobs[j].id);
        }
        if (s.isDriver()) {
            s.coreMs = ctx.cores.coreMs(s.startMs, s.endMs);
            for (const SqlExecution& q : m.sqlExecutions)
                if (q.started && q.jobIds.empty() && q.startTime >= s.startMs &&
                    q.startTime < s.endMs)
                    s.sqlWithoutJobs.push_back(q.id);
        }
    }
}

}  // namespace

std::vector<Slice> attributeWallClock(const DiagnosisContext& ctx) {
    std::vector<Slice> out;
    if (ctx.wallMs <= 0) return out;
    const std::vector<Interval> windows = jobWindows(ctx);
    Sweep sweep(ctx);
    int64_t cursor = ctx.appStart;
    auto driver = [&](int64_t from, int64_t to, Slice::Cause cause) {
        if (to <= from) return;
        Slice s;
        s.cause = cause;
        s.startMs = from;
        s.endMs = to;
        out.push_back(std::move(s));
    };
    for (size_t i = 0; i < windows.size(); ++i) {
        driver(cursor, windows[i].first,
               i == 0 ? Slice::Cause::DriverBeforeFirstJob : Slice::Cause::DriverBetweenJobs);
        sweep.run(windows[i], out);
        cursor = windows[i].second;
    }
    driver(cursor, ctx.appEnd,
           windows.empty() ? Slice::Cause::DriverBeforeFirstJob : Slice::Cause::DriverAfterLastJob);
    absorbShortSlices(ctx, out);
    annotate(ctx, out);
    addTaskPhases(ctx, out);
    return out;
}

}  // namespace stagelight
