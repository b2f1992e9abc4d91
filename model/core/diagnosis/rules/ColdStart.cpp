// cold-start: waiting for executors. Default from sparkforensics' COLD: > 30 s. Counted: the time
// jobs ran with no executor alive, or, when the driver held its first job back until executors
// registered (spark.scheduler.minRegisteredResourcesRatio), the time to the first executor.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef coldStartRule() {
    RuleDef r;
    r.name = "cold-start";
    r.checks = "jobs running while no executor was alive";
    r.defaults = {{"minWaitMs", 30000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        if (in.ctx.localMode) return RuleRun::notRun("local mode: the driver runs the tasks");
        if (in.ctx.cores.empty()) return RuleRun::notRun("the log has no executor events");
        int64_t waited = 0;
        std::vector<Evidence> windows;
        for (const Gap& g : in.time.gaps)
            if (g.cause == Gap::Cause::NoExecutors) {
                waited += g.endMs - g.startMs;
                if (windows.size() < 10)
                    windows.push_back(Evidence::window(g.startMs, g.endMs, "no executor alive"));
            }
        int64_t firstExecutor = -1;
        for (const Executor& e : in.ctx.model.executors)
            if (e.added && e.addTime > 0 && (firstExecutor < 0 || e.addTime < firstExecutor))
                firstExecutor = e.addTime;
        int64_t firstJob = -1;
        for (const Job& j : in.ctx.model.jobs)
            if (j.started && j.submissionTime > 0 && (firstJob < 0 || j.submissionTime < firstJob))
                firstJob = j.submissionTime;
        if (firstExecutor > 0 && firstJob >= firstExecutor &&
            firstExecutor - in.ctx.appStart > waited) {
            waited = firstExecutor - in.ctx.appStart;
            windows = {Evidence::window(in.ctx.appStart, firstExecutor,
                                        "before the first executor registered")};
        }
        if (double(waited) < p["minWaitMs"]) return RuleRun{};
        Finding f;
        f.id = "cold-start";
        f.title = "Jobs waited " + formatDuration(waited) + " for executors";
        f.detail =
            "While jobs were submitted no executor was alive to run their tasks: the cluster "
            "was still allocating executors.";
        f.estimatedCostMs = waited;
        f.costMethod = "time jobs ran with no executor alive";
        f.fix =
            "Start with executors: spark.dynamicAllocation.initialExecutors (or "
            "spark.executor.instances), a warm pool, or submit the first job after the "
            "executors registered";
        f.evidence = std::move(windows);
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
