// cold-start: jobs running while no executor was alive (the cluster still allocating them, a
// queue, dynamic allocation starting from zero). It claims the waiting-for-executors slices.
// sparkforensics' COLD uses > 30 s; here any wait of 10 s, or of 2 % of the wall clock (and
// 1 s), counts, so a 30 s wait in a 5-minute run is never silent nor is one in a long run.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef coldStartRule() {
    RuleDef r;
    r.name = "cold-start";
    r.precedence = 10;
    r.checks = "jobs running while no executor was alive";
    r.defaults = {{"minShare", 0.02}, {"minWaitMs", 1000}, {"alwaysMs", 10000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        if (in.ctx.cores.empty()) return RuleRun::notRun("the log has no executor cores");
        const std::vector<size_t> which = causeSlices(in, {Slice::Cause::WaitingForExecutors});
        const int64_t waited = slicesMs(in, which);
        if (double(waited) < p["minWaitMs"] ||
            (double(waited) < p["minShare"] * double(in.ctx.wallMs) && double(waited) < p["alwaysMs"]))
            return RuleRun{};
        const Slice& first = in.time.slices[which.front()];
        Finding f;
        f.id = "cold-start";
        f.cause = "waiting-for-executors";
        f.title = "Jobs ran " + formatDuration(waited) + " with no executor alive";
        std::string jobs;
        for (int32_t j : first.jobs) jobs += (jobs.empty() ? "" : ", ") + std::to_string(j);
        f.detail = "From " + sinceStart(in, first.startMs) + " job" +
                   (first.jobs.size() == 1 ? " " : "s ") + jobs +
                   " waited for executors; the first executor was alive at " +
                   sinceStart(in, first.endMs) + "." +
                   (which.size() > 1 ? " It happened " + countText(int64_t(which.size()), "time", "times") +
                                           " in all (executors all gone, then requested again)."
                                     : "");
        const auto dyn = sparkConf(in, "spark.dynamicAllocation.enabled");
        const bool dynamic = dyn && *dyn == "true";
        f.costMethod = "the time jobs ran with no executor alive";
        f.fix = dynamic ? "Keep executors for the next job: spark.dynamicAllocation.minExecutors "
                          "(or initialExecutors) above 0, and a longer "
                          "spark.dynamicAllocation.executorIdleTimeout"
                        : "Ask for executors before the first job: spark.executor.instances (or "
                          "dynamic allocation's initialExecutors), or a warm pool / a queue with "
                          "free capacity";
        for (size_t i : which)
            if (f.evidence.size() < 6)
                f.evidence.push_back(sliceWindow(in.time.slices[i], "no executor alive"));
        claimAll(f, in, which);
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
