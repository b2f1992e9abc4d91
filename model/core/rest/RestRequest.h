// A parsed REST path: segments after /api/v1/ and the query parameters (repeatable).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace stagelight {

struct RestRequest {
    std::vector<std::string> segments;
    std::multimap<std::string, std::string> query;
    std::vector<std::string> values(const std::string& key) const;
};

RestRequest parseRestPath(std::string_view path);

// Query values are matched case-insensitively, as the History Server's enums are.
std::string upperAscii(std::string s);

// The History Server reads its query parameters with Jersey: a value that does not convert to
// the parameter's type (an int, an enum) answers 404, a boolean is true only for "true" (any
// case) and false for any other text, and only Spark's own checks (dates, quantiles) answer 400.
constexpr int kBadParameterStatus = 404;
// The last value of `key` as a Java int; false when it is not one.
bool intParameter(const RestRequest& r, const std::string& key, int64_t fallback, int64_t& out);
bool boolParameter(const RestRequest& r, const std::string& key, bool fallback);

}  // namespace stagelight
