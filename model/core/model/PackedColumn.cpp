#include "model/PackedColumn.h"

#include <algorithm>
#include <bit>

namespace stagelight {

void PackedColumn::sealBlock() {
    const auto [lo, hi] = std::minmax_element(staging_.begin(), staging_.end());
    const int64_t base = *lo;
    const uint64_t range = static_cast<uint64_t>(*hi) - static_cast<uint64_t>(base);
    const unsigned bits = range == 0 ? 0 : static_cast<unsigned>(std::bit_width(range));
    Block b{base, words_.size(), bits};
    if (bits > 0) {
        const size_t firstWord = words_.size();
        words_.resize(firstWord + (kBlockSize * bits + 63) / 64, 0);
        uint64_t* words = words_.data() + firstWord;
        for (size_t i = 0; i < kBlockSize; ++i) {
            const uint64_t v = static_cast<uint64_t>(staging_[i]) - static_cast<uint64_t>(base);
            const size_t bit = i * bits;
            const unsigned shift = bit % 64;
            words[bit / 64] |= v << shift;
            if (shift + bits > 64) words[bit / 64 + 1] |= v >> (64 - shift);
        }
    }
    blocks_.push_back(b);
    stagingCount_ = 0;
}

size_t PackedColumn::memoryBytes() const {
    // What is in use, and so resident: a vector's unused capacity is never touched.
    return blocks_.size() * sizeof(Block) + words_.size() * sizeof(uint64_t) + sizeof(*this);
}

}  // namespace stagelight
