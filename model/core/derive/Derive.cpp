#include "derive/Derive.h"
#include "text/Format.h"

#include <algorithm>
#include <ctime>

namespace stagelight {

void deriveFigures(EventLogModel& m) {
    Derived& d = m.derived;
    d = Derived{};
    d.stageRows = deriveStageRows(m);
    d.rowTimeOffset = deriveRelativeTaskTimes(m, d.logQuality);
    d.span = deriveSpan(m, d.logQuality);
    d.jobSpans = deriveJobSpans(m, d.logQuality);
    d.stageTotals = deriveStageTotals(m);
    bool coresInferred = false;
    d.cores = deriveCoreTimeline(m, coresInferred, d.logQuality);
    deriveLanes(m);
    for (size_t i = 0; i < m.sqlExecutions.size(); ++i)
        if (m.sqlExecutions[i].started) d.startedSqlExecutions.push_back(i);
    d.totals = deriveAppTotals(m);
    d.totals.coresInferred = coresInferred;
    int64_t unstarted = 0;
    for (const StageTotals& st : d.stageTotals) unstarted += st.unstartedTasks;
    if (unstarted > 0)
        d.logQuality.push_back(
            {LogQualityNote::Kind::TasksWithoutStart,
             std::to_string(unstarted) + " TaskEnd event" + (unstarted == 1 ? "" : "s") +
                 " have no TaskStart in the log: the History Server leaves their metrics out of "
                 "its stage totals (and `stagelight rest` does too); Stagelight's views count them",
             unstarted});
    d.cachedRdds = deriveCachedRdds(m);
    d.ready = true;
}

namespace {

constexpr int64_t kOutlierMs = int64_t(30) * 24 * 3600 * 1000;  // 30 days from the median

// Every positive timestamp of the log's entities (task times as the log wrote them).
std::vector<int64_t> allTimes(const EventLogModel& m, bool withTasks) {
    std::vector<int64_t> v;
    auto see = [&](int64_t t) {
        if (t > 0) v.push_back(t);
    };
    see(m.application.startTime);
    see(m.application.endTime);
    for (const Job& j : m.jobs) {
        see(j.submissionTime);
        see(j.completionTime);
    }
    for (const StageAttempt& s : m.stages) {
        see(s.submissionTime);
        see(s.completionTime);
    }
    for (size_t r = 0; withTasks && r < m.tasks.size(); ++r) {
        see(m.tasks.get(r, TaskField::LaunchTime));
        if (m.tasks.hasFlag(r, kFinished)) see(m.tasks.get(r, TaskField::FinishTime));
    }
    for (const Executor& e : m.executors) {
        see(e.addTime);
        see(e.removeTime);
        see(e.blockManagerAddTime);
        see(e.blockManagerRemoveTime);
    }
    for (const SqlExecution& q : m.sqlExecutions) {
        see(q.startTime);
        see(q.endTime);
    }
    return v;
}

std::string dateText(int64_t epochMs) {
    return formatUtc(epochMs, "%Y-%m-%d");
}

}  // namespace

AppSpan deriveSpan(const EventLogModel& m, std::vector<LogQualityNote>& notes) {
    AppSpan span;
    // The median of the entities' times (tasks' only when nothing else has a time: hand-written
    // logs may time their tasks from 0 while the rest is in epoch ms).
    std::vector<int64_t> times = allTimes(m, false);
    if (times.empty()) times = allTimes(m, true);
    if (!times.empty()) {
        std::nth_element(times.begin(), times.begin() + ptrdiff_t(times.size() / 2), times.end());
        const int64_t median = times[times.size() / 2];
        span.saneFromMs = median > kOutlierMs ? median - kOutlierMs : 0;
        span.saneToMs = median < INT64_MAX - kOutlierMs ? median + kOutlierMs : INT64_MAX;
    }
    const auto sane = [&](int64_t t) { return t > 0 && span.plausible(t); };
    times = allTimes(m, true);
    int64_t outliers = 0, outlierFrom = -1;
    for (int64_t t : times)
        if (!span.plausible(t)) {
            ++outliers;
            if (outlierFrom < 0 || t < outlierFrom) outlierFrom = t;
        }
    if (outliers > 0)
        notes.push_back({LogQualityNote::Kind::OutlierTimestamps,
                         std::to_string(outliers) + " timestamp" + (outliers == 1 ? "" : "s") +
                             " lie more than 30 days from the rest of the log (the first on " +
                             dateText(outlierFrom) + ", the log's events are around " +
                             dateText(span.saneFromMs + (span.saneToMs - span.saneFromMs) / 2) +
                             "): they are left out of the wall clock and the timelines",
                         outliers});

    // Negative times are absurd too (-1 aside: Spark's "not set"); they are never plausible, and
    // are clamped wherever they are drawn.
    int64_t negative = 0, mostNegative = 0;
    auto seeNegative = [&](int64_t t) {
        if (t >= -1) return;
        ++negative;
        mostNegative = std::min(mostNegative, t);
    };
    for (const Job& j : m.jobs) {
        seeNegative(j.submissionTime);
        seeNegative(j.completionTime);
    }
    for (const StageAttempt& s : m.stages) {
        seeNegative(s.submissionTime);
        seeNegative(s.completionTime);
    }
    for (size_t r = 0; r < m.tasks.size(); ++r) {
        seeNegative(m.tasks.get(r, TaskField::LaunchTime));
        if (m.tasks.hasFlag(r, kFinished)) seeNegative(m.tasks.get(r, TaskField::FinishTime));
    }
    if (negative > 0)
        notes.push_back(
            {LogQualityNote::Kind::OutlierTimestamps,
             std::to_string(negative) + " timestamp" + (negative == 1 ? " is" : "s are") +
                 " negative (down to " + std::to_string(mostNegative) +
                 " ms): they are left out of the wall clock and clamped in the timelines",
             negative});

    const Application& app = m.application;
    if (sane(app.startTime)) {
        span.startMs = app.startTime;
        span.startFrom = AppSpan::Start::ApplicationStart;
    } else {  // the earliest plausible timestamped event
        int64_t first = -1;
        auto see = [&](int64_t t) {
            if (sane(t) && (first < 0 || t < first)) first = t;
        };
        for (const Job& j : m.jobs) see(j.submissionTime);
        for (const StageAttempt& s : m.stages) see(s.submissionTime);
        for (size_t r = 0; r < m.tasks.size(); ++r) see(m.taskLaunch(r));
        for (const Executor& e : m.executors) {
            see(e.addTime);
            see(e.blockManagerAddTime);
        }
        for (const SqlExecution& q : m.sqlExecutions) see(q.startTime);
        if (first > 0) {
            span.startMs = first;
            span.startFrom = AppSpan::Start::FirstEvent;
        }
    }
    if (app.sawApplicationEnd && sane(app.endTime)) {
        span.endMs = app.endTime;
        span.endFrom = AppSpan::End::ApplicationEnd;
    } else {
        int64_t last = -1;
        for (int64_t t : times)
            if (sane(t)) last = std::max(last, t);
        if (last > 0) {
            span.endMs = last;
            span.endFrom = AppSpan::End::LastEvent;
        }
    }
    return span;
}

AppTotals deriveAppTotals(const EventLogModel& m) {
    const Derived& d = m.derived;
    AppTotals t;
    for (const Job& j : m.jobs) t.jobs += j.started ? 1 : 0;
    for (const StageAttempt& s : m.stages) t.stageAttempts += (s.submitted || s.completed) ? 1 : 0;
    const TaskTable& tasks = m.tasks;
    for (size_t r = 0; r < tasks.size(); ++r) {
        if (!tasks.hasFlag(r, kFinished)) continue;
        const EndReason reason = tasks.endReason(r);
        if (reason == EndReason::Resubmitted) {
            ++t.resubmittedTasks;
            continue;
        }
        ++t.tasks;
        if (reason != EndReason::Success) ++t.failedTasks;
        if (!t.driverRunsTasks &&
            m.strings.view(StrId(tasks.get(r, TaskField::ExecutorId))) == "driver")
            t.driverRunsTasks = true;
    }
    // Every ExecutorAdded: in local mode the driver is the one executor and runs the tasks.
    for (const Executor& e : m.executors)
        if (e.added) {
            ++t.executors;
            t.executorCores += std::max(0, e.totalCores);
        }
    t.peakCores = d.cores.maxCores();
    t.sqlExecutions = int64_t(d.startedSqlExecutions.size());
    for (const SqlExecution& q : m.sqlExecutions) t.sqlWithoutStart += q.started ? 0 : 1;
    for (const StageTotals& st : d.stageTotals) t.metrics.add(st.metrics);
    return t;
}

}  // namespace stagelight
