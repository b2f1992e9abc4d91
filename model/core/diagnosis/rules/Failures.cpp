#include "diagnosis/rules/Failures.h"

#include <map>

namespace stagelight::rules {

bool failedAttempt(const TaskTable& t, uint32_t row) {
    switch (t.endReason(row)) {
        case EndReason::Running:
        case EndReason::Success:
        case EndReason::Resubmitted:
        case EndReason::TaskKilled:
        case EndReason::TaskCommitDenied:
            return false;
        default:
            return true;
    }
}

bool executorLoss(EndReason r) {
    return r == EndReason::ExecutorLostFailure || r == EndReason::FetchFailed ||
           r == EndReason::Resubmitted;
}

bool shutdownText(std::string_view text) {
    return text.find("SparkContext was shut down") != std::string_view::npos;
}

bool jobFailed(const Job& j) {
    return j.result == JobResult::Failed;
}

bool inJob(const StageAttempt& s, const Job& j) {
    // The stage's own job ids; a log without them (excerpts) has the job's stage list. A stage a
    // job lists but skipped keeps the job that ran it.
    if (!s.jobIds.empty())
        return std::find(s.jobIds.begin(), s.jobIds.end(), j.id) != s.jobIds.end();
    return std::find(j.stageIds.begin(), j.stageIds.end(), s.stageId) != j.stageIds.end();
}

bool inFailedJob(const EventLogModel& m, const StageAttempt& s) {
    for (const Job& j : m.jobs)
        if (jobFailed(j) && inJob(s, j)) return true;
    return false;
}

std::string firstLine(std::string_view text, size_t max) {
    // A Python traceback names its exception on its last unindented line.
    if (text.find("Traceback (most recent call last)") != std::string_view::npos) {
        size_t end = text.size();
        while (end > 0) {
            const size_t start = text.rfind('\n', end - 1);
            const size_t from = start == std::string_view::npos ? 0 : start + 1;
            const std::string_view line = text.substr(from, end - from);
            if (!line.empty() && line[0] != ' ' && line[0] != '\t' && line[0] != '\r') {
                text = line;
                break;
            }
            if (start == std::string_view::npos) break;
            end = start;
        }
    }
    std::string s;  // the first line, runs of blanks as one space (log text is plain text)
    for (char c : text.substr(0, text.find('\n'))) {
        const bool blank = c == ' ' || c == '\t' || c == '\r';
        if (blank && (s.empty() || s.back() == ' ')) continue;
        s += blank ? ' ' : c;
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == ':')) s.pop_back();  // "…awaitResult:"
    if (s.size() > max) s = s.substr(0, max) + "…";
    return s;
}

std::string failureText(const TaskTable& t, uint32_t row) {
    const EndReason reason = t.endReason(row);
    const TaskFailure* f = t.failure(row);
    switch (reason) {
        case EndReason::ExceptionFailure: {
            const std::string cls = f ? firstLine(f->className, 120) : std::string();
            const std::string msg =
                f && !f->descriptionIsNull ? firstLine(f->description) : std::string();
            if (cls.empty() && msg.empty())
                return "an exception the log gives no class or message for";
            if (cls.empty()) return "an exception: " + msg;
            return msg.empty() ? cls : cls + ": " + msg;
        }
        case EndReason::ExecutorLostFailure: {
            if (!f || f->lostExecutorId.empty())
                return "ExecutorLostFailure (the log names no executor)";
            std::string s = "ExecutorLostFailure (executor " + f->lostExecutorId + " exited";
            if (f->exitCausedByApp) s += ", caused by a running task";
            if (f->hasLossReason && !firstLine(f->lossReason).empty())
                s += ": " + firstLine(f->lossReason, 160);
            return s + ")";
        }
        case EndReason::FetchFailed:
            if (!f || !f->hasBlockManager || f->blockManagerExecutorId.empty())
                return "FetchFailed (shuffle output lost)";
            return "FetchFailed (shuffle " + std::to_string(f->shuffleId) + " output on executor " +
                   f->blockManagerExecutorId + " lost)";
        default:
            return std::string(endReasonName(reason));
    }
}

void ErrorGroups::add(const TaskTable& t, uint32_t row) {
    const TaskFailure* f = t.failure(row);
    const EndReason reason = t.endReason(row);
    std::string kind = reason == EndReason::ExceptionFailure && f && !f->className.empty()
                           ? f->className
                           : std::string(endReasonName(reason));
    Group& g = byKind[kind];
    if (g.count++ == 0) g.sample = failureText(t, row);
}

