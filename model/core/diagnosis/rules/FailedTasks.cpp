// failed-tasks: task attempts that failed and were tried again, one finding per stage attempt,
// in stages whose job went on (a failed job is failed-stages' incident). The cause says where the
// failures came from: confined to some executors while others ran the successes (host-failures),
// lost executors (executor-lost-incident), or the task itself (task-retry). The cost is the
// longest chain of failed attempts of one task: each retry starts after the failure, so that
// chain is how much later the stage ended (sparkforensics' RETRY waste, on the critical path).
#include <map>
#include <set>

#include "diagnosis/rules/Failures.h"

namespace stagelight::rules {
namespace {

struct ExecutorSplit {
    std::set<std::string> failing, succeeding;  // executors with failed / successful attempts
    std::set<std::string> hosts;                // of the failing executors
    bool lostWithId = true;  // every failure is an executor loss that names its executor
};

ExecutorSplit split(const EventLogModel& m, const StageFacts& s) {
    const TaskTable& t = m.tasks;
    ExecutorSplit out;
    for (uint32_t r : s.rows) {
        const std::string exec(m.strings.view(StrId(t.get(r, TaskField::ExecutorId))));
        if (t.endReason(r) == EndReason::Success) out.succeeding.insert(exec);
        if (!failedAttempt(t, r)) continue;
        out.failing.insert(exec);
        out.hosts.insert(std::string(m.strings.view(StrId(t.get(r, TaskField::Host)))));
        const TaskFailure* f = t.failure(r);
        const bool named =
            f && (t.endReason(r) == EndReason::FetchFailed ? !f->blockManagerExecutorId.empty()
                                                           : !f->lostExecutorId.empty());
        out.lostWithId = out.lostWithId && executorLoss(t.endReason(r)) && named;
    }
    return out;
}

// Executors Spark excluded (blacklisted) for their failures, among `ids`.
std::vector<std::string> excluded(const EventLogModel& m, const std::set<std::string>& ids) {
    std::vector<std::string> out;
    for (const Executor& e : m.executors)
        if (ids.count(e.id))
            for (const ExclusionEvent& x : e.exclusions)
                if (x.excluded) {
                    out.push_back(e.id);
                    break;
                }
    return out;
}

std::string executorList(const std::set<std::string>& ids) {
    return std::string(ids.size() == 1 ? "executor " : "executors ") +
           joinIds(std::vector<std::string>(ids.begin(), ids.end()));
}

struct StageRetries {
    Finding finding;
    std::string key;  // cause and the failures' kind: stages with the same key are one incident
    int64_t failed = 0, unrecovered = 0, longestMs = 0;
};

// The same failure in several stages is one finding: the worst stage's, claiming every stage's
// delay, listing the others.
void mergeByCause(std::vector<StageRetries>& found, std::vector<Finding>& out) {
    std::map<std::string, std::vector<StageRetries*>> groups;
    for (StageRetries& r : found) groups[r.key].push_back(&r);
    for (StageRetries& r : found) {
        auto& group = groups[r.key];
        if (group.empty()) continue;  // merged into an earlier finding
        if (group.size() == 1) {
            out.push_back(std::move(r.finding));
            group.clear();
            continue;
        }
        StageRetries* worst = *std::max_element(group.begin(), group.end(),
                                                [](const StageRetries* a, const StageRetries* b) {
                                                    return a->longestMs < b->longestMs;
                                                });
        Finding f = worst->finding;
        int64_t failed = 0, unrecovered = 0;
        std::vector<std::string> others;
        for (StageRetries* g : group) {
            failed += g->failed;
            unrecovered += g->unrecovered;
            if (g == worst) continue;
            f.claims.insert(f.claims.end(), g->finding.claims.begin(), g->finding.claims.end());
            if (others.size() < 8) {
                others.push_back(g->finding.stage.label());
                f.evidence.push_back(Evidence::stage(g->finding.stage.stage,
                                                     g->finding.stage.attempt, "the same failure"));
            }
        }
        f.title = countText(failed, "task attempt", "task attempts") + " in " +
                  countText(int64_t(group.size()), "stage", "stages") +
                  (unrecovered == 0 ? " were retried and succeeded" : " failed") + ", worst in " +
                  f.stage.label();
        f.detail = "The same failure in " + countText(int64_t(group.size()), "stage", "stages") +
                   " (" + joinIds(others) + (group.size() - 1 > others.size() ? " and more" : "") +
                   " besides " + f.stage.label() + "). In " + f.stage.label() + ": " + f.detail;
        f.costMethod += ", in each stage";
        out.push_back(std::move(f));
        group.clear();
    }
}

}  // namespace

RuleDef failedTasksRule() {
    RuleDef r;
    r.name = "failed-tasks";
    r.checks = "task attempts that failed and were retried, by where the failures came from";
    r.defaults = {{"minFailed", 1}, {"promptRetryMs", 50}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        const TaskTable& t = m.tasks;
        std::vector<StageRetries> found;
        for (const StageFacts& s : in.ctx.stages) {
            const StageAttempt& a = m.stages[s.stageIndex];
            // A failed job is its incident, a failed attempt is failed-stages' (it is re-run).
            if (inFailedJob(m, a) || a.hasFailureReason) continue;
            const RetryChains chains = retryChains(in, s);
            if (chains.failed == 0 || double(chains.failed) < p["minFailed"]) continue;
            ErrorGroups errors;
            std::vector<int64_t> ids;
            size_t failedRows = 0;
            bool codeFailures = false;
            for (uint32_t row : s.rows)
                if (failedAttempt(t, row)) {
                    errors.add(t, row);
                    codeFailures = codeFailures || !executorLoss(t.endReason(row));
                    if (++failedRows <= kEvidenceTasks)
                        ids.push_back(t.get(row, TaskField::TaskId));
                }
            const ExecutorSplit ex = split(m, s);
            bool confined = !ex.failing.empty() && codeFailures;
            std::set<std::string> healthy;
            for (const std::string& e : ex.succeeding)
                if (!ex.failing.count(e)) healthy.insert(e);
            const std::vector<std::string> banned = excluded(m, ex.failing);
            for (const std::string& e : ex.failing)
                confined = confined && (!ex.succeeding.count(e) ||
                                        std::find(banned.begin(), banned.end(), e) != banned.end());
            confined = confined && !healthy.empty();

            Finding f;
            f.id = "failed-tasks:stage-" + stageId(s.stageId, s.attemptId);
            f.stage = {s.stageId, s.attemptId};
            const std::string label = in.ctx.stageLabel(s);
            const bool one = chains.failed == 1;
            const std::string outcome =
                chains.unrecovered == 0
                    ? (one ? " was retried and succeeded" : " were retried and succeeded")
                    : " failed";
            f.title = capitalized(label) + ": " +
                      countText(chains.failed, "task attempt", "task attempts") + outcome;
            f.detail =
                "The failed attempts: " + errors.text() + ". They ran " +
                formatDuration(chains.failedMs) + " in all; the retries launched " +
                (chains.maxRetryGapMs <= p["promptRetryMs"]
                     ? std::string("right after each failure")
                     : "within " + formatDuration(chains.maxRetryGapMs) + " of each failure") +
                ", so the task that failed longest (index " + std::to_string(chains.longestIndex) +
                ", " + countText(chains.longestTries, "failed attempt", "failed attempts") +
                " of " + formatDuration(chains.longestMs) +
                ") ended the stage up to that much later.";
            if (confined) {
                f.cause = "host-failures";
                f.detail += " Every failure ran on " + executorList(ex.failing) +
                            (ex.hosts.size() == 1 ? " (host " + *ex.hosts.begin() + ")" : "") +
                            "; " + executorList(healthy) + " ran the attempts that succeeded.";
                if (!banned.empty())
                    f.detail += " Spark excluded " +
                                executorList(std::set<std::string>(banned.begin(), banned.end())) +
                                " for these failures.";
                f.fix =
                    "The failures follow the executors, not the data: look at what differs "
                    "there (the executor's log, its disk, memory, libraries or configuration) "
                    "and replace the node if it is bad";
                if (banned.empty())
                    f.fix += in.ctx.run.versionAtLeast(3, 1)
                                 ? "; spark.excludeOnFailure.enabled=true keeps tasks off such "
                                   "executors"
                                 : "; spark.blacklist.enabled=true keeps tasks off such executors";
            } else if (ex.lostWithId) {
                f.cause = "executor-lost-incident";
                f.detail += " The attempts failed because " + executorList(ex.failing) +
                            (ex.failing.size() == 1 ? " or its shuffle output was lost."
                                                    : " or their shuffle output was lost.");
                f.fix = lostExecutorFix(in);
            } else {
                f.cause = "task-retry";
                f.fix = codeFailures
                            ? "Find what made the first attempts fail (the error above) and remove "
                              "it: the retries succeeded, so the failure is transient (a flaky "
                              "source, a timeout, a resource limit), and each one costs a rerun"
                            : "Find why the executors were lost (the executor logs, container "
                              "memory limits, preemption)";
            }
            f.costMethod =
                "the longest chain of failed attempts of one task: how much later the "
                "stage ended";
            claim(f, in, stageSlices(in, f.stage), chains.longestMs);
            f.evidence = {
                Evidence::tasks(s.stageId, s.attemptId, ids,
                                listedNote("failed attempts", ids.size(), failedRows, "first")),
                appWindow(in, s.start, s.end, "the stage's run")};
            f.evidence.back().stageId = s.stageId;
            f.evidence.back().stageAttemptId = s.attemptId;
            std::string key = f.cause + "|" + errors.primary();
            found.push_back({std::move(f), std::move(key), chains.failed, chains.unrecovered,
                             chains.longestMs});
        }
        mergeByCause(found, out);
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
