// cpu-bound: wall clock spent with every core running tasks that compute — executor CPU time
// close to run time, little GC, shuffle fetch wait or spill. Nothing is wrong with such a phase;
// only more cores (with the work split across them) or less work shortens it. Its cost is the
// time twice the cores would save (half the phase), claimed after every root cause (precedence
// 55, before the symptoms). Contiguous busy slices form one phase: one stage when it holds most
// of the phase, otherwise a finding about several stages (no Finding::stage). Time the stage's
// slow tasks cost (SlowTasks: skew, stragglers, cold executors) is theirs, not the cores'.
#include <map>

#include "diagnosis/SlowTasks.h"
#include "diagnosis/StageProfile.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

// What the tasks running during a slice spent their time on, each task weighted by the part of
// it inside the slice.
struct Work {
    double runMs = 0, cpuMs = 0, gcMs = 0, fetchWaitMs = 0, spillBytes = 0;
    bool cpuLogged = false;
    void add(const Work& w) {
        runMs += w.runMs;
        cpuMs += w.cpuMs;
        gcMs += w.gcMs;
        fetchWaitMs += w.fetchWaitMs;
        spillBytes += w.spillBytes;
        cpuLogged = cpuLogged || w.cpuLogged;
    }
    // Without "Executor CPU Time" (Spark < 2.1) the run time less GC and fetch wait stands in.
    // Photon and native readers report CPU time for the JVM thread only: half is the bar.
    double computeShare() const {
        if (runMs <= 0) return 0;
        return cpuLogged ? cpuMs / runMs : (runMs - gcMs - fetchWaitMs) / runMs;
    }
};

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f %%", share * 100);
    return buf;
}

}  // namespace

