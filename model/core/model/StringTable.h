// One shared table of interned strings (executor ids, hosts, names): entities store 32-bit ids.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace stagelight {

using StrId = uint32_t;

class StringTable {
public:
    StringTable();
    static constexpr StrId kEmpty = 0;  // id of ""
    StrId intern(std::string_view text);
    std::string_view view(StrId id) const { return strings_[id]; }
    size_t size() const { return strings_.size(); }

private:
    std::deque<std::string> strings_;  // deque: views into it stay valid while it grows
    std::unordered_map<std::string_view, StrId> index_;
};

}  // namespace stagelight
