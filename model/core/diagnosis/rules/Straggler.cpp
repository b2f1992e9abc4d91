// straggler: slow tasks without more data than the others, each group named by what made it
// slow (SlowTasks.h): a cache miss, a cold executor, the first wave warming up, waiting on the
// driver, or — failing these — a straggler (a slow node, disk or network), the only case where
// speculation helps. Reported when the replay says the stage would save ≥ 1 s and 1 % of the
// wall clock (sparkforensics asks a 2 s tail; the share keeps short runs quiet).
#include <map>

#include "diagnosis/SlowTasks.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

std::string list(const std::vector<std::string>& v, size_t most = 3) {
    std::string s;
    for (size_t i = 0; i < v.size() && i < most; ++i) s += (i ? ", " : "") + v[i];
    if (v.size() > most) s += " and " + std::to_string(v.size() - most) + " more";
    return s;
}

// The stage's cached RDDs (a cache miss reads one of them from Hadoop).
std::string cachedRdds(const EventLogModel& m, const StageAttempt& a) {
    std::vector<std::string> ids;
    for (const RddInfo& r : a.rdds)
        if (r.storageLevel.useMemory || r.storageLevel.useDisk)
            ids.push_back("RDD " + std::to_string(r.id) + (r.name.empty() ? "" : " (" + r.name + ")"));
    (void)m;
    return list(ids, 2);
}

struct Text {
    std::string title, detail, fix;
};

Text describe(const RuleInput& in, const StageFacts& s, const SlowTaskAnalysis& a,
              const SlowTaskGroup& g, int64_t tailMs) {
    const EventLogModel& m = in.ctx.model;
    const std::string tasks = countText(int64_t(g.rows.size()), "task", "tasks");
    const std::string slow = tasks + " ran up to " + formatDuration(g.longestMs) +
                             " against a median of " + formatDuration(a.medianMs);
    const std::string data =
        a.medianDataBytes > 0 ? " with no more data than the median task (" +
                                    formatBytes(a.medianDataBytes) + ")"
                              : " (the log records no input or shuffle data for them)";
    Text t;
    switch (g.cause) {
        case SlowTaskGroup::Cause::CacheMiss:
            t.title = "Cache misses slow " + in.ctx.stageLabel(s);
            t.detail = slow + ": they read their input from Hadoop (recomputed or re-read) "
                              "while most of the stage's tasks read it from the cache" +
                       (cachedRdds(m, m.stages[s.stageIndex]).empty()
                            ? std::string(".")
                            : " (" + cachedRdds(m, m.stages[s.stageIndex]) + ").");
            t.fix = "The cached blocks these tasks needed were gone (evicted for other caches, "
                    "or on a lost executor): persist with MEMORY_AND_DISK so evicted blocks go to "
                    "disk, unpersist() caches no longer used before caching new ones, or give "
                    "storage more memory (spark.memory.fraction, spark.executor.memory)";
            break;
        case SlowTaskGroup::Cause::ColdExecutor:
            t.title = "A cold executor slows " + in.ctx.stageLabel(s);
            t.detail = slow + "; " + formatDuration(g.phaseExcessMs) +
                       " of their extra time was task deserialization and garbage collection on executor" +
                       (g.executors.size() == 1 ? " " : "s ") + list(g.executors) + ", launched " +
                       (g.oldestExecutorAgeMs > g.youngestExecutorAgeMs
                            ? formatDuration(std::max<int64_t>(0, g.youngestExecutorAgeMs)) + " to " +
                                  formatDuration(g.oldestExecutorAgeMs)
                            : formatDuration(std::max<int64_t>(0, g.youngestExecutorAgeMs))) +
                       " after the executor was added: a new JVM still loading classes and the "
                       "task's dependencies.";
            t.fix = in.ctx.run.dynamicAllocation
                        ? "Keep executors warm instead of starting new ones per stage: raise "
                          "spark.dynamicAllocation.executorIdleTimeout or set "
                          "spark.dynamicAllocation.minExecutors; speculation "
                          "(spark.speculation=true) would rerun such a task on a warm executor"
                        : "Start the executors before the work that needs them (fewer, longer-"
                          "lived executors); speculation (spark.speculation=true) would rerun "
                          "such a task on a warm executor";
            break;
        case SlowTaskGroup::Cause::WarmUp:
            t.title = "The first wave of " + in.ctx.stageLabel(s) + " warmed up slowly";
            t.detail = slow + data + "; all of them were launched as the stage started, one per "
                       "slot, and the later waves ran at the median: the JVMs warming up (class "
                       "loading, code generation, JIT) on this stage's code.";
            t.fix = "This costs once per JVM and stage: more work per session (fewer, longer "
                    "applications) spreads it; rerunning the slow tasks elsewhere would not help, "
                    "the copies would start just as cold";
            break;
        case SlowTaskGroup::Cause::DriverWait:
            t.title = "Tasks of " + in.ctx.stageLabel(s) + " waited on the driver";
            t.detail = slow + "; " + formatDuration(g.phaseExcessMs) +
                       " of their extra time was scheduler delay: the driver was slow to launch "
                       "them or to take their results.";
            t.fix = "Look at the driver at this time (GC pauses, a busy scheduler, large task "
                    "results): raise spark.driver.memory or spark.driver.cores, keep results small";
            break;
        default: {
            t.title = "Straggling tasks hold " + in.ctx.stageLabel(s);
            t.detail = slow + data + ".";
            if (tailMs > 0)
                t.detail += " After the last task launched, fewer than half the stage's cores were "
                            "busy for " + formatDuration(tailMs) + " while they finished.";
            // Name hosts only where the stragglers concentrate on fewer hosts than the stage ran on.
            std::map<std::string, int> hosts;
            for (uint32_t r : s.rows) hosts[std::string(m.strings.view(StrId(m.tasks.get(r, TaskField::Host))))] = 0;
            for (uint32_t r : g.rows) ++hosts[std::string(m.strings.view(StrId(m.tasks.get(r, TaskField::Host))))];
            if (hosts.size() > 1 && g.hosts.size() * 2 <= hosts.size())
                t.detail += " They ran on " + list(g.hosts) + " (" +
                            countText(int64_t(hosts.size()), "host", "hosts") + " ran the stage).";
            t.fix = "Turn on speculation (spark.speculation=true, spark.speculation.multiplier=3) "
                    "so slow copies are rerun elsewhere" +
                    std::string(hosts.size() > 1 && g.hosts.size() * 2 <= hosts.size()
                                    ? ", and check the hosts named for disk, network or GC trouble"
                                    : "");
        }
    }
    return t;
}

}  // namespace

