// The ids of tasks started and not yet ended (the keys of AppStatusListener's liveTasks). Spark
// numbers tasks densely from 0, so a bit per id does; other ids go to a hash set.
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <vector>

namespace stagelight {

class LiveTaskIds {
public:
    void insert(int64_t id) {
        if (!dense(id)) {
            sparse_.insert(id);
            return;
        }
        bits_[size_t(id)] = true;
        if (!sparse_.empty()) sparse_.erase(id);  // an id is kept in one place only
    }
    // True if the id was live.
    bool erase(int64_t id) {
        if (id >= 0 && size_t(id) < bits_.size() && bits_[size_t(id)]) {
            bits_[size_t(id)] = false;
            return true;
        }
        return !sparse_.empty() && sparse_.erase(id) > 0;
    }

private:
    // Grows the bits for ids near those seen so far, up to a bound hostile ids cannot pass.
    bool dense(int64_t id) {
        constexpr size_t kMaxBits = size_t(1) << 27;  // 16 MB
        if (id < 0 || size_t(id) >= kMaxBits) return false;
        if (size_t(id) < bits_.size()) return true;
        if (size_t(id) > 2 * bits_.size() + 4096) return false;
        bits_.resize(std::min(kMaxBits, 2 * size_t(id) + 1024));
        return true;
    }
    std::vector<bool> bits_;
    std::unordered_set<int64_t> sparse_;
};

}  // namespace stagelight
