#include "io/FramedDecoder.h"

#include <algorithm>
#include <cstring>

#include "io/StaleMemory.h"

namespace stagelight {

uint32_t FramedDecoder::readLE32(const std::byte* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
uint32_t FramedDecoder::readBE32(const std::byte* p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}
uint16_t FramedDecoder::readBE16(const std::byte* p) {
    return static_cast<uint16_t>(uint32_t(p[0]) << 8 | uint32_t(p[1]));
}

void FramedDecoder::feed(std::span<const std::byte> input) {
    markFresh(pending_.data(), pending_.capacity());
    if (head_ > 0 && head_ * 2 >= pending_.size()) {
        pending_.erase(pending_.begin(), pending_.begin() + static_cast<ptrdiff_t>(head_));
        head_ = 0;
    }
    pending_.insert(pending_.end(), input.begin(), input.end());
    process();
    markStale(pending_.data(), head_);  // consumed blocks: no decoded view may point into them
}

void FramedDecoder::process() {
    while (head_ < pending_.size() && !listener_.stopRequested()) {
        std::span<const std::byte> avail(pending_.data() + head_, pending_.size() - head_);
        if (resyncing_) {
            size_t next = findResync(avail);
            if (next == kNeedMore) {
                // Keep a few bytes in case a magic straddles the next input piece.
                size_t keep = std::min<size_t>(avail.size(), 8);
                headOffset_ += avail.size() - keep;
                head_ += avail.size() - keep;
                return;
            }
            head_ += next;
            headOffset_ += next;
            resyncing_ = false;
            continue;
        }
        BlockResult r = decodeBlock(avail);
        if (!r.error.empty()) {
            listener_.decodeIssue(
                {DecodeIssue::Kind::Corrupt, headOffset_,
                 std::string(codecLabel()) + ": " + r.error + "; skipping to the next block"});
            emit("\n");  // end the line the lost bytes belonged to, so it is reported, not glued
            resyncing_ = true;
            head_ += 1;
            headOffset_ += 1;
            continue;
        }
        if (r.consumed == kNeedMore) return;
        head_ += r.consumed;
        headOffset_ += r.consumed;
    }
}

void FramedDecoder::finish() {
    size_t left = pending_.size() - head_;
    if (left > 0 && !resyncing_) {
        listener_.decodeIssue({DecodeIssue::Kind::Truncated, headOffset_,
                               std::string(codecLabel()) + ": input ends inside a block (" +
                                   std::to_string(left) + " bytes); kept everything before it"});
    }
    pending_.clear();
    head_ = 0;
    markStale(pending_.data(), pending_.capacity());
}

}  // namespace stagelight
