// slow-host: one host's tasks take far longer than the others' in the same stage. Defaults from
// sparkforensics' HOST: a stage with ≥ 3 hosts and ≥ 15 tasks; a host whose mean task time is
// ≥ 2 × the median of host means and ≥ 1 s (the 20 %-of-tasks condition is relaxed to ≥ 3 tasks).
#include <map>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef slowHostRule() {
    RuleDef r;
    r.name = "slow-host";
    r.checks = "a host whose tasks are much slower than the other hosts'";
    r.defaults = {{"minHosts", 3},
                  {"minTasks", 15},
                  {"minRatio", 2},
                  {"minHostTasks", 3},
                  {"minMeanMs", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.rows.size()) < p["minTasks"]) continue;
            // Tasks that simply had more data are the skew rule's; hosts are compared on the rest.
            auto bytes = [&](uint32_t r) {
                return t.get(r, TaskField::ShuffleLocalBytesRead) +
                       t.get(r, TaskField::ShuffleRemoteBytesRead) +
                       t.get(r, TaskField::InputBytesRead);
            };
            std::vector<int64_t> sizes;
            for (uint32_t r : s.rows) sizes.push_back(bytes(r));
            std::sort(sizes.begin(), sizes.end());
            const double medianBytes = double(quantileOf(sizes, 0.5));
            std::map<int64_t, std::pair<int64_t, int64_t>> hosts;  // host → (tasks, time)
            for (uint32_t r : s.rows) {
                if (double(bytes(r)) > 1.5 * std::max(1.0, medianBytes)) continue;
                auto& h = hosts[t.get(r, TaskField::Host)];
                ++h.first;
                h.second += in.ctx.taskDuration(r);
            }
            if (double(hosts.size()) < p["minHosts"]) continue;
            std::vector<double> means;
            for (const auto& [h, v] : hosts) means.push_back(double(v.second) / double(v.first));
            std::sort(means.begin(), means.end());
            const double median = means[means.size() / 2];
            for (const auto& [h, v] : hosts) {
                const double mean = double(v.second) / double(v.first);
                if (double(v.first) < p["minHostTasks"] || mean < p["minMeanMs"] ||
                    mean < p["minRatio"] * median)
                    continue;
                const std::string host(in.ctx.model.strings.view(StrId(h)));
                Finding f;
                f.id = "slow-host:" + host + ":stage-" + stageId(s.stageId, s.attemptId);
                f.title = "Host " + host + " is slow in " + in.ctx.stageLabel(s);
                char ratio[32];
                std::snprintf(ratio, sizeof ratio, "%.1f", mean / median);
                f.detail = "Its " + std::to_string(v.first) + " tasks averaged " +
                           formatMs(int64_t(mean)) + ", " + ratio + " × the median host (" +
                           formatMs(int64_t(median)) + ").";
                f.estimatedCostMs = std::min(s.durationMs, int64_t(mean - median));
                f.costMethod = "the host's mean task time above the median host's";
                f.fix =
                    "Check the host (disk, network, noisy neighbours); exclude it with "
                    "spark.excludeOnFailure.enabled=true or turn on spark.speculation";
                const auto ids = topTasks(
                    in.ctx, s, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); },
                    [&](uint32_t r) { return t.get(r, TaskField::Host) == h; });
                f.evidence = {Evidence::tasks(s.stageId, s.attemptId, ids, "tasks on " + host)};
                out.push_back(std::move(f));
            }
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
