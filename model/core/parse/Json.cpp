#include "parse/Json.h"

#include <charconv>
#include <cmath>

namespace stagelight::json {

bool parseInt64(std::string_view text, int64_t& out) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.empty()) return false;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

int64_t readInt(od::value v, JsonKey key, LineProblems& problems, int64_t fallback) {
    int64_t fast;
    if (v.get_int64().get(fast) == simdjson::SUCCESS) return fast;  // the common case; a failed
    switch (typeOf(v)) {                                            // attempt consumes nothing
        case od::json_type::number: {
            int64_t i;
            if (v.get_int64().get(i) == simdjson::SUCCESS) return i;
            uint64_t u;
            if (v.get_uint64().get(u) == simdjson::SUCCESS)
                return u > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(u);
            double d;
            // A double outside int64's range has no integer value (converting it is undefined).
            if (v.get_double().get(d) == simdjson::SUCCESS && std::isfinite(d) &&
                std::fabs(d) < 9.2e18)
                return int64_t(d);
            problems.add(key, "number out of range");
            return fallback;
        }
        case od::json_type::string: {
            std::string_view s;
            int64_t i;
            if (v.get_string().get(s) == simdjson::SUCCESS && parseInt64(s, i)) return i;
            problems.add(key, "expected an integer, got a non-numeric string");
            return fallback;
        }
        case od::json_type::null:
            return fallback;
        default:
            problems.add(key, "expected an integer");
            return fallback;
    }
}

double readDouble(od::value v, JsonKey key, LineProblems& problems) {
    double d;
    if (typeOf(v) == od::json_type::number && v.get_double().get(d) == simdjson::SUCCESS) return d;
    if (typeOf(v) == od::json_type::string) {
        std::string_view s;
        if (v.get_string().get(s) == simdjson::SUCCESS) {
            try {
                return std::stod(std::string(s));
            } catch (...) {
            }
        }
    }
    problems.add(key, "expected a number");
    return 0;
}

bool readBool(od::value v, JsonKey key, LineProblems& problems) {
    bool b;
    if (v.get_bool().get(b) == simdjson::SUCCESS) return b;
    std::string_view s;
    if (typeOf(v) == od::json_type::string && v.get_string().get(s) == simdjson::SUCCESS) {
        if (s == "true") return true;
        if (s == "false") return false;
    }
    if (typeOf(v) != od::json_type::null) problems.add(key, "expected a boolean");
    return false;
}

std::string_view readString(od::value v, JsonKey key, LineProblems& problems, bool* wasNull) {
    if (wasNull) *wasNull = false;
    switch (typeOf(v)) {
        case od::json_type::string: {
            std::string_view s;
            if (v.get_string().get(s) == simdjson::SUCCESS) return s;
            problems.add(key, "invalid string");
            return {};
        }
        case od::json_type::null:
            if (wasNull) *wasNull = true;
            return {};
        case od::json_type::number:
        case od::json_type::boolean: {
            std::string_view raw = v.raw_json_token();
            while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r'))
                raw.remove_suffix(1);
            return raw;
        }
        default:
            problems.add(key, "expected a string");
            return {};
    }
}

std::string readAsText(od::value v) {
    switch (typeOf(v)) {
        case od::json_type::string: {
            std::string_view s;
            return v.get_string().get(s) == simdjson::SUCCESS ? std::string(s) : std::string();
        }
        case od::json_type::array:
            return std::string(od::array(v.get_array()).raw_json().value());
        case od::json_type::object:
            return std::string(od::object(v.get_object()).raw_json().value());
        case od::json_type::null:
            return {};
        default: {
            std::string_view raw = v.raw_json_token();
            while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r'))
                raw.remove_suffix(1);
            return std::string(raw);
        }
    }
}

Properties readProperties(od::value v, JsonKey key, LineProblems& problems) {
    Properties props;
    if (isNull(v)) return props;
    forEachField(v, [&](JsonKey k, od::value val) {
        if (typeOf(val) == od::json_type::string)
            props.emplace_back(std::string(k.text()), std::string(readString(val, key, problems)));
        else
            props.emplace_back(std::string(k.text()), readAsText(val));
    });
    return props;
}

std::vector<int32_t> readIntArray(od::value v, JsonKey key, LineProblems& problems) {
    std::vector<int32_t> out;
    if (isNull(v)) return out;
    forEachElement(v, [&](od::value e) { out.push_back(int32_t(readInt(e, key, problems))); });
    return out;
}

}  // namespace stagelight::json
