#include "diagnosis/RelatedStage.h"

#include <algorithm>

#include "figures/PlanGraph.h"
#include "figures/PlanMetrics.h"
#include "model/Numeric.h"

namespace stagelight {
namespace {

// The longest of the stages `pick` accepts (by the History Server's stage duration).
template <typename Pick>
StageKey longestStage(const EventLogModel& m, Pick pick) {
    StageKey best;
    int64_t bestMs = -1;
    for (const StageTotals& st : m.derived.stageTotals)
        if (st.stage < m.stages.size() && pick(m.stages[st.stage], st) && st.durationMs > bestMs) {
            best = st.key;
            bestMs = st.durationMs;
        }
    return best;
}

bool inJobs(const StageAttempt& s, const std::vector<int32_t>& jobs) {
    return std::any_of(s.jobIds.begin(), s.jobIds.end(), [&](int32_t j) {
        return std::find(jobs.begin(), jobs.end(), j) != jobs.end();
    });
}

}  // namespace

StageKey relatedStage(const EventLogModel& m, const Finding& finding) {
    for (const Evidence& e : finding.evidence)
        if (e.stageId >= 0 && m.stage(e.stageId, e.stageAttemptId))
            return {e.stageId, e.stageAttemptId};
    for (const Evidence& e : finding.evidence) {
        if (e.kind == Evidence::Kind::SqlNode) {
            if (const SqlExecution* q = m.sqlExecution(e.executionId)) {
                // The stage whose tasks ran the operator, as the plan graph places it; else
                // the query's longest stage.
                if (e.nodeId >= 0 && size_t(e.nodeId) < q->plan.nodes.size()) {
                    const PlanGraph graph = buildPlanGraph(q->plan, PlanMetricTable(m, *q));
                    for (int32_t n : graph.nodesOf(int32_t(e.nodeId))) {
                        const auto [stage, attempt] = graph.nodes[size_t(n)].stage;
                        if (stage >= 0 && m.stage(stage, attempt)) return {stage, attempt};
                    }
                }
                const StageKey k = longestStage(m, [&](const StageAttempt& s, const StageTotals&) {
                    return inJobs(s, q->jobIds);
                });
                if (k.valid()) return k;
            }
        } else if (e.kind == Evidence::Kind::Rdd) {
            const StageKey k = longestStage(m, [&](const StageAttempt& s, const StageTotals&) {
                return std::any_of(s.rdds.begin(), s.rdds.end(),
                                   [&](const RddInfo& r) { return r.id == e.rddId; });
            });
            if (k.valid()) return k;
        } else if (e.kind == Evidence::Kind::TimeWindow && e.endMs > e.startMs) {
            // The stage that ran longest inside the window.
            StageKey best;
            int64_t bestMs = 0;
            for (const StageTotals& st : m.derived.stageTotals) {
                if (st.firstTaskLaunchTime < 0) continue;
                const int64_t end = saturatingAdd(st.firstTaskLaunchTime, st.durationMs);
                const int64_t overlap = saturatingSub(std::min(end, e.endMs),
                                                      std::max(st.firstTaskLaunchTime, e.startMs));
                if (overlap > bestMs) {
                    best = st.key;
                    bestMs = overlap;
                }
            }
            if (best.valid()) return best;
        }
    }
    return {};
}

bool stageOfJob(const EventLogModel& m, StageKey stage, int32_t jobId) {
    const Job* job = m.job(jobId);
    return job && std::find(job->stageIds.begin(), job->stageIds.end(), stage.stage) !=
                      job->stageIds.end();
}

StageKey jobStage(const EventLogModel& m, int32_t jobId) {
    const Job* job = m.job(jobId);
    if (!job) return {};
    const auto listed = [&](const StageAttempt& s, const StageTotals& st) {
        // Attempts the stage table lists (a stage only named by a JobStart is not one).
        return (s.submitted || s.completed || st.attempts > 0) &&
               std::find(job->stageIds.begin(), job->stageIds.end(), s.stageId) !=
                   job->stageIds.end();
    };
    const StageKey ran = longestStage(m, [&](const StageAttempt& s, const StageTotals& st) {
        return listed(s, st) && !job->counters.skippedStages.count(s.stageId);
    });
    return ran.valid() ? ran : longestStage(m, listed);
}

std::vector<int64_t> stageExecutions(const EventLogModel& m, StageKey stage) {
    std::vector<int64_t> out;
    for (const Job& job : m.jobs)
        if (job.sqlExecutionId >= 0 &&
            std::find(job.stageIds.begin(), job.stageIds.end(), stage.stage) != job.stageIds.end())
            out.push_back(job.sqlExecutionId);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace stagelight
