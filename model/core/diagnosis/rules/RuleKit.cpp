#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

#include <cctype>
#include <cstdlib>

namespace stagelight::rules {

std::vector<int64_t> rankedTaskIds(const DiagnosisContext& ctx, std::vector<uint32_t> rows,
                                   const std::function<int64_t(uint32_t)>& key, size_t limit) {
    if (key)
        std::stable_sort(rows.begin(), rows.end(),
                         [&](uint32_t a, uint32_t b) { return key(a) > key(b); });
    if (rows.size() > limit) rows.resize(limit);
    std::vector<int64_t> ids;
    for (uint32_t r : rows) ids.push_back(ctx.model.tasks.get(r, TaskField::TaskId));
    return ids;
}

std::string listedNote(std::string_view tasks, size_t listed, size_t total,
                       std::string_view ranked) {
    if (listed >= total) {
        std::string what(tasks);
        if (total == 1)  // "the task with the most shuffle data", "the failed attempt"
            for (const char* plural : {"tasks", "attempts"})
                if (const size_t at = what.find(plural); at != std::string::npos) {
                    what.erase(at + std::string_view(plural).size() - 1, 1);
                    break;
                }
        return "the " + what;
    }
    return "the " + std::to_string(listed) + " " + std::string(ranked) + " of the " +
           std::to_string(total) + " " + std::string(tasks);
}

std::vector<int64_t> topTasks(const DiagnosisContext& ctx, const StageFacts& s, size_t limit,
                              const std::function<int64_t(uint32_t)>& key,
                              const std::function<bool(uint32_t)>& keep) {
    std::vector<uint32_t> rows;
    for (uint32_t r : s.rows)
        if (!keep || keep(r)) rows.push_back(r);
    return rankedTaskIds(ctx, std::move(rows), key, limit);
}

Evidence stageWindow(const StageFacts& s, std::string note) {
    Evidence e = Evidence::window(s.start, s.end, std::move(note));
    e.stageId = s.stageId;
    e.stageAttemptId = s.attemptId;
    return e;
}

std::vector<size_t> stageSlices(const RuleInput& in, StageKey stage,
                                std::initializer_list<Slice::Cause> causes) {
    std::vector<size_t> out;
    const auto& slices = in.time.slices;
    for (size_t i = 0; i < slices.size(); ++i)
        if (slices[i].stage == stage &&
            (causes.size() == 0 ||
             std::find(causes.begin(), causes.end(), slices[i].cause) != causes.end()))
            out.push_back(i);
    return out;
}

std::vector<size_t> causeSlices(const RuleInput& in, std::initializer_list<Slice::Cause> causes) {
    std::vector<size_t> out;
    const auto& slices = in.time.slices;
    for (size_t i = 0; i < slices.size(); ++i)
        if (std::find(causes.begin(), causes.end(), slices[i].cause) != causes.end())
            out.push_back(i);
    return out;
}

int64_t slicesMs(const RuleInput& in, const std::vector<size_t>& which) {
    int64_t ms = 0;
    for (size_t i : which) ms += in.time.slices[i].durationMs();
    return ms;
}

void claim(Finding& f, const RuleInput& in, const std::vector<size_t>& which, int64_t ms) {
    std::vector<size_t> order = which;
    const auto& slices = in.time.slices;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return slices[a].durationMs() > slices[b].durationMs();
    });
    for (size_t i : order) {
        if (ms <= 0) break;
        const int64_t take = std::min(ms, slices[i].durationMs());
        f.claims.push_back({i, take});
        ms -= take;
    }
}

void claimAll(Finding& f, const RuleInput& in, const std::vector<size_t>& which) {
    for (size_t i : which) f.claims.push_back({i, in.time.slices[i].durationMs()});
}

std::string sinceStart(const RuleInput& in, int64_t epochMs) {
    return formatOffset(std::max<int64_t>(0, epochMs - in.ctx.appStart));
}

Evidence sliceWindow(const Slice& s, std::string note) {
    Evidence e = Evidence::window(s.startMs, s.endMs, std::move(note));
    if (s.stage.valid()) {
        e.stageId = s.stage.stage;
        e.stageAttemptId = s.stage.attempt;
    }
    return e;
}

std::optional<int64_t> nodeMetric(const RuleInput& in, const PlanNode& node,
                                  std::string_view name) {
    for (const PlanMetric& m : node.metrics)
        if (m.name == name) {
            auto it = in.accumulatorTotals.find(m.accumulatorId);
            return it == in.accumulatorTotals.end() ? 0 : it->second;
        }
    return std::nullopt;
}

std::optional<int64_t> nodeTimeMs(const RuleInput& in, const PlanNode& node,
                                  std::string_view name) {
    const auto v = nodeMetric(in, node, name);
    if (!v) return v;
    for (const PlanMetric& m : node.metrics)
        if (m.name == name && m.metricType == "nsTiming") return *v / 1'000'000;
    return v;
}

std::optional<std::string> nodeMetadata(const PlanNode& node, std::string_view key) {
    for (const auto& [k, v] : node.metadata)
        if (k == key) return v;
    return std::nullopt;
}

void forEachPlanNode(const EventLogModel& model,
                     const std::function<void(const SqlExecution&, int32_t, const PlanNode&)>& fn) {
    for (const SqlExecution& e : model.sqlExecutions)
        for (size_t i = 0; i < e.plan.nodes.size(); ++i) fn(e, int32_t(i), e.plan.nodes[i]);
}

std::optional<std::string> sparkConf(const RuleInput& in, std::string_view key) {
    return in.ctx.model.environment.sparkProperty(key);
}

std::optional<int64_t> memoryBytes(std::string_view text) {
    std::string s(text);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || v < 0) return std::nullopt;
    std::string unit(end);
    for (char& c : unit) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (!unit.empty() && unit.back() == 'b' && unit.size() > 1) unit.pop_back();
    double scale = double(1 << 20);  // Spark reads a bare number as MiB for memory settings
    if (unit == "k")
        scale = 1024.0;
    else if (unit == "m")
        scale = double(1 << 20);
    else if (unit == "g")
        scale = double(1 << 30);
    else if (unit == "t")
        scale = double(int64_t(1) << 40);
    else if (unit == "b")
        scale = 1;
    else if (!unit.empty())
        return std::nullopt;
    return saturatingInt64(v * scale);
}

}  // namespace stagelight::rules
