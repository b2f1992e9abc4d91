#include "model/StringTable.h"

namespace stagelight {

StringTable::StringTable() {
    intern("");
}

StrId StringTable::intern(std::string_view text) {
    if (auto it = index_.find(text); it != index_.end()) return it->second;
    const auto id = static_cast<StrId>(strings_.size());
    const std::string& stored = strings_.emplace_back(text);
    index_.emplace(std::string_view(stored), id);
    return id;
}

}  // namespace stagelight
