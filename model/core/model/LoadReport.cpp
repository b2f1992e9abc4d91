#include "model/LoadReport.h"

namespace stagelight {

std::string LoadWarning::toString() const {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    s += offsetIsCompressed ? " (file offset " : " (offset ";
    s += std::to_string(offset) + "): " + message;
    return s;
}

void LoadReport::add(LoadWarning w) {
    if (warnings.size() < kMaxWarnings)
        warnings.push_back(std::move(w));
    else
        ++suppressedWarnings;
}

uint64_t LoadReport::unknownEventCount() const {
    uint64_t n = 0;
    for (const auto& [name, count] : unknownEvents) n += count;
    return n;
}

}  // namespace stagelight
