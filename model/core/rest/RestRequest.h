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

}  // namespace stagelight
