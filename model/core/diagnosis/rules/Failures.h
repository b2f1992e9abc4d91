// What failed, shared by failed-stages (jobs and stage attempts that did not finish: one
// incident each) and failed-tasks (task attempts that failed and were retried in stages that
// went on), so a failure is told once.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

// A task attempt that failed: not a success, not running, not killed or denied (speculation's),
// not a Resubmitted event (a succeeded map task whose output was lost with its executor).
bool failedAttempt(const TaskTable& t, uint32_t row);
// Failures that come from a lost executor rather than from the task's own code.
bool executorLoss(EndReason r);
// The driver stopped SparkContext: Spark's text for jobs and stages it cancels then.
bool shutdownText(std::string_view text);
// A JobEnd with JobFailed. Such a job's stages belong to its incident (failed-stages).
bool jobFailed(const Job& j);
bool inJob(const StageAttempt& s, const Job& j);
bool inFailedJob(const EventLogModel& m, const StageAttempt& s);

// "PythonException: [PYTHON_EXCEPTION] An exception…", one line, without empty parts.
std::string failureText(const TaskTable& t, uint32_t row);
std::string firstLine(std::string_view text, size_t max = 240);
// Failed attempts grouped by kind (exception class or end reason), with the first one's text:
// "PythonException: ValueError: bad row (4 attempts)".
struct ErrorGroups {
    struct Group {
        int64_t count = 0;
        std::string sample;
    };
    std::map<std::string, Group> byKind;
    void add(const TaskTable& t, uint32_t row);
    bool empty() const { return byKind.empty(); }
    std::string primary() const;  // the kind with the most attempts
    std::string text() const;
};
std::string capitalized(std::string s);                    // "Stage 3.0 …"
std::string joinIds(const std::vector<std::string>& ids);  // "0, 2 and 5"

// What to do about executors lost with shuffle output on them, for this run's version and settings.
std::string lostExecutorFix(const RuleInput& in);

// Asks for the part of every slice that lies inside [from, to).
void claimWindow(Finding& f, const RuleInput& in, int64_t from, int64_t to);
// A window clamped to the application's span, as evidence.
Evidence appWindow(const RuleInput& in, int64_t from, int64_t to, std::string note);

// Failed attempts per task index, summed: the longest chain delayed the stage the most.
struct RetryChains {
    int64_t failed = 0;     // failed attempts
    int64_t failedMs = 0;   // their run time together
    int64_t longestMs = 0;  // the index whose failed attempts ran longest, together
    int64_t longestIndex = -1, longestTries = 0;
    int64_t maxRetryGapMs = 0;  // a failure to the next attempt of its index
    int64_t unrecovered = 0;    // indices with no successful attempt
};
RetryChains retryChains(const RuleInput& in, const StageFacts& s);

}  // namespace stagelight::rules
