// tiny-tasks: a stage of many very short tasks, where scheduling and task start-up overhead
// outweigh the work. Defaults from sparkforensics: ≥ 100 tasks, median ≤ 500 ms, P95 ≤ 1 s
// (DataFlint asks for 5,000 tasks; 100 catches the common spark.sql.shuffle.partitions=2000 on
// small data). The cost is each task's time outside its run (launch, deserialization, result).
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef tinyTasksRule() {
    RuleDef r;
    r.name = "tiny-tasks";
    r.checks = "many tasks too short to pay for their scheduling";
    r.defaults = {{"minTasks", 100}, {"maxMedianMs", 500}, {"maxP95Ms", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.rows.size()) < p["minTasks"] || double(s.p50) > p["maxMedianMs"] ||
                double(s.p95) > p["maxP95Ms"])
                continue;
            int64_t overhead = 0;
            for (uint32_t r : s.rows)
                overhead += std::max<int64_t>(
                    0, in.ctx.taskDuration(r) - t.get(r, TaskField::ExecutorRunTime));
            const int64_t target = std::max<int64_t>(1, int64_t(s.rows.size()) / 10);
            Finding f;
            f.id = "tiny-tasks:stage-" + stageId(s.stageId, s.attemptId);
            f.title = std::to_string(s.rows.size()) + " tiny tasks in " + in.ctx.stageLabel(s);
            f.detail = "Median task " + formatDuration(s.p50) + ", 95th percentile " +
                       formatDuration(s.p95) + "; " + formatDuration(overhead) +
                       " of task time went to launching tasks and "
                       "returning results rather than running them.";
            f.estimatedCostMs =
                std::min(s.durationMs, saturatingInt64(double(overhead) / averageSlots(s)));
            f.costMethod =
                "task time outside the executor's run time, spread over the stage's cores";
            f.fix = "Use fewer, larger partitions: spark.sql.shuffle.partitions=" +
                    std::to_string(target) +
                    " (or spark.sql.adaptive.coalescePartitions.enabled=true), or coalesce(" +
                    std::to_string(target) + ") before this stage";
            f.evidence = {Evidence::stage(s.stageId, s.attemptId), stageWindow(s)};
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
