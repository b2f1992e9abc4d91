// An append-only int64 column stored frame-of-reference bit-packed in blocks of 1024 values:
// each block keeps its minimum and the bit width of (value - minimum). Zeros cost nothing, times
// and ids cost ~20 bits, so half a million tasks with ~60 fields fit in tens of megabytes, while
// random access stays O(1).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace stagelight {

class PackedColumn {
public:
    static constexpr size_t kBlockSize = 1024;

    void append(int64_t value) {
        staging_[stagingCount_++] = value;
        if (stagingCount_ == kBlockSize) sealBlock();
    }
    int64_t operator[](size_t row) const {
        const size_t block = row / kBlockSize;
        if (block == blocks_.size()) return staging_[row % kBlockSize];
        const Block& b = blocks_[block];
        if (b.bits == 0) return b.base;
        const size_t bit = (row % kBlockSize) * b.bits;
        const uint64_t* words = words_.data() + b.wordOffset + bit / 64;
        const unsigned shift = bit % 64;
        uint64_t v = words[0] >> shift;
        if (shift + b.bits > 64) v |= words[1] << (64 - shift);
        if (b.bits < 64) v &= (uint64_t{1} << b.bits) - 1;
        return static_cast<int64_t>(static_cast<uint64_t>(b.base) + v);
    }
    size_t size() const { return blocks_.size() * kBlockSize + stagingCount_; }
    size_t memoryBytes() const;
    void shrinkToFit() {
        words_.shrink_to_fit();
        blocks_.shrink_to_fit();
    }

private:
    struct Block {
        int64_t base;
        uint64_t wordOffset : 56;
        uint64_t bits : 8;
    };
    void sealBlock();

    std::vector<Block> blocks_;
    std::vector<uint64_t> words_;
    std::array<int64_t, kBlockSize> staging_{};
    size_t stagingCount_ = 0;
};

}  // namespace stagelight
