// locality: the scheduler holding tasks back for a local slot while cores sat idle, and tasks
// that ran away from their data. A wait shows in the accounting as an idle-slots slice of a stage
// that ends with a burst of launches at a worse locality level than the stage had used (the
// delay scheduler gave up waiting): that slice is what lowering spark.locality.wait saves.
// Before Spark 3.1 the wait timer restarts at every local launch (SPARK-18886), so such waits
// outlast spark.locality.wait. The remote share (sparkforensics' LOCAL: ≥ 50 tasks with a
// preference, ≥ 15 % RACK_LOCAL or ANY) is reported when no wait was seen; NO_PREF tasks
// (shuffle reads) have no locality to lose. A wait of tasks whose cached blocks were lost (they
// read Hadoop while the stage's others read memory) is the cache miss's, not the setting's.
#include <algorithm>
#include <cstdlib>
#include <map>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

namespace {

// Lower is more local; NO_PREF and unknown tasks have no level.
int levelOf(Locality l) {
    switch (l) {
        case Locality::ProcessLocal:
            return 0;
        case Locality::NodeLocal:
            return 1;
        case Locality::RackLocal:
            return 2;
        case Locality::Any:
            return 3;
        default:
            return -1;
    }
}

}  // namespace

RuleDef localityRule() {
    RuleDef r;
    r.name = "locality";
    r.checks = "cores idle while tasks waited for a local slot; tasks away from their data";
    r.defaults = {{"minTasks", 50}, {"maxRemoteShare", 0.15}, {"minBurstTasks", 2},
                  {"burstWindowMs", 500}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const DiagnosisContext& ctx = in.ctx;
        const TaskTable& t = ctx.model.tasks;
        std::map<StageKey, const StageFacts*> byKey;
        for (const StageFacts& s : ctx.stages) byKey[{s.stageId, s.attemptId}] = &s;
        const auto waitSet = sparkConf(in, "spark.locality.wait");
        const std::string wait = waitSet ? *waitSet : "3s, the default";
        const bool noWait = std::strtod(wait.c_str(), nullptr) == 0;  // "0", "0s", "0ms"

        // Idle-slots slices that end when the scheduler gives up on locality.
        std::map<StageKey, std::vector<size_t>> waits;
        std::map<StageKey, int64_t> burstTasks;
        const auto& slices = in.time.slices;
        for (size_t i = 0; i < slices.size() && !noWait; ++i) {
            const Slice& sl = slices[i];
            if (sl.cause != Slice::Cause::IdleSlots) continue;
            const auto it = byKey.find(sl.stage);
            if (it == byKey.end()) continue;
            int best = 99, burst = 0, missedCache = 0;
            bool readsMemory = false;
            for (uint32_t row : it->second->rows) {
                readsMemory = readsMemory ||
                              ReadMethod(t.get(row, TaskField::InputReadMethod)) == ReadMethod::Memory;
                const int level = levelOf(Locality(t.get(row, TaskField::Locality)));
                const int64_t launch = ctx.model.taskLaunch(row);
                if (level < 0) continue;
                // The level the stage used before the burst (a slice may begin before the
                // stage's first launch).
                if (launch < sl.endMs - int64_t(p["burstWindowMs"])) best = std::min(best, level);
            }
            for (uint32_t row : it->second->rows) {
                const int level = levelOf(Locality(t.get(row, TaskField::Locality)));
                const int64_t launch = ctx.model.taskLaunch(row);
                if (level > best && level >= levelOf(Locality::RackLocal) &&
                    launch >= sl.endMs - int64_t(p["burstWindowMs"]) &&
                    launch <= sl.endMs + int64_t(p["burstWindowMs"])) {
                    ++burst;
                    missedCache += ReadMethod(t.get(row, TaskField::InputReadMethod)) ==
                                   ReadMethod::Hadoop;
                }
            }
            if (best == 99 || double(burst) < p["minBurstTasks"]) continue;
            // Tasks that lost their cached blocks waited for the hosts of the source data: the
            // cache miss is the cause (the slow-task rules' cache-miss), not the setting.
            if (readsMemory && missedCache * 2 >= burst) continue;
            waits[sl.stage].push_back(i);
            burstTasks[sl.stage] += burst;
        }
        for (const auto& [key, which] : waits) {
            const StageFacts& s = *byKey[key];
            const int64_t ms = slicesMs(in, which);
            Finding f;
            f.id = "locality-wait:stage-" + key.str();
            f.cause = "locality-wait";
            f.stage = key;
            f.title = "Tasks of " + ctx.stageLabel(s) + " waited " + formatDuration(ms) +
                      " for local slots while cores were free";
            f.detail = "Tasks of the stage were pending while cores were free; the waits ended "
                       "with " +
                       countText(burstTasks[key], "task", "tasks") +
                       " launched at once on other hosts (RACK_LOCAL or ANY): the scheduler held "
                       "them for a local slot that never came (spark.locality.wait is " +
                       wait + ").";
            if (ctx.run.sparkMajor > 0 && !ctx.run.versionAtLeast(3, 1))
                f.detail += " Before Spark 3.1 the wait restarts at every local launch, so it "
                            "lasted far longer than the setting.";
            f.costMethod = "the idle-slots time that ended when the scheduler gave up locality, "
                           "times the share of the cores idle in it";
            f.fix = "Lower spark.locality.wait (now " + wait +
                    ") to 0s or 1s: these tasks read remotely in the end anyway";
            // Tasks ran on some cores meanwhile (those are other causes' time): the wait holds
            // the share of the slice whose cores sat idle.
            for (size_t i : which) {
                const Slice& sl = slices[i];
                const double idle = sl.coreMs > 0 ? std::clamp(1 - sl.taskMs / sl.coreMs, 0.0, 1.0)
                                                  : 1.0;
                f.claims.push_back({i, int64_t(double(sl.durationMs()) * idle)});
                f.evidence.push_back(sliceWindow(sl, "cores idle, tasks pending"));
            }
            f.focusMetric = HistogramMetric::Duration;
            out.push_back(std::move(f));
        }
        if (!waits.empty()) return RuleRun{};

        int64_t preferring = 0, remote = 0;
        for (const StageFacts& s : ctx.stages)
            for (uint32_t r : s.rows) {
                const int level = levelOf(Locality(t.get(r, TaskField::Locality)));
                if (level < 0) continue;
                ++preferring;
                remote += level >= levelOf(Locality::RackLocal);
            }
        if (double(preferring) < p["minTasks"] ||
            double(remote) < p["maxRemoteShare"] * double(preferring))
            return RuleRun{};
        char share[32];
        std::snprintf(share, sizeof share, "%.0f %%", 100.0 * double(remote) / double(preferring));
        Finding f;
        f.id = "locality";
        f.title = std::string(share) + " of tasks read their input from another host";
        f.detail = std::to_string(remote) + " of " + std::to_string(preferring) +
                   " tasks with a data preference ran RACK_LOCAL or ANY; no core sat idle "
                   "waiting for a local slot.";
        f.costMethod = "not measured: remote reads are not timed separately in the log";
        f.minSeverity = Severity::Info;
        f.fix = "Run executors on the hosts that store the data (or co-locate compute and "
                "storage); a longer spark.locality.wait would leave cores idle instead";
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
