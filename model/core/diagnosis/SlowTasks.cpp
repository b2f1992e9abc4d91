#include "diagnosis/SlowTasks.h"

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <set>

#include "figures/TaskPhases.h"
#include "model/Numeric.h"

namespace stagelight {

std::string_view slowCauseId(SlowTaskGroup::Cause c) {
    switch (c) {
        case SlowTaskGroup::Cause::ShuffleSkew:
            return "shuffle-skew";
        case SlowTaskGroup::Cause::InputSkew:
            return "input-skew";
        case SlowTaskGroup::Cause::CacheMiss:
            return "cache-miss";
        case SlowTaskGroup::Cause::ColdExecutor:
            return "cold-executor";
        case SlowTaskGroup::Cause::WarmUp:
            return "warm-up";
        case SlowTaskGroup::Cause::DriverWait:
            return "driver-stall";
        case SlowTaskGroup::Cause::Straggler:
            break;
    }
    return "straggler";
}

namespace {

constexpr double kOutlierRatio = 3;
constexpr int64_t kOutlierMinMs = 1000;
constexpr int64_t kSkewFloorBytes = int64_t(8) << 20;
constexpr int64_t kColdExecutorMs = 10000;

int64_t median(std::vector<int64_t> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
}

int maxConcurrency(const DiagnosisContext& ctx, const StageFacts& s) {
    std::vector<std::pair<int64_t, int>> ev;
    for (uint32_t r : s.rows) {
        ev.emplace_back(ctx.model.taskLaunch(r), +1);
        ev.emplace_back(ctx.model.taskFinish(r), -1);
    }
    std::sort(ev.begin(), ev.end());
    int running = 0, peak = 0;
    for (const auto& [t, d] : ev) peak = std::max(peak, running += d);
    return std::max(1, peak);
}

int64_t makespan(std::vector<std::pair<int64_t, int64_t>> tasks, int slots) {  // (launch, ms)
    std::sort(tasks.begin(), tasks.end());
    std::priority_queue<int64_t, std::vector<int64_t>, std::greater<>> free;
    for (int i = 0; i < slots; ++i) free.push(0);
    int64_t end = 0;
    for (const auto& [launch, ms] : tasks) {
        const int64_t start = free.top();
        free.pop();
        free.push(start + ms);
        end = std::max(end, start + ms);
    }
    return end;
}

}  // namespace

int64_t replaySaving(const DiagnosisContext& ctx, const StageFacts& s, int slots,
                     const std::vector<uint32_t>& faster, const std::vector<int64_t>& newMs) {
    std::map<uint32_t, int64_t> fast;
    for (size_t i = 0; i < faster.size() && i < newMs.size(); ++i) fast[faster[i]] = newMs[i];
    std::vector<std::pair<int64_t, int64_t>> actual, fixed;
    for (uint32_t r : s.rows) {
        const int64_t launch = ctx.model.taskLaunch(r), ms = ctx.taskDuration(r);
        actual.emplace_back(launch, ms);
        const auto it = fast.find(r);
        fixed.emplace_back(launch, it != fast.end() ? std::min(ms, it->second) : ms);
    }
    const int64_t a = makespan(actual, slots), b = makespan(fixed, slots);
    if (a <= 0 || b >= a) return 0;
    return saturatingInt64(double(s.durationMs) * (1.0 - double(b) / double(a)));
}

int64_t replaySaving(const DiagnosisContext& ctx, const StageFacts& s, int slots,
                     const std::vector<uint32_t>& faster, int64_t newMs) {
    return replaySaving(ctx, s, slots, faster, std::vector<int64_t>(faster.size(), newMs));
}

SlowTaskGroup explainTail(const DiagnosisContext& ctx, const StageFacts& s, int64_t tailStartMs) {
    SlowTaskGroup g;
    const EventLogModel& m = ctx.model;
    const TaskTable& t = m.tasks;
    if (s.rows.size() < 4 || s.p50 <= 0) return g;
    const int64_t p90 = s.quantile(0.9);
    const int64_t dataCap = s.medianDataBytes + s.medianDataBytes / 2;
    std::vector<uint32_t> above;  // every task the replay caps
    for (uint32_t r : s.rows) {
        const int64_t d = ctx.taskDuration(r);
        if (t.endReason(r) != EndReason::Success || d <= p90) continue;
        above.push_back(r);
        if (m.taskFinish(r) <= tailStartMs) continue;
        if (s.medianDataBytes > 0 && taskDataBytes(t, r) > dataCap) return {};
        g.rows.push_back(r);
        g.longestMs = std::max(g.longestMs, d);
        g.excessMs += d - s.p50;
        g.dataBytes = std::max(g.dataBytes, taskDataBytes(t, r));
        const std::string host(m.strings.view(StrId(t.get(r, TaskField::Host))));
        if (std::find(g.hosts.begin(), g.hosts.end(), host) == g.hosts.end()) g.hosts.push_back(host);
    }
    if (g.rows.empty()) return g;
    std::sort(g.rows.begin(), g.rows.end(),
              [&](uint32_t a, uint32_t b) { return ctx.taskDuration(a) > ctx.taskDuration(b); });
    g.savingMs = replaySaving(ctx, s, maxConcurrency(ctx, s), above, p90);
    return g;
}

SlowTaskAnalysis explainSlowTasks(const DiagnosisContext& ctx, const StageFacts& s) {
    SlowTaskAnalysis out;
    const EventLogModel& m = ctx.model;
    const TaskTable& t = m.tasks;
    const int64_t now = m.application.lastEventTime;
    out.medianMs = s.p50;
    out.medianDataBytes = s.medianDataBytes;
    if (s.rows.size() < 4 || s.p50 <= 0) return out;
    out.slots = maxConcurrency(ctx, s);

    // The median task's phases, and how the stage's tasks read their input.
    std::array<std::vector<int64_t>, kTaskPhaseCount> phases;
    std::vector<int64_t> gc;
    int cached = 0, known = 0;
    for (uint32_t r : s.rows) {
        if (t.endReason(r) != EndReason::Success || !t.hasFlag(r, kHasMetrics)) continue;
        const auto ph = taskPhases(t, r, now);
        for (size_t i = 0; i < kTaskPhaseCount; ++i) phases[i].push_back(saturatingInt64(ph[i]));
        gc.push_back(t.get(r, TaskField::JvmGcTime));
        const auto how = ReadMethod(t.get(r, TaskField::InputReadMethod));
        if (how != ReadMethod::Unknown) ++known;
        if (how == ReadMethod::Memory || how == ReadMethod::Disk) ++cached;
    }
    std::array<int64_t, kTaskPhaseCount> medianPhase{};
    for (size_t i = 0; i < kTaskPhaseCount; ++i) medianPhase[i] = median(phases[i]);
    const int64_t medianGc = median(gc);
    const bool mostlyCached = known > 0 && cached * 2 >= known;
    const int64_t firstWaveUntil = s.start + std::max<int64_t>(100, s.p50 / 2);
    const bool laterWaves = double(s.rows.size()) > 1.5 * double(out.slots);

    std::map<SlowTaskGroup::Cause, SlowTaskGroup> groups;
    for (uint32_t r : s.rows) {
        const int64_t d = ctx.taskDuration(r);
        if (t.endReason(r) != EndReason::Success || d < kOutlierMinMs ||
            double(d) < kOutlierRatio * double(s.p50))
            continue;
        const int64_t excess = d - s.p50;
        const auto ph = taskPhases(t, r, now);
        auto phaseExcess = [&](TaskPhase p) {
            return std::max<int64_t>(0, saturatingInt64(ph[size_t(p)]) - medianPhase[size_t(p)]);
        };
        const int64_t data = taskDataBytes(t, r);
        const int64_t input = t.get(r, TaskField::InputBytesRead);
        const std::string_view executor = m.strings.view(StrId(t.get(r, TaskField::ExecutorId)));
        const Executor* e = m.executor(executor);
        const int64_t age = e && e->addTime > 0 ? m.taskLaunch(r) - e->addTime : -1;
        SlowTaskGroup::Cause cause = SlowTaskGroup::Cause::Straggler;
        int64_t named = 0;
        // More data: 3 × the median task's and either 8 MiB more or time growing with it (a
        // few KB more that also took the time are skew too; a few KB more in a slow task are not).
        const double dataRatio = double(data) / double(std::max<int64_t>(1, s.medianDataBytes));
        if (s.medianDataBytes > 0 && dataRatio >= 3.0 &&
            (data - s.medianDataBytes >= kSkewFloorBytes ||
             double(d) / double(s.p50) >= 0.5 * dataRatio)) {
            cause = input * 2 > data ? SlowTaskGroup::Cause::InputSkew
                                     : SlowTaskGroup::Cause::ShuffleSkew;
        } else if (mostlyCached && ReadMethod(t.get(r, TaskField::InputReadMethod)) == ReadMethod::Hadoop) {
            cause = SlowTaskGroup::Cause::CacheMiss;
        } else if (t.get(r, TaskField::ExecutorRunTime) > 0 &&  // else the delay is unknown
                   2.0 * double(named = phaseExcess(TaskPhase::SchedulerDelay)) >= double(excess)) {
            cause = SlowTaskGroup::Cause::DriverWait;
        } else if (age >= 0 && age < kColdExecutorMs &&
                   2.0 * double(
                             named = saturatingAdd(
                                 phaseExcess(TaskPhase::Deserialization),
                                 std::max<int64_t>(0, saturatingSub(t.get(r, TaskField::JvmGcTime),
                                                                    medianGc)))) >=
                       double(excess)) {
            cause = SlowTaskGroup::Cause::ColdExecutor;
        } else if (laterWaves && m.taskLaunch(r) <= firstWaveUntil) {
            cause = SlowTaskGroup::Cause::WarmUp;
        }
        SlowTaskGroup& g = groups[cause];
        g.cause = cause;
        g.rows.push_back(r);
        g.longestMs = std::max(g.longestMs, d);
        g.excessMs += excess;
        g.phaseExcessMs += named;
        g.dataBytes = std::max(g.dataBytes, data);
        if (cause == SlowTaskGroup::Cause::ColdExecutor &&
            (g.youngestExecutorAgeMs < 0 || age < g.youngestExecutorAgeMs))
            g.youngestExecutorAgeMs = age;
        if (cause == SlowTaskGroup::Cause::ColdExecutor)
            g.oldestExecutorAgeMs = std::max(g.oldestExecutorAgeMs, age);
        const std::string host(m.strings.view(StrId(t.get(r, TaskField::Host))));
        if (std::find(g.executors.begin(), g.executors.end(), executor) == g.executors.end())
            g.executors.emplace_back(executor);
        if (std::find(g.hosts.begin(), g.hosts.end(), host) == g.hosts.end()) g.hosts.push_back(host);
    }
    // Executors added while the stage ran can make most of its tasks cold, the median too: a
    // task launched on an executor under 10 s old that spent ≥ 1 s and half its time
    // deserializing beyond the tasks on older executors is cold whatever the median.
    std::vector<int64_t> warmDeser;
    std::set<uint32_t> grouped;
    for (const auto& [cause, g] : groups) grouped.insert(g.rows.begin(), g.rows.end());
    auto ageOf = [&](uint32_t r) {
        const Executor* e = m.executor(m.strings.view(StrId(t.get(r, TaskField::ExecutorId))));
        return e && e->addTime > 0 ? saturatingSub(m.taskLaunch(r), e->addTime) : int64_t(-1);
    };
    for (uint32_t r : s.rows)
        if (t.endReason(r) == EndReason::Success && ageOf(r) >= kColdExecutorMs)
            warmDeser.push_back(t.get(r, TaskField::ExecutorDeserializeTime));
    if (!warmDeser.empty()) {
        const int64_t warm = median(warmDeser);
        for (uint32_t r : s.rows) {
            if (grouped.count(r) || t.endReason(r) != EndReason::Success) continue;
            const int64_t age = ageOf(r), d = ctx.taskDuration(r);
            const int64_t extra = t.get(r, TaskField::ExecutorDeserializeTime) - warm;
            if (age < 0 || age >= kColdExecutorMs || extra < kOutlierMinMs || extra * 2 < d) continue;
            SlowTaskGroup& g = groups[SlowTaskGroup::Cause::ColdExecutor];
            g.cause = SlowTaskGroup::Cause::ColdExecutor;
            g.rows.push_back(r);
            g.longestMs = std::max(g.longestMs, d);
            g.excessMs += extra;
            g.phaseExcessMs += extra;
            if (g.youngestExecutorAgeMs < 0 || age < g.youngestExecutorAgeMs) g.youngestExecutorAgeMs = age;
            g.oldestExecutorAgeMs = std::max(g.oldestExecutorAgeMs, age);
            const std::string_view executor = m.strings.view(StrId(t.get(r, TaskField::ExecutorId)));
            if (std::find(g.executors.begin(), g.executors.end(), executor) == g.executors.end())
                g.executors.emplace_back(executor);
        }
    }
    // A warm-up is a wave, not one task: a lone first-wave outlier is a straggler.
    if (auto w = groups.find(SlowTaskGroup::Cause::WarmUp);
        w != groups.end() && double(w->second.rows.size()) < 0.5 * double(out.slots)) {
        SlowTaskGroup& g = groups[SlowTaskGroup::Cause::Straggler];
        g.cause = SlowTaskGroup::Cause::Straggler;
        for (uint32_t r : w->second.rows) g.rows.push_back(r);
        g.longestMs = std::max(g.longestMs, w->second.longestMs);
        g.excessMs += w->second.excessMs;
        g.hosts.insert(g.hosts.end(), w->second.hosts.begin(), w->second.hosts.end());
        g.executors.insert(g.executors.end(), w->second.executors.begin(), w->second.executors.end());
        groups.erase(w);
    }
    for (auto& [cause, g] : groups) {
        std::sort(g.rows.begin(), g.rows.end(), [&](uint32_t a, uint32_t b) {
            return ctx.taskDuration(a) > ctx.taskDuration(b);
        });
        // A cold task would lose its extra deserialization; any other its excess over the median.
        g.fixedMs.clear();
        const int64_t warmDeserMs = warmDeser.empty() ? 0 : median(warmDeser);
        for (uint32_t r : g.rows) {
            const int64_t d = ctx.taskDuration(r);
            g.fixedMs.push_back(
                cause == SlowTaskGroup::Cause::ColdExecutor && !warmDeser.empty()
                    ? std::max(s.p50 / 2, d - std::max<int64_t>(
                                                  0, t.get(r, TaskField::ExecutorDeserializeTime) - warmDeserMs))
                    : std::min(d, s.p50));
        }
        g.savingMs = replaySaving(ctx, s, out.slots, g.rows, g.fixedMs);
        out.groups.push_back(std::move(g));
    }
    std::sort(out.groups.begin(), out.groups.end(),
              [](const SlowTaskGroup& a, const SlowTaskGroup& b) { return a.savingMs > b.savingMs; });
    return out;
}

}  // namespace stagelight
