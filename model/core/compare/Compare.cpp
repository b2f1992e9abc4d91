#include "compare/Compare.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <span>

#include "diagnosis/Slices.h"
#include "model/Numeric.h"

namespace stagelight {
namespace {

// What identifies a stage across runs of the same code: its call site, its job's query, its rank
// in the job, its RDD operations (name and scope), its parents, and the SQL plan's operators.
struct StageShape {
    ComparedStage figures;
    std::string job;  // the job's description (its SQL) or, without one, its name
    int jobOrdinal = -1, rankInJob = -1;
    std::vector<std::string> rdds;     // "name|scope", sorted
    std::vector<std::string> parents;  // parent stages' names, sorted
    std::vector<std::string> plan;     // operator names of the job's SQL plan, sorted
};

double skewRatio(const TaskTable& t, std::span<const uint32_t> rows) {
    std::vector<int64_t> d;
    for (uint32_t r : rows)
        if (t.hasFlag(r, kFinished) && t.endReason(r) == EndReason::Success)
            d.push_back(t.duration(r));
    if (d.empty()) return 0;
    std::sort(d.begin(), d.end());
    const int64_t median = d[d.size() / 2];
    return median > 0 ? double(d.back()) / double(median) : 0;
}

std::vector<StageShape> shapes(const EventLogModel& m) {
    const auto& totals = m.derived.stageTotals;
    const StageRowIndex& rows = m.derived.stageRows;
    std::map<int32_t, int> jobOrdinal;  // job id → position by submission
    {
        std::vector<const Job*> jobs;
        for (const Job& j : m.jobs) jobs.push_back(&j);
        std::stable_sort(jobs.begin(), jobs.end(), [](const Job* a, const Job* b) {
            return a->submissionTime < b->submissionTime;
        });
        for (size_t i = 0; i < jobs.size(); ++i) jobOrdinal[jobs[i]->id] = int(i);
    }
    std::map<int32_t, std::string> stageNames;
    for (const StageAttempt& s : m.stages) stageNames.emplace(s.stageId, s.name);
    std::vector<StageShape> out;
    for (size_t i = 0; i < m.stages.size(); ++i) {
        const StageTotals& st = totals[i];
        const StageAttempt& s = m.stages[i];
        // Stages that never ran (skipped, or pending at the end) have nothing to compare.
        if (s.status() == StageStatus::Skipped ||
            (st.attempts == 0 && !s.completed))
            continue;
        StageShape sh;
        ComparedStage& f = sh.figures;
        f.stage = i;
        f.stageId = s.stageId;
        f.attemptId = s.attemptId;
        f.name = s.name;
        f.durationMs = st.durationMs;
        f.tasks = st.attempts;
        f.inputBytes = st.sum(TaskField::InputBytesRead);
        f.shuffleReadBytes = st.shuffleReadBytes();
        f.shuffleWriteBytes = st.sum(TaskField::ShuffleBytesWritten);
        f.spillBytes = st.sum(TaskField::DiskBytesSpilled);
        f.gcTimeMs = st.sum(TaskField::JvmGcTime);
        f.skewRatio = skewRatio(m.tasks, rows.rows(i));
        if (!s.jobIds.empty()) {
            const auto it = jobOrdinal.find(s.jobIds.front());
            if (it != jobOrdinal.end()) sh.jobOrdinal = it->second;
            if (const Job* j = m.job(s.jobIds.front())) {
                sh.job = j->description.empty() ? j->name : j->description;
                if (const SqlExecution* q = m.sqlExecution(j->sqlExecutionId))
                    for (const PlanNode& n : q->plan.nodes) sh.plan.push_back(n.nodeName);
                std::sort(sh.plan.begin(), sh.plan.end());
            }
        }
        for (const RddInfo& r : s.rdds) sh.rdds.push_back(r.name + "|" + r.scopeName());
        std::sort(sh.rdds.begin(), sh.rdds.end());
        for (int32_t p : s.parentIds) sh.parents.push_back(stageNames[p]);
        std::sort(sh.parents.begin(), sh.parents.end());
        out.push_back(std::move(sh));
    }
    // Rank of each stage among the stages of its job that ran, by stage id.
    std::map<int, std::vector<StageShape*>> byJob;
    for (StageShape& sh : out) byJob[sh.jobOrdinal].push_back(&sh);
    for (auto& [job, list] : byJob) {
        std::stable_sort(list.begin(), list.end(), [](const StageShape* a, const StageShape* b) {
            return a->figures.stageId < b->figures.stageId;
        });
        for (size_t r = 0; r < list.size(); ++r) list[r]->rankInJob = int(r);
    }
    return out;
}

double jaccard(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.empty() && b.empty()) return 1;
    std::vector<std::string> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    return double(both.size()) / double(a.size() + b.size() - both.size());
}

// Stage names are "<operation> at <file>:<line>": an edit elsewhere in the file moves the line.
double nameScore(const std::string& a, const std::string& b) {
    if (a == b) return 1;
    auto withoutLine = [](const std::string& s) { return s.substr(0, s.rfind(':')); };
    if (withoutLine(a) == withoutLine(b)) return 0.7;
    return a.substr(0, a.find(' ')) == b.substr(0, b.find(' ')) ? 0.3 : 0;
}

double similarity(const StageShape& a, const StageShape& b) {
    // The same job is the same query or action; its position only breaks ties (a job added in
    // front of it moves every later one).
    return 0.3 * nameScore(a.figures.name, b.figures.name) + 0.2 * (a.job == b.job) +
           0.1 * (a.rankInJob == b.rankInJob) + 0.2 * jaccard(a.rdds, b.rdds) +
           0.1 * (a.parents == b.parents) + 0.1 * jaccard(a.plan, b.plan);
}

// Structure alone is not enough: a pair must share its call site, or agree on nearly all else.
bool candidate(const StageShape& a, const StageShape& b, double score) {
    return nameScore(a.figures.name, b.figures.name) >= 0.7 ? score >= 0.5 : score >= 0.8;
}

int64_t criticalPathMs(const Analysis& a) {
    int64_t sum = 0;
    for (const CriticalPath& cp : a.time.criticalPaths) sum = saturatingAdd(sum, cp.pathMs);
    return sum;
}

// What a finding is about, comparable across runs: its rule, its stage in the trial's ids, and
// the rest of its id with the stage taken out ("slow-host:h1:stage-3.0" → "slow-host:h1:").
struct FindingKey {
    std::string rule;
    StageKey stage;
    std::string rest;
    auto operator<=>(const FindingKey&) const = default;
};

FindingKey keyOf(const Finding& f, const std::map<StageKey, StageKey>& toTrial) {
    FindingKey k{f.rule, f.stage, f.id};
    if (!f.stage.valid()) return k;
    const std::string own = "stage-" + f.stage.str();
    if (const size_t at = k.rest.find(own); at != std::string::npos) k.rest.erase(at, own.size());
    if (const auto it = toTrial.find(f.stage); it != toTrial.end()) k.stage = it->second;
    return k;
}

}  // namespace

