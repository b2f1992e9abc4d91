#include "figures/PlanMetrics.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <unordered_set>

#include "model/Numeric.h"
#include "text/Format.h"

namespace stagelight {
namespace {

// Java's %.Nf of a double: the shortest decimal that reads back as the double, rounded half up
// at N decimals (Formatter uses FormattedFloatingDecimal, not the binary value).
std::string javaFixed(double value, int decimals) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
    if (ec != std::errc()) return "NaN";
    std::string s(buf, end);
    const bool negative = !s.empty() && s.front() == '-';
    if (negative) s.erase(0, 1);
    const size_t dot = s.find('.');
    std::string whole = dot == std::string::npos ? s : s.substr(0, dot);
    std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
    const bool up = frac.size() > size_t(decimals) && frac[size_t(decimals)] >= '5';
    frac.resize(size_t(decimals), '0');
    std::string digits = whole + frac;
    if (up) {
        int i = int(digits.size()) - 1;
        while (i >= 0 && digits[size_t(i)] == '9') digits[size_t(i--)] = '0';
        if (i < 0)
            digits.insert(digits.begin(), '1');
        else
            ++digits[size_t(i)];
    }
    std::string out = digits.substr(0, digits.size() - size_t(decimals));
    if (decimals > 0) out += "." + digits.substr(digits.size() - size_t(decimals));
    return (negative ? "-" : "") + out;
}

// NumberFormat.getNumberInstance(Locale.US) of value / 10 (an average metric is stored ×10).
std::string averageText(int64_t value) {
    const int64_t whole = value / 10, tenth = value % 10;
    std::string s = formatCount(whole);
    if (tenth != 0) s += "." + std::to_string(tenth < 0 ? -tenth : tenth);
    if (value < 0 && whole == 0) s = "-" + s;
    return s;
}

bool isTimingType(const std::string& t) {
    return t == "timing" || t == "nsTiming";
}

std::string metricString(const SqlMetricAggregate& m, bool spark) {
    const auto fmt = [&](int64_t v) {
        if (m.type == "size") return spark ? sparkBytesToString(v) : formatBytes(v);
        if (m.type == "timing") return spark ? sparkMsDurationToString(v) : formatDuration(v);
        return spark ? sparkMsDurationToString(v / 1000000) : formatDuration(v / 1000000);
    };
    const std::string where = !m.maxFromTask ? "(driver)"
                                              : "(stage " + std::to_string(m.maxStage) + "." +
                                                    std::to_string(m.maxAttempt) + ": task " +
                                                    std::to_string(m.maxTask) + ")";
    const char* suffix = "(min, med, max (stageId: taskId))";
    if (m.type == "sum") return formatCount(m.sum);
    if (m.type.rfind("v2Custom_", 0) == 0) return "N/A";  // the plugin class aggregates those
    if (m.type == "average") {
        std::vector<int64_t> valid;
        for (int64_t v : m.values)
            if (v > 0) valid.push_back(v);
        if (valid.size() <= 1) return averageText(valid.empty() ? 0 : valid.front());
        std::sort(valid.begin(), valid.end());
        if (!spark)  // one line in an operator's box: "avg (min, med, max)"
            return "avg (" + averageText(valid.front()) + ", " +
                   averageText(valid[valid.size() / 2]) + ", " + averageText(valid.back()) + ")";
        return std::string(suffix) + ":\n(" + averageText(valid.front()) + ", " +
               averageText(valid[valid.size() / 2]) + ", " + averageText(valid.back()) + " " +
               where + ")";
    }
    if (m.type != "size" && !isTimingType(m.type)) return formatCount(m.sum);
    std::vector<int64_t> valid;
    for (int64_t v : m.values)
        if (v >= 0) valid.push_back(v);
    if (valid.size() <= 1) return fmt(valid.empty() ? 0 : valid.front());
    std::sort(valid.begin(), valid.end());
    int64_t sum = 0;
    for (int64_t v : valid) sum = jvmAdd(sum, v);  // a JVM long's sum
    if (!spark)  // one line in an operator's box: "total (min, med, max)"
        return fmt(sum) + " (" + fmt(valid.front()) + ", " + fmt(valid[valid.size() / 2]) + ", " +
               fmt(valid.back()) + ")";
    return std::string("total ") + suffix + "\n" + fmt(sum) + " (" + fmt(valid.front()) + ", " +
           fmt(valid[valid.size() / 2]) + ", " + fmt(valid.back()) + " " + where + ")";
}

}  // namespace

