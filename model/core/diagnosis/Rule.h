// A diagnosis rule: a canonical name, documented default thresholds (overridable from a rules
// file) and a check that adds findings, reports itself clean, or says why it could not run.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diagnosis/Finding.h"
#include "diagnosis/SlowTasks.h"
#include "diagnosis/TimeAccounting.h"
#include "text/Format.h"

namespace stagelight {

class RuleParams {
public:
    explicit RuleParams(std::map<std::string, double> values) : values_(std::move(values)) {}
    double operator[](std::string_view key) const;  // a key the rule declared

private:
    std::map<std::string, double> values_;
};

struct RuleInput {
    const DiagnosisContext& ctx;
    const TimeAccounting& time;  // time.slices: what findings claim
    const std::unordered_map<int64_t, int64_t>& accumulatorTotals;  // SQL metric id → total
    // Why each stage's slow tasks were slow, once per stage (parallel to ctx.stages): the
    // skew, straggler and CPU rules all read it.
    const std::vector<SlowTaskAnalysis>& slowTasks;

    const SlowTaskAnalysis& slowTasksOf(const StageFacts& s) const {
        return slowTasks[size_t(&s - ctx.stages.data())];
    }
};

struct RuleRun {
    enum class Outcome { Clean, Found, NotRun };
    Outcome outcome = Outcome::Clean;
    std::string reason;  // why it could not run
    static RuleRun notRun(std::string why) { return {Outcome::NotRun, std::move(why)}; }
};

struct RuleDef {
    std::string_view name;
    // Root causes first: where two findings claim the same slice, the lower precedence gets it
    // (job failures 0, driver and executor waits 10, stage-level root causes 20–40, symptoms
    // such as spill and GC 60, overheads 70).
    int precedence = 50;
    std::string_view checks;  // one line: what the rule looks for
    std::vector<std::pair<std::string, double>> defaults;
    std::function<RuleRun(const RuleInput&, const RuleParams&, std::vector<Finding>&)> run;
};

// Every rule, in a stable order.
const std::vector<RuleDef>& allRules();

// Helpers for rule files.
std::string stageId(int32_t stage, int32_t attempt);  // "3.0"

}  // namespace stagelight
