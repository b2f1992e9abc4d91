// Distinct task indices, counted: a bitmap for the usual small non-negative indices (a set is
// ~40 bytes and an allocation per entry, and this runs for every task), a set for the rest.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace stagelight {

class IndexSet {
public:
    void insert(int64_t index) {
        if (index >= 0 && index < kBitmapLimit) {
            const size_t word = size_t(index) >> 6;
            if (word >= bits_.size()) bits_.resize(word + 1);
            const uint64_t bit = uint64_t(1) << (index & 63);
            if (!(bits_[word] & bit)) {
                bits_[word] |= bit;
                ++count_;
            }
        } else if (other_.insert(index).second) {
            ++count_;
        }
    }
    size_t size() const { return count_; }

private:
    static constexpr int64_t kBitmapLimit = int64_t(1) << 26;
    std::vector<uint64_t> bits_;
    std::set<int64_t> other_;
    size_t count_ = 0;
};

// Distinct (stage, task index) pairs of a job.
class StageIndexSet {
public:
    void insert(int32_t stageId, int64_t index) {
        IndexSet& set = stages_[stageId];
        const size_t before = set.size();
        set.insert(index);
        count_ += set.size() - before;
    }
    size_t size() const { return count_; }

private:
    std::map<int32_t, IndexSet> stages_;
    size_t count_ = 0;
};

}  // namespace stagelight
