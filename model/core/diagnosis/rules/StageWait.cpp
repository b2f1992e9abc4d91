// stage-wait: a stage submitted while no task ran anywhere, its first task launched seconds
// later (q66: stage 0 waited 19.3 s with 128 cores free). Spark held the tasks back: delay
// scheduling, task resources the executors could not offer yet (GPUs, resource profiles),
// excluded executors, a barrier stage waiting for all its slots. One finding per stage, for a
// wait of 1 s and 2 % of the wall clock.
#include <map>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef stageWaitRule() {
    RuleDef r;
    r.name = "stage-wait";
    r.precedence = 15;
    r.checks = "stages submitted whose first task launched late while cores were free";
    r.defaults = {{"minShare", 0.02}, {"minWaitMs", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        std::map<StageKey, std::vector<size_t>> byStage;
        for (size_t i : causeSlices(in, {Slice::Cause::StageWait}))
            byStage[in.time.slices[i].stage].push_back(i);
        for (const auto& [stage, which] : byStage) {
            const int64_t ms = slicesMs(in, which);
            if (double(ms) < p["minWaitMs"] || double(ms) < p["minShare"] * double(in.ctx.wallMs))
                continue;
            const Slice& s = in.time.slices[which.front()];
            const StageAttempt* a = in.ctx.model.stage(stage.stage, stage.attempt);
            Finding f;
            f.id = "stage-wait:stage-" + stage.str();
            f.title = stage.label() + " waited " + formatDuration(ms) + " for its first task";
            const int64_t cores = in.ctx.cores.coresAt(s.startMs);
            f.detail = stage.label() + (a ? " (" + a->name + ")" : std::string()) +
                       " was submitted with nothing else running and " +
                       countText(cores, "core", "cores") + " alive; its first task launched " +
                       formatDuration(ms) + " later (" + sinceStart(in, s.startMs) + " to " +
                       sinceStart(in, s.endMs) + ").";
            std::string hints;
            const auto wait = sparkConf(in, "spark.locality.wait");
            if (wait && *wait != "0" && *wait != "0s" && *wait != "0ms")
                hints += "delay scheduling (spark.locality.wait=" + *wait + ")";
            if (sparkConf(in, "spark.task.resource.gpu.amount") ||
                sparkConf(in, "spark.executor.resource.gpu.amount"))
                hints += std::string(hints.empty() ? "" : ", ") +
                         "GPU task resources the executors had to offer first";
            if (a && a->resourceProfileId != 0)
                hints += std::string(hints.empty() ? "" : ", ") + "resource profile " +
                         std::to_string(a->resourceProfileId);
            f.costMethod = "the time from the stage's submission to its first task launch, no "
                           "other task running";
            f.fix = "Spark held the stage's tasks back although cores were free. " +
                    (hints.empty() ? std::string("Check delay scheduling (spark.locality.wait), "
                                                 "task resource requests and excluded executors")
                                   : "In this run the candidates are " + hints) +
                    "; the driver's log for this time says which";
            f.evidence = {Evidence::stage(stage.stage, stage.attempt),
                          sliceWindow(s, "submitted, no task launched")};
            claimAll(f, in, which);
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