std::string sparkBytesToString(int64_t size) {
    // Utils.bytesToString: a unit from twice its size, one decimal rounded half up.
    static const std::pair<int, const char*> units[] = {{60, "EiB"}, {50, "PiB"}, {40, "TiB"},
                                                        {30, "GiB"}, {20, "MiB"}, {10, "KiB"}};
    for (const auto& [shift, name] : units) {
        const uint64_t unit = uint64_t(1) << shift;
        if (size >= 0 && uint64_t(size) >= 2 * unit) {
            // Tenths rounded half up, in unsigned 64 bits: rem × 10 + unit / 2 < 2^64.
            const uint64_t whole = uint64_t(size) / unit, rem = uint64_t(size) % unit;
            const uint64_t tenths = whole * 10 + (rem * 10 + unit / 2) / unit;
            return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " " + name;
        }
    }
    return std::to_string(size) + ".0 B";
}

std::string sparkMsDurationToString(int64_t ms) {
    // Utils.msDurationToString: the value as a float, then Java's %.1f / %.2f.
    if (ms < 1000) return std::to_string(ms) + " ms";
    if (ms < 60 * 1000) return javaFixed(double(float(ms) / 1000.0f), 1) + " s";
    if (ms < 3600 * 1000) return javaFixed(double(float(ms) / 60000.0f), 1) + " m";
    return javaFixed(double(float(ms) / 3600000.0f), 2) + " h";
}

std::string sparkMetricString(const SqlMetricAggregate& m) {
    return metricString(m, true);
}

std::string windowMetricString(const SqlMetricAggregate& m) {
    return metricString(m, false);
}

PlanMetricTable::PlanMetricTable(const EventLogModel& model, const SqlExecution& execution) {
    // The metrics of every plan the execution had (AQE only adds), by accumulator id.
    std::unordered_map<int64_t, std::string> types;
    for (const PlanMetric& m : execution.metrics) types.emplace(m.accumulatorId, m.metricType);
    std::vector<const SqlPlan*> plans{&execution.plan, &execution.initialPlan};
    for (const PlanVersion& v : execution.adaptiveUpdates) plans.push_back(&v.plan);
    for (const SqlPlan* plan : plans)
        for (const PlanNode& n : plan->nodes)
            for (const PlanMetric& m : n.metrics) types.emplace(m.accumulatorId, m.metricType);
    // The stages of the execution's jobs, each in its latest attempt with the task count of
    // its first (the History Server sizes the slots at JobStart and keeps them on a retry).
    std::map<int32_t, std::pair<int32_t, int32_t>> stages;  // id → (latest attempt, tasks)
    for (const Job& job : model.jobs)
        if (job.sqlExecutionId == execution.id)
            for (int32_t s : job.stageIds) stages.emplace(s, std::pair{-1, 0});
    for (const StageAttempt& a : model.stages) {
        const auto it = stages.find(a.stageId);
        if (it == stages.end()) continue;
        if (a.attemptId > it->second.first) it->second.first = a.attemptId;
        if (a.attemptId == 0 || it->second.second == 0) it->second.second = std::max(it->second.second, a.numTasks);
    }
    // The tasks of those attempts in the order their TaskEnds were logged.
    const TaskTable& t = model.tasks;
    std::map<int32_t, std::vector<size_t>> rowsOf;
    for (size_t r = 0; r < t.size(); ++r) {
        if (!(t.get(r, TaskField::Flags) & kFinished)) continue;  // no TaskEnd: no update
        const auto it = stages.find(int32_t(t.get(r, TaskField::StageId)));
        if (it != stages.end() && t.get(r, TaskField::StageAttemptId) == it->second.first)
            rowsOf[it->first].push_back(r);
    }
    for (auto& [stage, rows] : rowsOf) {
        std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
            return std::pair(t.get(a, TaskField::SourcePart), t.get(a, TaskField::SourceOffset)) <
                   std::pair(t.get(b, TaskField::SourcePart), t.get(b, TaskField::SourceOffset));
        });
        // Plain names, not a structured binding: clang 14 cannot capture bindings in a lambda.
        const int32_t attempt = stages[stage].first, numTasks = stages[stage].second;
        std::vector<char> frozen(size_t(std::max(0, numTasks)), 0);
        std::unordered_map<int64_t, std::vector<int64_t>> slots;
        struct Max {
            int64_t value, task;
        };
        std::unordered_map<int64_t, Max> maxima;
        for (size_t r : rows) {
            const int64_t index = t.get(r, TaskField::Index);
            if (index < 0 || index >= numTasks || frozen[size_t(index)]) continue;
            const int64_t taskId = t.get(r, TaskField::TaskId);
            t.forEachAccumulable(r, [&](AccumulableUpdate a) {
                const auto type = types.find(a.id);
                if (type == types.end()) return;
                auto& values = slots[a.id];
                if (values.empty()) values.assign(size_t(numTasks), 0);
                values[size_t(index)] = a.update;
                if (type->second == "sum") return;
                const auto [it, fresh] = maxima.try_emplace(a.id, Max{a.update, taskId});
                if (!fresh && a.update > it->second.value) it->second = {a.update, taskId};
            });
            const auto flags = t.get(r, TaskField::Flags);
            if (EndReason(t.get(r, TaskField::EndReason)) == EndReason::Success &&
                !(flags & (kFailed | kKilled)))
                frozen[size_t(index)] = 1;
        }
        for (auto& [id, values] : slots) {
            SqlMetricAggregate& m = metrics_[id];
            m.type = types[id];
            m.values.insert(m.values.end(), values.begin(), values.end());
            stages_[id].emplace_back(stage, attempt);
            if (const auto it = maxima.find(id); it != maxima.end())
                if (!m.maxFromTask || it->second.value > m.maxValue) {  // the first max wins
                    m.maxFromTask = true;
                    m.maxValue = it->second.value;
                    m.maxStage = stage;
                    m.maxAttempt = attempt;
                    m.maxTask = it->second.task;
                }
        }
    }
    for (const auto& [id, value] : execution.driverAccumUpdates) {
        const auto type = types.find(id);
        if (type == types.end()) continue;
        SqlMetricAggregate& m = metrics_[id];
        m.type = type->second;
        m.values.push_back(value);
        if (m.maxFromTask && value > m.maxValue) m.maxFromTask = false;  // "(driver)"
    }
    for (auto& [id, m] : metrics_) {
        m.sum = 0;
        for (int64_t v : m.values) m.sum = jvmAdd(m.sum, v);  // a JVM long's sum wraps
    }
}

