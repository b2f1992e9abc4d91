#include "model/PackedColumn.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace stagelight {

namespace {
constexpr size_t kFirstSegmentWords = 512;             // 4 KB: a small log's column
constexpr size_t kMaxSegmentWords = size_t(1) << 18;  // 2 MB

size_t wordsOf(unsigned bits) {
    return (PackedColumn::kBlockSize * bits + 63) / 64;
}
}  // namespace

PackedColumn::PackedColumn(const PackedColumn& other)
    : wordsInUse_(other.wordsInUse_),
      staging_(other.staging_),
      stagingCount_(other.stagingCount_) {
    // One segment holding every block's words, the pointers moved onto it.
    blocks_.reserve(other.blocks_.size());
    uint64_t* next = nullptr;
    if (wordsInUse_ > 0) {
        Segment s;
        s.words = std::make_unique_for_overwrite<uint64_t[]>(wordsInUse_);
        s.capacity = s.used = wordsInUse_;
        next = s.words.get();
        segments_.push_back(std::move(s));
    }
    for (const Block& b : other.blocks_) {
        Block copy = b;
        if (b.bits > 0) {
            std::memcpy(next, b.words, wordsOf(b.bits) * sizeof(uint64_t));
            copy.words = next;
            next += wordsOf(b.bits);
        }
        blocks_.push_back(copy);
    }
}

PackedColumn& PackedColumn::operator=(const PackedColumn& other) {
    if (this != &other) *this = PackedColumn(other);
    return *this;
}

uint64_t* PackedColumn::reserveWords(size_t count) {
    if (segments_.empty() || segments_.back().capacity - segments_.back().used < count) {
        const size_t previous = segments_.empty() ? 0 : segments_.back().capacity;
        Segment s;
        s.capacity = std::max({count, kFirstSegmentWords, std::min(2 * previous, kMaxSegmentWords)});
        // Not zeroed here: pages nobody writes are never made resident.
        s.words = std::make_unique_for_overwrite<uint64_t[]>(s.capacity);
        segments_.push_back(std::move(s));
    }
    Segment& s = segments_.back();
    uint64_t* words = s.words.get() + s.used;
    s.used += count;
    wordsInUse_ += count;
    return words;
}

void PackedColumn::sealBlock() {
    const auto [lo, hi] = std::minmax_element(staging_.begin(), staging_.end());
    const int64_t base = *lo;
    const uint64_t range = static_cast<uint64_t>(*hi) - static_cast<uint64_t>(base);
    const unsigned bits = range == 0 ? 0 : static_cast<unsigned>(std::bit_width(range));
    Block b{base, nullptr, bits};
    if (bits > 0) {
        // Word by word, each written once (1024 values of `bits` fill exactly 16 * bits words).
        uint64_t* words = reserveWords(wordsOf(bits));
        b.words = words;
        uint64_t word = 0;
        unsigned filled = 0;  // bits of `word` in use, always < 64 between values
        for (size_t i = 0; i < kBlockSize; ++i) {
            const uint64_t v = static_cast<uint64_t>(staging_[i]) - static_cast<uint64_t>(base);
            word |= v << filled;
            filled += bits;
            if (filled >= 64) {
                *words++ = word;
                filled -= 64;
                word = filled > 0 ? v >> (bits - filled) : 0;
            }
        }
    }
    blocks_.push_back(b);
    stagingCount_ = 0;
}

size_t PackedColumn::memoryBytes() const {
    // What is in use, and so resident: a segment's unused tail is never touched.
    return blocks_.size() * sizeof(Block) + wordsInUse_ * sizeof(uint64_t) + sizeof(*this) +
           segments_.size() * sizeof(Segment);
}

}  // namespace stagelight
