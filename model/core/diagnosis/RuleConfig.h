// Rule thresholds and severity bands, with overrides from a rules file (JSON):
//   {"severity": {"criticalShare": 0.1, "warningShare": 0.02},
//    "rules": {"task-skew": {"minRatio": 4}, "locality": {"enabled": false}}}
// Unknown rules or keys are refused, so a typo never silently does nothing.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "diagnosis/Rule.h"

namespace stagelight {

struct RuleConfig {
    // A finding's severity comes from its estimated cost as a share of the wall clock.
    double criticalShare = 0.10, warningShare = 0.02;
    std::map<std::string, std::map<std::string, double>> overrides;
    std::set<std::string> disabled;

    RuleParams paramsFor(const RuleDef& rule) const;
    bool enabled(const RuleDef& rule) const { return !disabled.count(std::string(rule.name)); }
    // Parses a rules file; false with `error` naming the offending key.
    static bool parse(std::string_view json, RuleConfig& out, std::string& error);
    // The rules file that parses back to this configuration: only what differs from the
    // defaults (an empty object for the defaults).
    std::string toJson() const;
};

}  // namespace stagelight
