// failed-tasks: task attempts that failed, grouped by reason (exception class, executor loss,
// fetch failure, resubmission after a lost executor). Any failure counts; its cost is the failed
// attempts' run time spread over the
// cores (sparkforensics' RETRY waste), so a few cheap retries stay informational.
#include <map>

#include "diagnosis/rules/RuleKit.h"
#include "figures/TaskFigures.h"
#include "model/Numeric.h"

namespace stagelight::rules {
namespace {

std::string groupOf(const TaskTable& t, uint32_t row) {
    const TaskFailure* f = t.failure(row);
    const EndReason reason = t.endReason(row);
    if (reason == EndReason::ExceptionFailure && f) return f->className;
    if (reason == EndReason::ExecutorLostFailure && f)
        return std::string("ExecutorLostFailure") +
               (f->exitCausedByApp ? " (caused by the app)" : "");
    return std::string(endReasonName(reason));
}

}  // namespace

RuleDef failedTasksRule() {
    RuleDef r;
    r.name = "failed-tasks";
    r.checks = "task attempts that failed, by reason";
    r.defaults = {{"minFailed", 1}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        struct Group {
            int64_t count = 0, timeMs = 0;
            std::string sample;
            std::vector<std::pair<int32_t, int32_t>> stages;
            std::vector<int64_t> taskIds;
            int32_t stage = -1, attempt = -1;
        };
        std::map<std::string, Group> groups;
        double slots = 0;
        int64_t stageCount = 0;
        for (const StageFacts& s : in.ctx.stages) {
            slots += averageSlots(s);
            ++stageCount;
            for (uint32_t row : s.rows) {
                const EndReason reason = t.endReason(row);
                if (reason == EndReason::Success || reason == EndReason::Running ||
                    reason == EndReason::TaskKilled || reason == EndReason::TaskCommitDenied)
                    continue;  // killed attempts are the speculation rule's
                Group& g = groups[groupOf(t, row)];
                ++g.count;
                g.timeMs += in.ctx.taskDuration(row);
                if (g.sample.empty()) g.sample = taskErrorMessage(t, row).value_or("");
                if (g.stage < 0) {
                    g.stage = s.stageId;
                    g.attempt = s.attemptId;
                }
                if (g.taskIds.size() < 20) g.taskIds.push_back(t.get(row, TaskField::TaskId));
            }
        }
        const double avgSlots = stageCount > 0 ? std::max(1.0, slots / double(stageCount)) : 1.0;
        for (auto& [reason, g] : groups) {
            if (double(g.count) < p["minFailed"]) continue;
            std::string sample = g.sample.substr(0, g.sample.find('\n'));
            if (sample.size() > 300) sample = sample.substr(0, 300) + "…";
            Finding f;
            f.id = "failed-tasks:" + reason;
            f.title = std::to_string(g.count) + " task attempt(s) failed: " + reason;
            f.detail = "They ran " + formatDuration(g.timeMs) +
                       " before failing and were retried. First error: " + sample;
            f.estimatedCostMs = saturatingInt64(double(g.timeMs) / avgSlots);
            f.costMethod = "the failed attempts' run time, spread over the cores";
            f.fix =
                reason.find("OutOfMemory") != std::string::npos
                    ? "Give tasks more memory (spark.executor.memory, fewer spark.executor.cores) "
                      "or smaller partitions"
                : reason.find("ExecutorLost") != std::string::npos
                    ? "Look at why executors died (container killed for memory: raise "
                      "spark.executor.memoryOverhead; preemption: use on-demand nodes)"
                : reason == "FetchFailed"
                    ? "Shuffle files were lost with their executor: enable the external shuffle "
                      "service (spark.shuffle.service.enabled=true) or decommissioning"
                    : "Fix the error in the task code or the bad input it names";
            f.evidence = {Evidence::tasks(g.stage, g.attempt, g.taskIds, "failed attempts")};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
