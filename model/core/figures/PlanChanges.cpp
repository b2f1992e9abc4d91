#include "figures/PlanChanges.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

namespace stagelight {
namespace {

bool contains(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

bool isJoin(const std::string& name) {
    return contains(name, "Join") || name == "CartesianProduct" || name == "GpuCartesianProduct";
}

bool isQueryStage(const std::string& name) {
    return contains(name, "QueryStage");
}

bool isShuffleRead(const std::string& name) {
    return contains(name, "AQEShuffleRead") || contains(name, "CustomShuffleReader") ||
           contains(name, "ShuffleCoalesce");
}

std::map<std::string, int> countBy(const SqlPlan& plan, bool (*pick)(const std::string&)) {
    std::map<std::string, int> n;
    for (const PlanNode& node : plan.nodes)
        if (pick(node.nodeName)) ++n[node.nodeName];
    return n;
}

// The number closing the first "…partitioning(…, N)" of a plan string, or -1 (no std::regex:
// slow, and GCC 12 warns inside it under the sanitizers).
int64_t partitioningCount(std::string_view text) {
    const size_t open = text.find("partitioning(");
    if (open == std::string_view::npos) return -1;
    const size_t close = text.find(')', open);
    if (close == std::string_view::npos) return -1;
    size_t end = close;
    while (end > open && text[end - 1] == ' ') --end;
    size_t begin = end;
    while (begin > open && text[begin - 1] >= '0' && text[begin - 1] <= '9') --begin;
    if (begin == end || end - begin > 18) return -1;
    int64_t n = 0;
    for (size_t i = begin; i < end; ++i) n = n * 10 + (text[i] - '0');
    return n;
}

// The partition count an exchange below `index` was planned with: "hashpartitioning(x, 200)".
int64_t plannedPartitions(const SqlPlan& plan, size_t index, int depth = 0) {
    if (index >= plan.nodes.size() || depth > 4) return -1;
    const PlanNode& node = plan.nodes[index];
    if (contains(node.nodeName, "Exchange"))
        if (const int64_t n = partitioningCount(node.simpleString); n >= 0) return n;
    for (int32_t child : node.children)
        if (const int64_t n = plannedPartitions(plan, size_t(child), depth + 1); n >= 0) return n;
    return -1;
}

int64_t metricTotal(const PlanNode& node, const char* name, const PlanMetricTable& metrics) {
    for (const PlanMetric& m : node.metrics)
        if (m.name == name) return metrics.total(m.accumulatorId);
    return -1;
}

// A shuffle read as it reads: "coalesced 200 → 12 partitions; 3 skewed partitions split in 9".
std::string describeRead(const SqlPlan& plan, size_t index, const PlanMetricTable& metrics) {
    const PlanNode& node = plan.nodes[index];
    const int64_t planned = plannedPartitions(plan, index);
    const int64_t now = metricTotal(node, "number of partitions", metrics);
    const int64_t skewed = metricTotal(node, "number of skewed partitions", metrics);
    const int64_t splits = metricTotal(node, "number of skewed partition splits", metrics);
    std::string s;
    if (contains(node.simpleString, "local")) s = "local shuffle read (no shuffle fetch)";
    if (contains(node.simpleString, "coalesced") || (planned > 0 && now > 0 && now < planned)) {
        s = "partitions coalesced";
        if (planned > 0 && now >= 0)
            s += " " + std::to_string(planned) + " → " + std::to_string(now);
        else if (now >= 0)
            s += " to " + std::to_string(now);
    }
    if (skewed > 0 || contains(node.simpleString, "skew")) {
        if (!s.empty()) s += "; ";
        s += "skewed partitions split";
        if (skewed > 0) s += ": " + std::to_string(skewed);
        if (splits > 0) s += " into " + std::to_string(splits) + " splits";
    }
    return s;
}

// The stage ids this execution's jobs list.
std::set<int32_t> stagesOf(const EventLogModel& m, const SqlExecution& q) {
    std::set<int32_t> ids;
    for (int32_t id : q.jobIds)
        if (const Job* j = m.job(id)) ids.insert(j->stageIds.begin(), j->stageIds.end());
    return ids;
}

// The stage whose completion an update follows. The event names none: the stage completed last
// in the log before it stands in when it is this query's (another query's, or a job without
// SQL, says nothing about this plan); else this query's latest completion by then, if any.
const StageAttempt* trigger(const EventLogModel& m, const std::set<int32_t>& ours,
                            const PlanVersion& v) {
    if (v.afterStageId >= 0 && ours.count(v.afterStageId))
        return m.stage(v.afterStageId, v.afterStageAttempt);
    const StageAttempt* best = nullptr;
    for (const StageAttempt& s : m.stages)
        if (s.completed && s.completionTime >= 0 && s.completionTime <= v.afterTimeMs &&
            (!best || s.completionTime > best->completionTime) && ours.count(s.stageId))
            best = &s;
    return best;
}

std::string names(const std::map<std::string, int>& n) {
    std::string s;
    for (const auto& [name, count] : n) {
        if (!s.empty()) s += ", ";
        s += name + (count > 1 ? " ×" + std::to_string(count) : "");
    }
    return s;
}

// Entries of `after` that `before` has fewer of.
std::map<std::string, int> added(const std::map<std::string, int>& before,
                                 const std::map<std::string, int>& after) {
    std::map<std::string, int> out;
    for (const auto& [name, count] : after) {
        const auto it = before.find(name);
        const int was = it == before.end() ? 0 : it->second;
        if (count > was) out[name] = count - was;
    }
    return out;
}

}  // namespace

std::vector<std::string> planChanges(const SqlPlan& before, const SqlPlan& after,
                                     const PlanMetricTable& metrics) {
    std::vector<std::string> out;
    const auto joinsBefore = countBy(before, isJoin), joinsAfter = countBy(after, isJoin);
    const auto gone = added(joinsAfter, joinsBefore), fresh = added(joinsBefore, joinsAfter);
    if (!gone.empty() && !fresh.empty())
        out.push_back("join strategy switched: " + names(gone) + " → " + names(fresh));
    else if (!fresh.empty())
        out.push_back("joins added: " + names(fresh));
    else if (!gone.empty())
        out.push_back("joins removed: " + names(gone));
    // Shuffle reads the update introduced, each with what it does to the partitions.
    std::multiset<std::string> oldReads;
    std::vector<std::string> reads;
    for (const PlanNode& n : before.nodes)
        if (isShuffleRead(n.nodeName)) oldReads.insert(n.simpleString);
    for (size_t i = 0; i < after.nodes.size(); ++i) {
        if (!isShuffleRead(after.nodes[i].nodeName)) continue;
        if (const auto it = oldReads.find(after.nodes[i].simpleString); it != oldReads.end()) {
            oldReads.erase(it);
            continue;
        }
        if (std::string d = describeRead(after, i, metrics); !d.empty()) reads.push_back(d);
    }
    // The same change on several reads once, counted ("partitions coalesced ×2").
    for (size_t i = 0; i < reads.size(); ++i) {
        const auto count = std::count(reads.begin(), reads.end(), reads[i]);
        if (std::find(reads.begin(), reads.begin() + ptrdiff_t(i), reads[i]) != reads.begin() + ptrdiff_t(i))
            continue;  // counted at its first
        out.push_back(count > 1 ? reads[i] + " ×" + std::to_string(count) : reads[i]);
    }
    const auto stages = added(countBy(before, isQueryStage), countBy(after, isQueryStage));
    int newStages = 0;
    for (const auto& [name, count] : stages) newStages += count;
    if (newStages > 0)
        out.push_back(std::to_string(newStages) + " new query stage" +
                      (newStages > 1 ? "s" : "") + " (" + names(stages) + ")");
    return out;
}

std::vector<PlanVersionInfo> planVersions(const EventLogModel& m, const SqlExecution& q,
                                          const PlanMetricTable& metrics) {
    std::vector<PlanVersionInfo> out;
    const std::set<int32_t> ours = stagesOf(m, q);
    const SqlPlan& first = q.adaptiveUpdates.empty() ? q.plan : q.initialPlan;
    out.push_back({q.adaptiveUpdates.empty() ? "Plan (not changed by adaptive execution)"
                                             : "Initial plan",
                   {}, &first});
    for (size_t i = 0; i < q.adaptiveUpdates.size(); ++i) {
        const PlanVersion& v = q.adaptiveUpdates[i];
        std::string title = "Update " + std::to_string(i + 1) + " of " +
                            std::to_string(q.adaptiveUpdates.size());
        if (const StageAttempt* s = trigger(m, ours, v))
            title += " · after stage " + StageKey{s->stageId, s->attemptId}.str() + " completed";
        else if (i == 0)
            title += " · as first submitted (no stage of this query had completed)";
        else
            title += " · no stage of this query had completed";
        if (i + 1 == q.adaptiveUpdates.size()) title += " (final plan)";
        const SqlPlan& before = i == 0 ? first : q.adaptiveUpdates[i - 1].plan;
        out.push_back({title, planChanges(before, v.plan, metrics), &v.plan});
    }
    return out;
}

}  // namespace stagelight