RuleDef cpuBoundRule() {
    RuleDef r;
    r.name = "cpu-bound";
    r.checks = "wall clock with every core computing (only more cores or less work helps)";
    r.defaults = {{"minBusyShare", 0.9},   {"minComputeShare", 0.5}, {"maxGcShare", 0.25},
                  {"maxSpillBytes", 64.0 * (1 << 20)}, {"minPhaseMs", 10000},
                  {"minWallShare", 0.05},  {"dominantShare", 0.75},  {"coreFactor", 2}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const DiagnosisContext& ctx = in.ctx;
        const TaskTable& t = ctx.model.tasks;
        if (ctx.cores.empty() && !ctx.localMode)
            return RuleRun::notRun("the log has no executor cores");
        std::map<StageKey, const StageFacts*> byKey;
        for (const StageFacts& s : ctx.stages) byKey[{s.stageId, s.attemptId}] = &s;
        const auto& slices = in.time.slices;

        const auto workIn = [&](const Slice& sl) {
            Work w;
            std::vector<StageKey> keys = sl.concurrent;
            keys.push_back(sl.stage);
            for (const StageKey& k : keys) {
                const auto it = byKey.find(k);
                if (it == byKey.end()) continue;
                for (uint32_t row : it->second->rows) {
                    const int64_t a = ctx.model.taskLaunch(row), b = ctx.model.taskFinish(row);
                    const int64_t overlap = std::min(b, sl.endMs) - std::max(a, sl.startMs);
                    if (b <= a || overlap <= 0) continue;
                    const double share = double(overlap) / double(b - a);
                    const int64_t cpuNs = t.get(row, TaskField::ExecutorCpuTime);
                    w.runMs += share * double(t.get(row, TaskField::ExecutorRunTime));
                    w.cpuMs += share * double(cpuNs) / 1e6;
                    w.gcMs += share * double(t.get(row, TaskField::JvmGcTime));
                    w.fetchWaitMs += share * double(t.get(row, TaskField::ShuffleFetchWaitTime));
                    // Some logs spill with 0 disk bytes: the in-memory size (about three times
                    // the serialized one) stands in, as in the spill rule.
                    w.spillBytes +=
                        share * std::max(double(t.get(row, TaskField::DiskBytesSpilled)),
                                         double(t.get(row, TaskField::MemoryBytesSpilled)) / 3);
                    w.cpuLogged = w.cpuLogged || cpuNs > 0;
                }
            }
            return w;
        };
        const auto computing = [&](const Slice& sl, Work& w) {
            if (sl.cause != Slice::Cause::StageRunning || sl.coreMs <= 0 ||
                sl.taskMs < p["minBusyShare"] * sl.coreMs)
                return false;
            const auto it = byKey.find(sl.stage);
            if (it == byKey.end() ||
                profileStage(ctx, *it->second).kind == StageProfile::Kind::PartitionDiscovery)
                return false;  // listing files waits on the file system
            w = workIn(sl);
            return w.runMs > 0 && w.computeShare() >= p["minComputeShare"] &&
                   w.gcMs <= p["maxGcShare"] * w.runMs && w.spillBytes <= p["maxSpillBytes"];
        };

        const double keep = 1.0 - 1.0 / std::max(1.0, p["coreFactor"]);
        for (size_t i = 0; i < slices.size();) {
            Work w;
            if (!computing(slices[i], w)) {
                ++i;
                continue;
            }
            // The phase: this slice and the computing slices right after it.
            std::vector<size_t> phase{i};
            Work all = w;
            size_t j = i + 1;
            for (; j < slices.size() && slices[j].startMs == slices[j - 1].endMs; ++j) {
                Work next;
                if (!computing(slices[j], next)) break;
                phase.push_back(j);
                all.add(next);
            }
            i = j;
            const Slice& first = slices[phase.front()];
            const Slice& last = slices[phase.back()];
            // What each slice would keep: its time less its share of what the stage's slow
            // tasks cost, and of that the part twice the cores would save.
            std::map<StageKey, int64_t> stageMsInPhase;
            for (size_t k : phase) stageMsInPhase[slices[k].stage] += slices[k].durationMs();
            std::map<StageKey, double> outlierShare;  // of the stage's time in the phase
            for (const auto& [key, ms] : stageMsInPhase) {
                int64_t saving = 0;
                for (const SlowTaskGroup& g : in.slowTasksOf(*byKey[key]).groups)
                    saving += g.savingMs;
                outlierShare[key] = std::min(1.0, double(saving) / double(std::max<int64_t>(1, ms)));
            }
            std::vector<SliceClaim> claims;
            int64_t computeMs = 0;
            for (size_t k : phase) {
                const double ms = double(slices[k].durationMs()) * (1 - outlierShare[slices[k].stage]);
                computeMs += saturatingInt64(ms);
                claims.push_back({k, saturatingInt64(ms * keep)});
            }
            const int64_t phaseMs = slicesMs(in, phase);
            if (double(computeMs) < p["minPhaseMs"] ||
                double(computeMs) < p["minWallShare"] * double(ctx.wallMs))
                continue;
            std::map<StageKey, int64_t> perStage;
            double taskMs = 0, coreMs = 0;
            for (size_t k : phase) {
                perStage[slices[k].stage] += slices[k].durationMs();
                taskMs += slices[k].taskMs;
                coreMs += slices[k].coreMs;
            }
            StageKey main = first.stage;
            for (const auto& [k, ms] : perStage)
                if (ms > perStage[main]) main = k;
            const bool oneStage = double(perStage[main]) >= p["dominantShare"] * double(phaseMs);
            const double cores = coreMs / double(phaseMs);
            int64_t saving = 0;
            for (const SliceClaim& c : claims) saving += c.ms;

            Finding f;
            f.stage = oneStage ? main : StageKey{};
            f.id = oneStage ? "cpu-bound:stage-" + main.str()
                            : "cpu-bound:stages-" + perStage.begin()->first.str() + "-" +
                                  perStage.rbegin()->first.str();
            std::string stages;
            for (const auto& [k, ms] : perStage)
                stages += (stages.empty() ? "" : ", ") + k.str();
            const StageFacts* mainFacts = byKey.count(main) ? byKey[main] : nullptr;
            f.title = "The cores were busy computing for " + formatDuration(phaseMs) +
                      (oneStage && mainFacts ? " in " + ctx.stageLabel(*mainFacts)
                                             : " in stages " + stages);
            char busy[64];
            std::snprintf(busy, sizeof busy, "%.1f of %.0f cores", taskMs / double(phaseMs),
                          cores);
            f.detail = "From " + sinceStart(in, first.startMs) + " to " +
                       sinceStart(in, last.endMs) + " tasks kept " + busy + " busy. " +
                       (all.cpuLogged ? "Executor CPU time was " +
                                            percent(all.cpuMs / all.runMs) + " of their run time"
                                      : std::string("Executor CPU time is not logged")) +
                       "; GC took " + percent(all.gcMs / all.runMs) + ", shuffle fetch wait " +
                       percent(all.fetchWaitMs / all.runMs) +
                       " and little or nothing spilled: " +
                       (!all.cpuLogged ? std::string("the rest of the run time was the tasks' own "
                                                     "work (reading, computing, writing).")
                        : all.cpuMs >= 0.8 * all.runMs
                            ? std::string("the cores ran the tasks' own computation.")
                            : "the rest of the run time (" +
                                  percent(1 - (all.cpuMs + all.gcMs + all.fetchWaitMs) /
                                                  all.runMs) +
                                  ") was off CPU outside GC and shuffle fetches, such as reading "
                                  "input or writing output; more cores help there while the "
                                  "storage keeps up.") +
                       " Partitions or memory settings will not shorten it; only more cores or "
                       "less work will.";
            if (computeMs + 1000 < phaseMs)
                f.detail += " Slow tasks held " + formatDuration(phaseMs - computeMs) +
                            " of the phase; their own findings count that time.";
            f.costMethod = "the phase's wall clock (less what its slow tasks cost) less what it "
                           "would take on " +
                           std::to_string(int(p["coreFactor"])) +
                           " × the cores (the tasks' work split evenly)";
            const int64_t execs = [&] {
                int64_t n = 0;
                for (const Executor& e : ctx.model.executors)
                    if (e.id != "driver" && e.addTime < last.endMs &&
                        (e.removeTime < 0 || e.removeTime > first.startMs))
                        ++n;
                return n;
            }();
            const std::string more = std::to_string(int(p["coreFactor"])) + " × the cores";
            std::string lever;
            if (ctx.localMode)
                lever = "Run on a machine with more cores (local[N]) or on a cluster";
            else if (ctx.model.application.sparkVersionFromDatabricks)
                lever = "Use more or larger workers (" + std::to_string(execs) +
                        " executors now)";
            else if (ctx.run.dynamicAllocation)
            {
                const auto max = sparkConf(in, "spark.dynamicAllocation.maxExecutors");
                lever = "Allow more executors (spark.dynamicAllocation.maxExecutors at least " +
                        std::to_string(std::max<int64_t>(1, execs) * int64_t(p["coreFactor"])) +
                        (max ? ", now " + *max : std::string()) + ")";
            }
            else
                lever = "Add executors (spark.executor.instances=" +
                        std::to_string(std::max<int64_t>(1, execs) * int64_t(p["coreFactor"])) +
                        ", now " + std::to_string(execs) + ")";
            f.fix = lever + ", keeping at least as many tasks as cores; " + more + " would save "
                    "about " + formatDuration(saving) +
                    ". Or make the work smaller: filter and project earlier, cheaper expressions "
                    "and UDFs";
            if (oneStage && mainFacts && mainFacts->tasks <= int64_t(cores + 0.5))
                f.fix += ". The stage ran " + countText(mainFacts->tasks, "task", "tasks") +
                         ": more cores need more partitions too";
            if (oneStage && mainFacts) f.evidence.push_back(Evidence::stage(main.stage, main.attempt));
            for (size_t k : phase)
                if (f.evidence.size() < 8) {
                    Evidence e = Evidence::window(slices[k].startMs, slices[k].endMs,
                                                  "every core computing");
                    if (oneStage) e = sliceWindow(slices[k], "every core computing");
                    f.evidence.push_back(std::move(e));
                }
            f.claims = std::move(claims);
            f.focusMetric = HistogramMetric::Duration;
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