std::string ErrorGroups::primary() const {
    std::string best;
    int64_t most = 0;
    for (const auto& [kind, g] : byKind)
        if (g.count > most) {
            most = g.count;
            best = kind;
        }
    return best;
}

std::string ErrorGroups::text() const {
    std::vector<const Group*> order;
    for (const auto& [kind, g] : byKind) order.push_back(&g);
    std::stable_sort(order.begin(), order.end(),
                     [](const Group* a, const Group* b) { return a->count > b->count; });
    std::string s;
    for (size_t i = 0; i < order.size() && i < 3; ++i)
        s += (i ? "; " : "") + order[i]->sample + " (" +
             countText(order[i]->count, "attempt", "attempts") + ")";
    if (order.size() > 3)
        s += "; and " + countText(int64_t(order.size() - 3), "other error", "other errors");
    return s;
}

std::string capitalized(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
    return s;
}

std::string joinIds(const std::vector<std::string>& ids) {
    std::string s;
    for (size_t i = 0; i < ids.size(); ++i)
        s += (i == 0 ? "" : i + 1 == ids.size() ? " and " : ", ") + ids[i];
    return s;
}

std::string lostExecutorFix(const RuleInput& in) {
    // Overhead, not heap: a container the cluster manager killed went over its off-heap share.
    std::string s =
        "Find why the executors holding the shuffle output were lost (a container "
        "killed for going over its memory needs a larger "
        "spark.executor.memoryOverhead; preemption: on-demand nodes)";
    const auto service = sparkConf(in, "spark.shuffle.service.enabled");
    if (service && *service == "true")
        return s +
               "; the external shuffle service is on, so "
               "the lost output was on the executors' disks";
    s += "; keep shuffle output beyond an executor's life with the external shuffle service "
         "(spark.shuffle.service.enabled=true)";
    if (in.ctx.run.versionAtLeast(3, 1))
        s += " or decommissioning (spark.decommission.enabled=true)";
    return s;
}

void claimWindow(Finding& f, const RuleInput& in, int64_t from, int64_t to) {
    const auto& slices = in.time.slices;
    for (size_t i = 0; i < slices.size(); ++i) {
        const int64_t ms = std::min(to, slices[i].endMs) - std::max(from, slices[i].startMs);
        if (ms > 0) f.claims.push_back({i, ms});
    }
}

Evidence appWindow(const RuleInput& in, int64_t from, int64_t to, std::string note) {
    from = std::clamp(from, in.ctx.appStart, in.ctx.appEnd);
    to = std::clamp(to, from, in.ctx.appEnd);
    return Evidence::window(from, to, std::move(note));
}

RetryChains retryChains(const RuleInput& in, const StageFacts& s) {
    const TaskTable& t = in.ctx.model.tasks;
    struct Chain {
        int64_t ms = 0, tries = 0, lastFailEnd = -1;
        bool succeeded = false;
    };
    std::map<int64_t, Chain> byIndex;
    std::vector<uint32_t> rows = s.rows;
    std::stable_sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) {
        return in.ctx.model.taskLaunch(a) < in.ctx.model.taskLaunch(b);
    });
    RetryChains out;
    for (uint32_t r : rows) {
        Chain& c = byIndex[t.get(r, TaskField::Index)];
        if (c.lastFailEnd >= 0)
            out.maxRetryGapMs =
                std::max(out.maxRetryGapMs, in.ctx.model.taskLaunch(r) - c.lastFailEnd);
        c.lastFailEnd = -1;
        if (t.endReason(r) == EndReason::Success) c.succeeded = true;
        if (!failedAttempt(t, r)) continue;
        ++out.failed;
        const int64_t d = in.ctx.taskDuration(r);
        out.failedMs += d;
        c.ms += d;
        ++c.tries;
        c.lastFailEnd = in.ctx.model.taskFinish(r);
    }
    for (const auto& [index, c] : byIndex) {
        if (c.tries > 0 && !c.succeeded) ++out.unrecovered;
        if (c.ms > out.longestMs) {
            out.longestMs = c.ms;
            out.longestIndex = index;
            out.longestTries = c.tries;
        }
    }
    return out;
}

}  // namespace stagelight::rules