Comparison compareRuns(const EventLogModel& baseline, const Analysis& ba,
                       const EventLogModel& trial, const Analysis& ta) {
    Comparison c;
    const auto bs = shapes(baseline), ts = shapes(trial);
    // Every pair that agrees enough, best first; each stage is matched once.
    struct Pair {
        double score;
        size_t b, t;
    };
    std::vector<Pair> pairs;
    for (size_t i = 0; i < bs.size(); ++i)
        for (size_t j = 0; j < ts.size(); ++j)
            if (const double s = similarity(bs[i], ts[j]); candidate(bs[i], ts[j], s))
                pairs.push_back({s, i, j});
    std::stable_sort(pairs.begin(), pairs.end(), [&](const Pair& x, const Pair& y) {
        if (x.score != y.score) return x.score > y.score;
        // Equal structure (a loop running the same stage): keep the jobs' order.
        const auto dx = std::abs(bs[x.b].jobOrdinal - ts[x.t].jobOrdinal);
        const auto dy = std::abs(bs[y.b].jobOrdinal - ts[y.t].jobOrdinal);
        return dx != dy ? dx < dy
                        : std::abs(ptrdiff_t(x.b) - ptrdiff_t(x.t)) <
                              std::abs(ptrdiff_t(y.b) - ptrdiff_t(y.t));
    });
    std::vector<int> bMatch(bs.size(), -1), tMatch(ts.size(), -1);
    for (const Pair& p : pairs) {
        if (bMatch[p.b] >= 0 || tMatch[p.t] >= 0) continue;
        bMatch[p.b] = int(p.t);
        tMatch[p.t] = int(p.b);
        c.matches.push_back({bs[p.b].figures, ts[p.t].figures, p.score});
    }
    std::sort(c.matches.begin(), c.matches.end(), [](const StageMatch& x, const StageMatch& y) {
        return x.baseline.stage < y.baseline.stage;
    });
    for (size_t i = 0; i < bs.size(); ++i)
        if (bMatch[i] < 0) c.unmatchedBaseline.push_back(bs[i].figures);
    for (size_t j = 0; j < ts.size(); ++j)
        if (tMatch[j] < 0) c.unmatchedTrial.push_back(ts[j].figures);

    c.baselineWallMs = baseline.derived.span.wallMs();
    c.trialWallMs = trial.derived.span.wallMs();
    c.baselineCriticalPathMs = criticalPathMs(ba);
    c.trialCriticalPathMs = criticalPathMs(ta);
    c.baselineIdleCores = ba.time.idleCores;
    c.trialIdleCores = ta.time.idleCores;

    std::map<StageKey, StageKey> toTrial;  // a baseline stage → the trial's stage it matched
    for (const StageMatch& m : c.matches)
        toTrial[{m.baseline.stageId, m.baseline.attemptId}] = {m.trial.stageId, m.trial.attemptId};
    std::map<FindingKey, const Finding*> before, after;
    for (const Finding& f : ba.findings) before[keyOf(f, toTrial)] = &f;
    for (const Finding& f : ta.findings) after[keyOf(f, {})] = &f;
    for (const auto& [id, f] : after) {
        const auto it = before.find(id);
        FindingChange ch{
            it == before.end() ? FindingChange::Kind::Introduced : FindingChange::Kind::Unchanged,
            f->rule, f->title, it == before.end() ? 0 : it->second->estimatedCostMs,
            f->estimatedCostMs};
        c.findings.push_back(ch);
    }
    for (const auto& [id, f] : before)
        if (!after.count(id))
            c.findings.push_back(
                {FindingChange::Kind::Resolved, f->rule, f->title, f->estimatedCostMs, 0});

    // The stages that explain most (80 %) of the change in stage time, in its direction.
    int64_t total = 0;
    for (const StageMatch& m : c.matches)
        total = saturatingAdd(total, saturatingSub(m.trial.durationMs, m.baseline.durationMs));
    const int64_t sign = total >= 0 ? 1 : -1;
    std::vector<size_t> order(c.matches.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto delta = [&](size_t i) {
        return sign * (c.matches[i].trial.durationMs - c.matches[i].baseline.durationMs);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t x, size_t y) { return delta(x) > delta(y); });
    int64_t explained = 0;
    for (size_t i : order) {
        if (delta(i) <= 0 || c.explaining.size() == 5 || explained * 10 >= sign * total * 8) break;
        c.explaining.push_back(i);
        explained += delta(i);
    }

    std::map<Slice::Cause, CauseChange> byCause;
    for (const SliceCauseTotal& t : sliceTotalsByCause(ba.time.slices)) {
        byCause[t.cause].cause = t.cause;
        byCause[t.cause].baselineMs += t.ms;
    }
    for (const SliceCauseTotal& t : sliceTotalsByCause(ta.time.slices)) {
        byCause[t.cause].cause = t.cause;
        byCause[t.cause].trialMs += t.ms;
    }
    const int64_t wallDelta = c.trialWallMs - c.baselineWallMs;
    const int64_t wallSign = wallDelta >= 0 ? 1 : -1;
    for (const auto& [cause, change] : byCause) c.causes.push_back(change);
    std::stable_sort(c.causes.begin(), c.causes.end(), [&](const CauseChange& x, const CauseChange& y) {
        return wallSign * x.deltaMs() > wallSign * y.deltaMs();
    });
    int64_t covered = 0;
    for (size_t i = 0; i < c.causes.size(); ++i) {
        const int64_t d = wallSign * c.causes[i].deltaMs();
        if (d <= 0 || c.explainingCauses.size() == 3 || covered * 10 >= wallSign * wallDelta * 8)
            break;
        c.explainingCauses.push_back(i);
        covered += d;
    }
    return c;
}

}  // namespace stagelight
