// slow-host: one host's tasks take far longer than the others' in the same stage. Defaults from
// sparkforensics' HOST: a stage with ≥ 3 hosts and ≥ 15 tasks; a host whose mean task time is
// ≥ 2 × the median of host means and ≥ 1 s (the 20 %-of-tasks condition is relaxed to ≥ 3 tasks);
// or one host with ≥ 75 % of the task time and ≥ 50 % of ≥ 10 tasks (its imbalance test).
// A host is slow only when it is slow in two stages or more, and tasks of executors younger than
// 30 s that deserialized ≥ 4 × the stage's median (and ≥ 100 ms) are left out: a fresh JVM is
// cold (the cold-executor cause), not a bad host.
#include <map>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef slowHostRule() {
    RuleDef r;
    r.name = "slow-host";
    r.checks = "a host whose tasks are much slower than the other hosts'";
    r.defaults = {{"minHosts", 3},       {"minTasks", 15},    {"minRatio", 2},
                  {"minHostTasks", 3},   {"minMeanMs", 1000}, {"minImbalanceTasks", 10},
                  {"maxTimeShare", 0.75}, {"minSlowStages", 2},
                  {"maxColdAgeMs", 30000}, {"minColdDeserializeMs", 100}, {"coldDeserializeRatio", 4}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        const EventLogModel& m = in.ctx.model;
        // A task on a young executor that spent far longer deserializing than the stage's median
        // task ran on a cold JVM (class loading, JIT, fetching the task binary), not a slow host.
        const auto onColdExecutor = [&](uint32_t r, int64_t medianDeser) {
            const auto it = m.executorIndex.find(
                std::string(m.strings.view(StrId(t.get(r, TaskField::ExecutorId)))));
            if (it == m.executorIndex.end()) return false;
            const int64_t added = m.executors[it->second].addTime;
            const double deser = double(t.get(r, TaskField::ExecutorDeserializeTime));
            return added > 0 && double(m.taskLaunch(r) - added) < p["maxColdAgeMs"] &&
                   deser >= std::max(p["minColdDeserializeMs"],
                                     p["coldDeserializeRatio"] * double(medianDeser));
        };
        // Per host, the stages it was slow in (findings are emitted once per host below).
        struct Slow {
            const StageFacts* stage;
            int64_t tasks;
            double mean, median;
            std::vector<int64_t> ids;
        };
        std::map<int64_t, std::vector<Slow>> slowHosts;
        for (const StageFacts& s : in.ctx.stages) {
            if (double(s.rows.size()) < std::min(p["minTasks"], p["minImbalanceTasks"])) continue;
            // Tasks that simply had more data are the skew rule's; hosts are compared on the rest.
            const double medianBytes = double(s.medianDataBytes);
            const int64_t medianDeser =
                quantileOf(sortedValues(t, s.rows, TaskField::ExecutorDeserializeTime), 0.5);
            std::map<int64_t, std::pair<int64_t, int64_t>> hosts;  // host → (tasks, time)
            for (uint32_t r : s.rows) {
                if (double(taskDataBytes(t, r)) > 1.5 * std::max(1.0, medianBytes)) continue;
                if (onColdExecutor(r, medianDeser)) continue;
                auto& h = hosts[t.get(r, TaskField::Host)];
                ++h.first;
                h.second += in.ctx.taskDuration(r);
            }
            // One host doing most of the work (sparkforensics: ≥ 75 % of task time, ≥ 50 % of
            // tasks).
            int64_t allTasks = 0, allTime = 0;
            for (const auto& [h, v] : hosts) {
                allTasks += v.first;
                allTime += v.second;
            }
            for (const auto& [h, v] : hosts) {
                if (hosts.size() < 2 || double(allTasks) < p["minImbalanceTasks"] || allTime <= 0 ||
                    double(v.second) < p["maxTimeShare"] * double(allTime) ||
                    double(v.first) < 0.5 * double(allTasks))
                    continue;
                const std::string host(in.ctx.model.strings.view(StrId(h)));
                Finding f;
                f.id = "slow-host:imbalance:" + host + ":stage-" + stageId(s.stageId, s.attemptId);
                f.title = "Host " + host + " ran most of " + in.ctx.stageLabel(s);
                char share[64];
                std::snprintf(share, sizeof share, "%.0f %% of the task time (%lld of %lld tasks)",
                              100.0 * double(v.second) / double(allTime),
                              static_cast<long long>(v.first), static_cast<long long>(allTasks));
                f.detail = std::string("It carried ") + share + " while " +
                           std::to_string(hosts.size() - 1) + " other " + (hosts.size() == 2 ? "host" : "hosts") + " had little to do.";
                f.costMethod = "not measured: the other hosts' idle time is in idle-cores";
                f.fix =
                    "Spread the work: more executors on the other hosts, a shorter "
                    "spark.locality.wait if tasks waited for this host's data";
                f.evidence = {Evidence::stage(s.stageId, s.attemptId)};
                out.push_back(std::move(f));
            }
            if (double(hosts.size()) < p["minHosts"] || double(s.rows.size()) < p["minTasks"])
                continue;
            std::vector<double> means;
            for (const auto& [h, v] : hosts) means.push_back(double(v.second) / double(v.first));
            std::sort(means.begin(), means.end());
            const double median = means[means.size() / 2];
            for (const auto& [h, v] : hosts) {
                const double mean = double(v.second) / double(v.first);
                if (double(v.first) < p["minHostTasks"] || mean < p["minMeanMs"] ||
                    mean < p["minRatio"] * median)
                    continue;
                const auto ids = topTasks(
                    in.ctx, s, 20, [&](uint32_t r) { return in.ctx.taskDuration(r); },
                    [&, h = h](uint32_t r) { return t.get(r, TaskField::Host) == h; });
                slowHosts[h].push_back({&s, v.first, mean, median, ids});
            }
        }
        for (const auto& [h, slow] : slowHosts) {
            if (double(slow.size()) < p["minSlowStages"]) continue;
            const std::string host(in.ctx.model.strings.view(StrId(h)));
            const Slow* worst = &slow.front();
            for (const Slow& x : slow)
                if (x.mean - x.median > worst->mean - worst->median) worst = &x;
            Finding f;
            f.id = "slow-host:" + host;
            f.stage = {worst->stage->stageId, worst->stage->attemptId};
            f.title = "Host " + host + " is slow in " + std::to_string(slow.size()) + " stages";
            std::string stages;
            for (const Slow& x : slow) {
                char ratio[32];
                std::snprintf(ratio, sizeof ratio, "%.1f", x.mean / x.median);
                stages += std::string(stages.empty() ? "" : "; ") + in.ctx.stageLabel(*x.stage) +
                          ": " + countText(x.tasks, "task", "tasks") + " averaging " +
                          formatDuration(saturatingInt64(x.mean)) + ", " + ratio +
                          " × the median host (" + formatDuration(saturatingInt64(x.median)) + ")";
                claim(f, in, stageSlices(in, {x.stage->stageId, x.stage->attemptId}),
                      std::min(x.stage->durationMs, saturatingInt64(x.mean - x.median)));
                f.evidence.push_back(Evidence::tasks(x.stage->stageId, x.stage->attemptId, x.ids,
                                                     "tasks on " + host));
            }
            f.detail = "Its tasks were slower than the other hosts' on the same data in " +
                       stages + ". Tasks that started cold on a young executor are left out.";
            f.costMethod = "per stage, the host's mean task time above the median host's";
            f.fix = "Check the host (disk, network, noisy neighbours) and take it out of the "
                    "cluster or the node pool if it stays slow; spark.speculation=true re-runs "
                    "its slow tasks elsewhere meanwhile";
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
