// failed-stages: stage attempts that failed, as incidents. A job that ended JobFailed is one
// incident with one cause: a lost executor (ExecutorLostFailure, FetchFailed, Resubmitted map
// outputs before the application ended), the driver stopping SparkContext with the job in
// flight (Spark's "cancelled because SparkContext was shut down"; failures after that are side
// effects), a cancellation (job-cancelled), or the job's own failure (job-failed, critical
// whatever its share: no result was produced). Its cost is the job's span: that wall clock
// produced nothing. A failed attempt the job survived (a stage re-run after a fetch failure)
// costs its own run and the re-runs of the map output it lost.
#include <map>

#include "diagnosis/rules/Failures.h"

namespace stagelight::rules {
namespace {

struct JobFacts {
    const StageAttempt* failed = nullptr;  // the attempt that ended the job
    int64_t lostBeforeEnd = 0, resubmitted = 0, codeFailures = 0;
    int64_t maxTries = 0;  // attempts of the most-tried task index
    ErrorGroups errors;
    std::vector<std::string> lostExecutors;
    std::vector<int64_t> taskIds;
    size_t failedAttempts = 0;
};

JobFacts jobFacts(const RuleInput& in, const Job& job) {
    const EventLogModel& m = in.ctx.model;
    const TaskTable& t = m.tasks;
    const int64_t end = m.application.sawApplicationEnd ? in.ctx.appEnd : INT64_MAX;
    JobFacts out;
    for (size_t i = 0; i < m.stages.size(); ++i) {
        const StageAttempt& s = m.stages[i];
        if (!inJob(s, job)) continue;
        if (s.hasFailureReason && (!out.failed || s.completionTime >= out.failed->completionTime))
            out.failed = &s;
        std::map<int64_t, int64_t> tries;
        for (uint32_t r : m.derived.stageRows.rows(i)) {
            const EndReason reason = t.endReason(r);
            if (reason == EndReason::Resubmitted) {
                ++out.resubmitted;
                continue;
            }
            if (!failedAttempt(t, r)) continue;
            out.maxTries = std::max(out.maxTries, ++tries[t.get(r, TaskField::Index)]);
            if (++out.failedAttempts <= kEvidenceTasks)
                out.taskIds.push_back(t.get(r, TaskField::TaskId));
            const bool beforeEnd = m.taskFinish(r) < end;
            out.errors.add(t, r);
            if (executorLoss(reason) && beforeEnd) {
                ++out.lostBeforeEnd;
                const TaskFailure* f = t.failure(r);
                const std::string id = !f ? ""
                                       : reason == EndReason::FetchFailed
                                           ? f->blockManagerExecutorId
                                           : f->lostExecutorId;
                if (!id.empty() && std::find(out.lostExecutors.begin(), out.lostExecutors.end(),
                                             id) == out.lostExecutors.end())
                    out.lostExecutors.push_back(id);
            } else if (!executorLoss(reason)) {
                ++out.codeFailures;
            }
        }
    }
    return out;
}

// Why a failing task got one try: local mode's default, or the setting.
std::string triesNote(const RuleInput& in) {
    if (const auto v = sparkConf(in, "spark.task.maxFailures"))
        return " (spark.task.maxFailures=" + *v + ")";
    return in.ctx.localMode ? " (local mode tries each task once unless the master is local[N,F])"
                            : std::string();
}

std::string stageName(const StageAttempt& s) {
    return StageKey{s.stageId, s.attemptId}.label() + (s.name.empty() ? "" : " (" + s.name + ")");
}

Finding jobIncident(const RuleInput& in, const Job& job, const JobSpan& span, const JobFacts& jf) {
    const Application& app = in.ctx.model.application;
    const bool lost =
        jf.lostBeforeEnd > 0 ||
        (jf.failed && jf.failed->failureReason.find("FetchFailed") != std::string::npos);
    const bool shutdown =
        shutdownText(job.failureMessage) || (jf.failed && shutdownText(jf.failed->failureReason));
    // SparkContext.cancelJobGroup / cancelAllJobs / the UI: "Job 3 cancelled …".
    const bool cancelled = !shutdown && job.failureMessage.find("cancelled") != std::string::npos;
    const std::string jobName = "Job " + std::to_string(job.id);
    const int64_t from = std::max(span.startMs, in.ctx.appStart);
    const int64_t to = std::min(span.endMs, in.ctx.appEnd);
    Finding f;
    f.id = "failed-stages:job-" + std::to_string(job.id);
    if (jf.failed) f.stage = {jf.failed->stageId, jf.failed->attemptId};
    const std::string where = jf.failed ? stageName(*jf.failed) : std::string("its stages");
    const std::string reason =
        jf.failed ? firstLine(jf.failed->failureReason) : firstLine(job.failureMessage);
    std::vector<Evidence> lostEvidence;
    const std::string ran = " It ran " + formatDuration(std::max<int64_t>(0, to - from)) +
                            " (from " + sinceStart(in, from) + ") and produced no result.";
    if (lost) {
        f.cause = "executor-lost-incident";
        f.title = jobName + " lost its executors: " + where + " failed";
        // Each lost executor with its ExecutorRemoved time and reason where the log has them.
        std::vector<std::string> named;
        for (const std::string& id : jf.lostExecutors) {
            const Executor* e = in.ctx.model.executor(id);
            std::string s = id;
            if (e && e->removeTime >= in.ctx.appStart && e->removeTime <= in.ctx.appEnd)
                s += " (removed at " + sinceStart(in, e->removeTime) +
                     (firstLine(e->removeReason, 120).empty()
                          ? ""
                          : ": " + firstLine(e->removeReason, 120)) +
                     ")";
            named.push_back(s);
            lostEvidence.push_back(Evidence::executor(id, "lost during the job"));
        }
        f.detail = "One incident: " +
                   (named.empty()
                        ? std::string("executors were lost (the log does not name them)")
                        : std::string(named.size() == 1 ? "executor " : "executors ") +
                              joinIds(named) + (named.size() == 1 ? " was" : " were") + " lost") +
                   " while the job ran";
        if (jf.resubmitted > 0)
            f.detail += "; " +
                        countText(jf.resubmitted, "map task that had succeeded was",
                                  "map tasks that had succeeded were") +
                        " resubmitted because their output was lost with them";
        f.detail += "; the failed attempts: " + jf.errors.text() + ".";
        if (!reason.empty()) f.detail += " " + capitalized(where) + " failed: " + reason + ".";
        if (shutdown) f.detail += " SparkContext was then shut down with the job in flight.";
        f.detail += ran;
        f.fix = lostExecutorFix(in);
        f.minSeverity = Severity::Critical;  // the job produced nothing
    } else if (shutdown) {
        f.cause = "shutdown-side-effect";
        f.title =
            jobName + " was cut off by the shutdown: SparkContext stopped while " + where + " ran";
        f.detail =
            (app.sawApplicationEnd ? "ApplicationEnd came at " + sinceStart(in, in.ctx.appEnd)
                                   : std::string("The driver stopped")) +
            " with the job in flight; Spark cancelled it" +
            (job.failureMessage.empty() ? std::string(".")
                                        : " (\"" + firstLine(job.failureMessage, 120) + "\").");
        if (!jf.errors.empty())
            f.detail += " The failed attempts (" + jf.errors.text() +
                        ") are side effects of the shutdown, not errors of the job.";
        f.detail += ran;
        f.minSeverity = Severity::Critical;  // a result was not produced
        f.fix =
            "Let the job finish before the application stops: find what stopped the driver "
            "(an early spark.stop() or System.exit, a shutdown hook, a killed driver or an "
            "idle timeout of the notebook or cluster)";
    } else if (cancelled) {
        f.cause = "job-cancelled";
        f.title = jobName + " was cancelled while " + where + " ran";
        f.detail = "Spark cancelled the job: \"" + firstLine(job.failureMessage, 160) + "\".";
        if (!jf.errors.empty()) f.detail += " The attempts it stopped: " + jf.errors.text() + ".";
        f.detail += ran;
        f.minSeverity = Severity::Warning;  // usually meant, but its result is missing
        f.fix =
            "Someone or something cancelled it (a job group, the UI's kill link, a notebook "
            "interrupt or a timeout): if that was not meant, find who; its time was spent "
            "for nothing";
    } else {
        f.cause = "job-failed";
        // Critical whatever its share, and ranked at least at the critical share (Analyzer).
        f.minSeverity = Severity::Critical;
        f.title = jobName + " failed: " + where + " aborted it";
        f.detail = reason.empty() ? "The job ended JobFailed."
                                  : capitalized(where) + " failed: " + reason + ".";
        if (!jf.errors.empty()) {
            f.detail += " Failed attempts: " + jf.errors.text() + ".";
            f.detail += jf.maxTries > 1
                            ? " Each failing task was tried up to " + std::to_string(jf.maxTries) +
                                  " times, every try failed the same way."
                            : " No task was tried again" + triesNote(in) + ".";
        }
        f.detail += ran;
        f.fix = jf.codeFailures > 0
                    ? std::string(
                          "Fix the error the tasks raise (its stack is in the failed "
                          "attempts)") +
                          (jf.maxTries > 1 ? "; every retry failed the same way, so more retries "
                                             "cannot help"
                                           : "")
                : reason.empty() ? std::string(
                                       "Find why the job was aborted: the log gives no reason, the "
                                       "driver's log has it")
                                 : "Remove the cause the failure reason names";
    }
    f.costMethod = "the failed job's span: wall clock that produced no result";
    claimWindow(f, in, from, to);
    if (jf.failed)
        f.evidence.push_back(
            Evidence::stage(jf.failed->stageId, jf.failed->attemptId, "the failed attempt"));
    f.evidence.push_back(appWindow(in, from, to, "the job's run"));
    if (jf.failed && !jf.taskIds.empty())
        f.evidence.push_back(Evidence::tasks(
            jf.failed->stageId, jf.failed->attemptId, jf.taskIds,
            listedNote("failed attempts", jf.taskIds.size(), jf.failedAttempts, "first")));
    f.evidence.insert(f.evidence.end(), lostEvidence.begin(), lostEvidence.end());
    return f;
}

struct JobIncident {
    Finding finding;
    std::string key;  // cause and the failures' kind: jobs with the same key are one incident
    int32_t job = 0;
};

int64_t askedOf(const Finding& f) {
    int64_t ms = 0;
    for (const SliceClaim& c : f.claims) ms += c.ms;
    return ms;
}

// Jobs that failed the same way (a query run again, jobs cut off by one shutdown) are one
// finding: the longest one's, claiming every job's span, naming the others.
void mergeJobs(std::vector<JobIncident>& jobs, std::vector<Finding>& out) {
    std::map<std::string, std::vector<JobIncident*>> groups;
    for (JobIncident& j : jobs) groups[j.key].push_back(&j);
    for (JobIncident& j : jobs) {
        auto& group = groups[j.key];
        if (group.empty()) continue;
        JobIncident* longest = *std::max_element(
            group.begin(), group.end(), [](const JobIncident* a, const JobIncident* b) {
                return askedOf(a->finding) < askedOf(b->finding);
            });
        Finding f = std::move(longest->finding);
        if (group.size() > 1) {
            std::vector<std::string> ids;
            for (JobIncident* g : group) {
                ids.push_back(std::to_string(g->job));
                if (g != longest)
                    f.claims.insert(f.claims.end(), g->finding.claims.begin(),
                                    g->finding.claims.end());
            }
            f.title = "Jobs " + joinIds(ids) + " ended the same way; the longest: " + f.title;
            f.detail = countText(int64_t(group.size()), "job", "jobs") + " ended the same way; " +
                       "the longest, job " + std::to_string(longest->job) + ": " + f.detail;
            f.costMethod += ", for each of them";
        }
        out.push_back(std::move(f));
        group.clear();
    }
}

}  // namespace

RuleDef failedStagesRule() {
    RuleDef r;
    r.name = "failed-stages";
    r.checks = "jobs that failed and stage attempts that failed, one incident each";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        std::vector<JobIncident> jobs;
        for (size_t j = 0; j < m.jobs.size() && j < m.derived.jobSpans.size(); ++j) {
            const Job& job = m.jobs[j];
            const JobSpan& span = m.derived.jobSpans[j];
            if (!jobFailed(job) || !span.known()) continue;
            const JobFacts jf = jobFacts(in, job);
            Finding f = jobIncident(in, job, span, jf);
            std::string key =
                f.cause + "|" +
                (jf.errors.empty() ? firstLine(job.failureMessage, 80) : jf.errors.primary());
            jobs.push_back({std::move(f), std::move(key), job.id});
        }
        mergeJobs(jobs, out);
        // Failed attempts of stages whose jobs went on: a re-run stage.
        for (const StageFacts& s : in.ctx.stages) {
            const StageAttempt& a = m.stages[s.stageIndex];
            if (!a.hasFailureReason || inFailedJob(m, a)) continue;
            const std::string reason = firstLine(a.failureReason, 300);
            const bool fetch = a.failureReason.find("FetchFailed") != std::string::npos ||
                               a.failureReason.find("etch failed") != std::string::npos;
            Finding f;
            f.id = "failed-stages:stage-" + stageId(s.stageId, s.attemptId);
            f.stage = {s.stageId, s.attemptId};
            f.cause = fetch ? "executor-lost-incident" : "stage-retry";
            f.title = capitalized(in.ctx.stageLabel(s)) + " failed and was run again";
            f.detail = "The attempt ran " + formatDuration(s.durationMs) +
                       " and failed: " + reason + ". The next attempt redid its work.";
            claimAll(f, in, stageSlices(in, f.stage));
            // After a fetch failure Spark re-runs the parent stages whose output was lost: their
            // re-run attempts belong to the incident.
            std::vector<std::string> reruns;
            for (const StageFacts& p : in.ctx.stages) {
                const auto& parents = a.parentIds;
                if (!fetch || p.attemptId == 0 || p.start < s.start ||
                    std::find(parents.begin(), parents.end(), p.stageId) == parents.end())
                    continue;
                claimAll(f, in, stageSlices(in, {p.stageId, p.attemptId}));
                reruns.push_back(StageKey{p.stageId, p.attemptId}.label() + " (" +
                                 formatDuration(p.durationMs) + ")");
                f.evidence.push_back(
                    Evidence::stage(p.stageId, p.attemptId, "re-run of lost map output"));
            }
            if (!reruns.empty())
                f.detail += " The lost map output was recomputed by " + joinIds(reruns) + ".";
            f.costMethod =
                "the failed attempt's run (redone by the next attempt) and the re-runs "
                "of the parent stages whose output was lost";
            f.fix = fetch ? lostExecutorFix(in)
                          : "Remove the cause named in the failure reason so the stage runs once";
            f.evidence.insert(f.evidence.begin(),
                              {Evidence::stage(s.stageId, s.attemptId),
                               appWindow(in, s.start, s.end, "the failed attempt")});
            f.evidence[1].stageId = s.stageId;
            f.evidence[1].stageAttemptId = s.attemptId;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