const SqlMetricAggregate* PlanMetricTable::aggregate(int64_t accumulatorId) const {
    const auto it = metrics_.find(accumulatorId);
    return it == metrics_.end() ? nullptr : &it->second;
}

std::vector<PlanMetricValue> PlanMetricTable::nodeMetrics(const PlanNode& node) const {
    std::vector<PlanMetricValue> out;
    for (const PlanMetric& m : node.metrics)
        if (const SqlMetricAggregate* a = aggregate(m.accumulatorId))  // else never updated
            out.push_back({m.name, windowMetricString(*a), m.accumulatorId});
    return out;
}

std::string PlanMetricTable::sparkText(int64_t accumulatorId) const {
    const SqlMetricAggregate* a = aggregate(accumulatorId);
    return a ? sparkMetricString(*a) : std::string();
}

int64_t PlanMetricTable::measuredTimeMs(const PlanNode& node) const {
    int64_t total = 0;
    for (const PlanMetric& m : node.metrics) {
        if (!isTimingType(m.metricType)) continue;
        const SqlMetricAggregate* a = aggregate(m.accumulatorId);
        if (!a) continue;
        int64_t sum = 0;
        for (int64_t v : a->values)
            if (v > 0) sum += v;  // -1: not set
        total += m.metricType == "nsTiming" ? sum / 1000000 : sum;
    }
    return total;
}

std::vector<std::pair<int32_t, int32_t>> PlanMetricTable::stagesOf(const PlanNode& node) const {
    std::vector<std::pair<int32_t, int32_t>> out;
    for (const PlanMetric& m : node.metrics)
        if (const auto it = stages_.find(m.accumulatorId); it != stages_.end())
            for (const auto& s : it->second)
                if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    std::sort(out.begin(), out.end());
    return out;
}

int64_t PlanMetricTable::total(int64_t accumulatorId) const {
    const SqlMetricAggregate* a = aggregate(accumulatorId);
    return a ? a->sum : -1;
}

}  // namespace stagelight
