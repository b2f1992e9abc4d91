// When each job ran (model/Derived.h, JobSpan), with the job's stages standing in for the times
// its events lack.
#include <algorithm>

#include "derive/Derive.h"

namespace stagelight {

namespace {

struct Activity {
    int64_t first = -1, last = -1;
    void see(int64_t t, const AppSpan& span) {
        if (t <= 0 || !span.plausible(t)) return;
        if (first < 0 || t < first) first = t;
        last = std::max(last, t);
    }
};

// The earliest and latest time anything of a job's stages happened.
Activity stageActivity(const EventLogModel& m, const Job& job) {
    const Derived& d = m.derived;
    const TaskTable& t = m.tasks;
    Activity a;
    for (int32_t id : job.stageIds)
        for (auto it = m.stageIndex.lower_bound({id, INT32_MIN});
             it != m.stageIndex.end() && it->first.first == id; ++it) {
            const StageAttempt& s = m.stages[it->second];
            a.see(s.submissionTime, d.span);
            a.see(s.completionTime, d.span);
            for (uint32_t r : d.stageRows.rows(it->second)) {
                a.see(m.taskLaunch(r), d.span);
                if (t.hasFlag(r, kFinished)) a.see(m.taskFinish(r), d.span);
            }
        }
    return a;
}

std::string jobList(const std::vector<int32_t>& ids) {
    std::string s;
    for (size_t i = 0; i < ids.size() && i < 8; ++i) s += (i ? ", " : "") + std::to_string(ids[i]);
    if (ids.size() > 8) s += " and " + std::to_string(ids.size() - 8) + " more";
    return s;
}

}  // namespace

std::vector<JobSpan> deriveJobSpans(const EventLogModel& m, std::vector<LogQualityNote>& notes) {
    const AppSpan& span = m.derived.span;
    const bool finished = m.application.sawApplicationEnd || !m.source.inProgress;
    std::vector<JobSpan> out(m.jobs.size());
    std::vector<int32_t> noSubmission, noEnd;
    for (size_t i = 0; i < m.jobs.size(); ++i) {
        const Job& job = m.jobs[i];
        JobSpan& js = out[i];
        const bool hasStart = job.submissionTime > 0 && span.plausible(job.submissionTime);
        const bool hasEnd = job.completionTime > 0 && span.plausible(job.completionTime);
        const Activity a = (hasStart && hasEnd) ? Activity{} : stageActivity(m, job);
        js.startMs = hasStart ? job.submissionTime : a.first;
        js.startFromStages = !hasStart;
        if (hasEnd) {
            js.endMs = job.completionTime;
        } else {
            js.endFromStages = true;
            js.endMs = finished ? a.last : span.endMs;
        }
        if (js.startMs >= 0 && span.known()) {
            js.startMs = std::clamp(js.startMs, span.startMs, span.endMs);
            js.endMs = std::clamp(std::max(js.endMs, js.startMs), js.startMs, span.endMs);
        }
        if (job.started && !hasStart) noSubmission.push_back(job.id);
        if (job.started && !hasEnd && finished) noEnd.push_back(job.id);
    }
    if (!noSubmission.empty())
        notes.push_back({LogQualityNote::Kind::MissingJobTimes,
                         "JobStart of job" + std::string(noSubmission.size() == 1 ? " " : "s ") +
                             jobList(noSubmission) +
                             " has no Submission Time: the first submission or task launch of "
                             "its stages stands in",
                         int64_t(noSubmission.size())});
    if (!noEnd.empty())
        notes.push_back({LogQualityNote::Kind::MissingJobTimes,
                         "job" + std::string(noEnd.size() == 1 ? " " : "s ") + jobList(noEnd) +
                             (noEnd.size() == 1 ? " has" : " have") +
                             " no JobEnd (or one without Completion Time) in a finished log: "
                             "each ends with the last activity of its stages",
                         int64_t(noEnd.size())});
    return out;
}

}  // namespace stagelight
