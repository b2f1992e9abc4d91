#include "diagnosis/RuleConfig.h"

#include <simdjson.h>

#include "text/JsonWriter.h"

#include <algorithm>
#include <cstdio>

namespace stagelight {

RuleParams RuleConfig::paramsFor(const RuleDef& rule) const {
    std::map<std::string, double> values(rule.defaults.begin(), rule.defaults.end());
    if (auto it = overrides.find(std::string(rule.name)); it != overrides.end())
        for (const auto& [k, v] : it->second) values[k] = v;
    return RuleParams(std::move(values));
}

bool RuleConfig::parse(std::string_view json, RuleConfig& out, std::string& error) {
    simdjson::dom::parser parser;
    simdjson::padded_string text(json);
    simdjson::dom::element root;
    if (parser.parse(text).get(root) != simdjson::SUCCESS || !root.is_object()) {
        error = "rules file: not a JSON object";
        return false;
    }
    auto number = [&](simdjson::dom::element v, const std::string& where, double& to) {
        if (v.is_bool()) {
            to = bool(v) ? 1 : 0;
            return true;
        }
        if (v.get_double().get(to) == simdjson::SUCCESS && to >= 0) return true;
        error = "rules file: " + where + " must be a non-negative number";
        return false;
    };
    for (auto [key, value] : root.get_object()) {
        if (key == "severity") {
            if (!value.is_object()) return error = "rules file: severity must be an object", false;
            for (auto [k, v] : value.get_object()) {
                double d = 0;
                if (!number(v, "severity." + std::string(k), d)) return false;
                if (k == "criticalShare")
                    out.criticalShare = d;
                else if (k == "warningShare")
                    out.warningShare = d;
                else
                    return error = "rules file: unknown key severity." + std::string(k), false;
            }
        } else if (key == "rules") {
            if (!value.is_object()) return error = "rules file: rules must be an object", false;
            for (auto [name, settings] : value.get_object()) {
                const auto& rules = allRules();
                auto rule =
                    std::find_if(rules.begin(), rules.end(),
                                 [name = name](const RuleDef& r) { return r.name == name; });
                if (rule == rules.end())
                    return error = "rules file: unknown rule " + std::string(name), false;
                if (!settings.is_object())
                    return error = "rules file: rules." + std::string(name) + " must be an object",
                           false;
                for (auto [k, v] : settings.get_object()) {
                    const std::string where = std::string(name) + "." + std::string(k);
                    double d = 0;
                    if (!number(v, "rules." + where, d)) return false;
                    if (k == "enabled") {
                        if (d == 0) out.disabled.insert(std::string(name));
                        continue;
                    }
                    const bool known = std::any_of(rule->defaults.begin(), rule->defaults.end(),
                                                   [k = k](const auto& p) { return p.first == k; });
                    if (!known)
                        return error = "rules file: unknown threshold rules." + where, false;
                    out.overrides[std::string(name)][std::string(k)] = d;
                }
            }
        } else {
            error = "rules file: unknown key " + std::string(key);
            return false;
        }
    }
    if (out.warningShare > out.criticalShare) {
        error = "rules file: severity.warningShare is above criticalShare";
        return false;
    }
    return true;
}

std::string RuleConfig::toJson() const {
    const RuleConfig defaults;
    JsonWriter w;
    w.beginObject();
    if (criticalShare != defaults.criticalShare || warningShare != defaults.warningShare) {
        w.key("severity").beginObject();
        w.field("criticalShare", criticalShare).field("warningShare", warningShare);
        w.endObject();
    }
    std::set<std::string> named(disabled);
    for (const auto& [rule, values] : overrides) named.insert(rule);
    if (!named.empty()) {
        w.key("rules").beginObject();
        for (const RuleDef& rule : allRules()) {  // in the rules' own order
            const std::string name(rule.name);
            if (!named.count(name)) continue;
            w.key(name).beginObject();
            if (disabled.count(name)) w.field("enabled", false);
            if (auto it = overrides.find(name); it != overrides.end())
                for (const auto& [k, v] : it->second) w.field(k, v);
            w.endObject();
        }
        w.endObject();
    }
    w.endObject();
    return w.str() + "\n";
}

}  // namespace stagelight
