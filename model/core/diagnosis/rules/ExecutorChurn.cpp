// executor-churn: dynamic allocation releasing executors (idle timeout) and requesting new ones
// for the next burst of work, which then waits for them and runs on cold JVMs. Anchor:
// sparkforensics' CHRN (> 30 % of executors living < 2 min). It claims the waiting-for-executors
// slices that came after executors had been released, so it runs before cold-start.
#include <algorithm>
#include <cstdlib>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {
// Seconds of a Spark time string ("10s", "2min", "500ms"; a bare number is seconds).
double seconds(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    const std::string unit(end);
    if (unit.rfind("ms", 0) == 0) return v / 1000;
    if (unit.rfind("m", 0) == 0) return v * 60;
    if (unit.rfind("h", 0) == 0) return v * 3600;
    return v;
}
}  // namespace

RuleDef executorChurnRule() {
    RuleDef r;
    r.name = "executor-churn";
    r.precedence = 9;
    r.checks = "dynamic allocation releasing executors and requesting them again";
    r.defaults = {{"maxLifeMs", 120000}, {"minShortShare", 0.3}, {"minExecutors", 3}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const DiagnosisContext& ctx = in.ctx;
        if (!ctx.run.dynamicAllocation || ctx.localMode) return RuleRun{};
        int64_t added = 0, shortLived = 0, minLife = -1, maxLife = -1, firstRemoval = -1;
        for (const Executor& e : ctx.model.executors) {
            if (e.id == "driver" || e.addTime < 0) continue;
            ++added;
            if (e.removeTime < 0 || e.removeTime < e.addTime) continue;
            // Removed before the application ended: released (or lost) mid-run.
            if (e.removeTime >= ctx.appEnd) continue;
            firstRemoval = firstRemoval < 0 ? e.removeTime : std::min(firstRemoval, e.removeTime);
            const int64_t life = saturatingSub(e.removeTime, e.addTime);
            if (double(life) >= p["maxLifeMs"]) continue;
            // Lost executors (a crash, a preempted node) are failures, not dynamic allocation.
            // Released ones: ExecutorKilled ("killed by driver"), decommissioning, and on YARN
            // a container the driver asked to release ("exited from explicit termination
            // request", YarnAllocator).
            if (!e.removeReason.empty() &&
                e.removeReason.find("killed by driver") == std::string::npos &&
                e.removeReason.find("decommission") == std::string::npos &&
                e.removeReason.find("explicit termination request") == std::string::npos)
                continue;
            ++shortLived;
            minLife = minLife < 0 ? life : std::min(minLife, life);
            maxLife = std::max(maxLife, life);
        }
        if (double(added) < p["minExecutors"] ||
            double(shortLived) < p["minShortShare"] * double(added))
            return RuleRun{};
        // Waits for executors after some had been released: the churn's wall clock.
        std::vector<size_t> waits;
        for (size_t i : causeSlices(in, {Slice::Cause::WaitingForExecutors}))
            if (firstRemoval >= 0 && in.time.slices[i].startMs >= firstRemoval) waits.push_back(i);
        const int64_t waited = slicesMs(in, waits);
        const std::string timeout =
            sparkConf(in, "spark.dynamicAllocation.executorIdleTimeout").value_or("60s");
        Finding f;
        f.id = "executor-churn";
        f.title = countText(shortLived, "executor", "executors") + " of " +
                  std::to_string(added) + " lived less than " +
                  formatDuration(int64_t(p["maxLifeMs"])) + " under dynamic allocation";
        f.detail = "spark.dynamicAllocation.executorIdleTimeout=" + timeout + ": executors lived " +
                   formatDuration(minLife) + " to " + formatDuration(maxLife) +
                   " before the driver released them, and the next work requested new ones, which "
                   "start cold (JVM start-up, class loading, deserialization).";
        if (waited > 0) {
            const Slice& w = in.time.slices[waits.front()];
            f.detail += " Jobs then waited " + formatDuration(waited) +
                        " with no executor alive (first from " + sinceStart(in, w.startMs) +
                        " to " + sinceStart(in, w.endMs) + ").";
        }
        f.costMethod = waited > 0 ? "the time jobs waited for executors after others were released"
                                  : "not measured: the cold starts are in the stages' time";
        // Sizes from the log: the longest pause between jobs, the most executors alive at once.
        int64_t longestPause = 0;
        for (const Slice& sl : in.time.slices)
            if (sl.cause == Slice::Cause::DriverBetweenJobs)
                longestPause = std::max(longestPause, sl.durationMs());
        std::vector<std::pair<int64_t, int>> steps;
        for (const Executor& e : ctx.model.executors)
            if (e.id != "driver" && e.addTime >= 0) {
                steps.emplace_back(e.addTime, 1);
                if (e.removeTime >= e.addTime) steps.emplace_back(e.removeTime, -1);
            }
        std::sort(steps.begin(), steps.end());
        int alive = 0, peak = 0;
        for (const auto& [at, d] : steps) peak = std::max(peak, alive += d);
        f.fix = "Keep executors between bursts of work: raise "
                "spark.dynamicAllocation.executorIdleTimeout (now " + timeout + ")" +
                (double(longestPause) > seconds(timeout) * 1000 ? " to " + std::to_string(longestPause / 1000 + 1) +
                                        "s, above the longest pause between jobs"
                                  : std::string()) +
                ", or set spark.dynamicAllocation.minExecutors=" + std::to_string(peak) +
                " (the most executors alive at once)";
        for (size_t i : waits)
            if (f.evidence.size() < 6)
                f.evidence.push_back(sliceWindow(in.time.slices[i], "no executor alive"));
        claimAll(f, in, waits);
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
