// An append-only int64 column stored frame-of-reference bit-packed in blocks of 1024 values:
// each block keeps its minimum and the bit width of (value - minimum). Zeros cost nothing, times
// and ids cost ~20 bits, so half a million tasks with ~60 fields fit in tens of megabytes, while
// random access stays O(1).
//
// Packed words live in segments that never move (each up to twice the previous, to 2 MB): a
// growing vector re-copied and re-faulted every word at each doubling, which was a tenth of a
// parallel load's applying thread.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace stagelight {

class PackedColumn {
public:
    static constexpr size_t kBlockSize = 1024;

    PackedColumn() = default;
    PackedColumn(const PackedColumn& other);
    PackedColumn& operator=(const PackedColumn& other);
    PackedColumn(PackedColumn&&) noexcept = default;
    PackedColumn& operator=(PackedColumn&&) noexcept = default;

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
        const uint64_t* words = b.words + bit / 64;
        const unsigned shift = bit % 64;
        uint64_t v = words[0] >> shift;
        if (shift + b.bits > 64) v |= words[1] << (64 - shift);
        if (b.bits < 64) v &= (uint64_t{1} << b.bits) - 1;
        return static_cast<int64_t>(static_cast<uint64_t>(b.base) + v);
    }
    size_t size() const { return blocks_.size() * kBlockSize + stagingCount_; }
    size_t memoryBytes() const;
    void shrinkToFit() { blocks_.shrink_to_fit(); }

private:
    struct Block {
        int64_t base;
        const uint64_t* words;  // into a segment; null when bits == 0
        unsigned bits;
    };
    struct Segment {
        std::unique_ptr<uint64_t[]> words;
        size_t capacity = 0;
        size_t used = 0;
    };
    void sealBlock();
    uint64_t* reserveWords(size_t count);  // room for `count` words that stay where they are

    std::vector<Block> blocks_;
    std::vector<Segment> segments_;
    size_t wordsInUse_ = 0;
    std::array<int64_t, kBlockSize> staging_{};
    size_t stagingCount_ = 0;
};

}  // namespace stagelight