RuleDef stragglerRule() {
    RuleDef r;
    r.name = "straggler";
    r.checks = "slow tasks without more data: cache misses, cold executors, warm-up, stragglers";
    r.defaults = {{"minSavingMs", 1000}, {"minSavingShare", 0.01}, {"stallShare", 0.5}, {"minTailShare", 0.1}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        for (const StageFacts& s : in.ctx.stages) {
            SlowTaskAnalysis a = in.slowTasksOf(s);
            const StageKey key{s.stageId, s.attemptId};
            const std::vector<size_t> tail = stageSlices(in, key, {Slice::Cause::StragglerTail});
            const int64_t tailMs = slicesMs(in, tail);
            // No slow task explained, yet the stage's end dragged on a few cores: its longest tasks.
            if (a.groups.empty() && !tail.empty() && double(tailMs) >= p["minTailShare"] * double(s.durationMs)) {
                SlowTaskGroup g = explainTail(in.ctx, s, in.time.slices[tail.front()].startMs);
                if (!g.rows.empty()) a.groups.push_back(std::move(g));
            }
            for (const SlowTaskGroup& g : a.groups) {
                if (g.cause == SlowTaskGroup::Cause::ShuffleSkew ||
                    g.cause == SlowTaskGroup::Cause::InputSkew)
                    continue;  // task-skew's
                if (double(g.savingMs) < p["minSavingMs"] ||
                    double(g.savingMs) < p["minSavingShare"] * double(in.ctx.wallMs))
                    continue;
                const Text text = describe(in, s, a, g,
                                           g.cause == SlowTaskGroup::Cause::Straggler ? tailMs : 0);
                Finding f;
                f.cause = std::string(slowCauseId(g.cause));
                f.id = (g.cause == SlowTaskGroup::Cause::Straggler ? std::string("straggler")
                                                                   : "straggler:" + f.cause) +
                       ":stage-" + key.str();
                f.title = text.title;
                f.detail = text.detail;
                f.fix = text.fix;
                f.costMethod = "a replay of the stage's tasks on its " +
                               countText(a.slots, "slot", "slots") +
                               " with these tasks at the median task's time";
                const std::vector<int64_t> ids =
                    rankedTaskIds(in.ctx, g.rows, {});  // longest first already
                f.evidence = {
                    Evidence::stage(s.stageId, s.attemptId),
                    Evidence::tasks(s.stageId, s.attemptId, ids,
                                    listedNote("slow tasks", ids.size(), g.rows.size(), "longest")),
                    stageWindow(s)};
                // The tail first (the time the slow tasks held alone), then the stage's run.
                claim(f, in, tail, g.savingMs);
                claim(f, in, stageSlices(in, key, {Slice::Cause::StageRunning, Slice::Cause::IdleSlots}),
                      g.savingMs - std::min(g.savingMs, tailMs));
                out.push_back(std::move(f));
            }
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
