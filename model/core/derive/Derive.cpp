#include "derive/Derive.h"

#include <algorithm>

namespace stagelight {

void deriveFigures(EventLogModel& m) {
    Derived& d = m.derived;
    d = Derived{};
    d.span = deriveSpan(m);
    d.stageRows = deriveStageRows(m);
    d.stageTotals = deriveStageTotals(m);
    d.cores = deriveCoreTimeline(m);
    deriveLanes(m);
    for (size_t i = 0; i < m.sqlExecutions.size(); ++i)
        if (m.sqlExecutions[i].started) d.startedSqlExecutions.push_back(i);
    d.totals = deriveAppTotals(m);
    d.cachedRdds = deriveCachedRdds(m);
    d.ready = true;
}

AppSpan deriveSpan(const EventLogModel& m) {
    AppSpan span;
    const Application& app = m.application;
    if (app.startTime > 0) {
        span.startMs = app.startTime;
        span.startFrom = AppSpan::Start::ApplicationStart;
    } else {  // the earliest timestamped event
        int64_t first = -1;
        auto see = [&](int64_t t) {
            if (t > 0 && (first < 0 || t < first)) first = t;
        };
        for (const Job& j : m.jobs) see(j.submissionTime);
        for (const StageAttempt& s : m.stages) see(s.submissionTime);
        for (size_t r = 0; r < m.tasks.size(); ++r) see(m.tasks.get(r, TaskField::LaunchTime));
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
    if (app.sawApplicationEnd && app.endTime > 0) {
        span.endMs = app.endTime;
        span.endFrom = AppSpan::End::ApplicationEnd;
    } else if (app.lastEventTime > 0) {
        span.endMs = app.lastEventTime;
        span.endFrom = AppSpan::End::LastEvent;
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
