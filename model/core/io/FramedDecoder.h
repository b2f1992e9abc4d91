// Shared machinery for block-framed codecs (LZ4Block, snappy-java, LZF): buffers input until a
// whole block is present, decodes it, and resynchronises on the next block magic after corruption.
#pragma once

#include <vector>

#include "io/StreamDecoder.h"

namespace stagelight {

class FramedDecoder : public StreamDecoder {
public:
    explicit FramedDecoder(DecodeListener& listener) : listener_(listener) {}
    void feed(std::span<const std::byte> input) final;
    void finish() final;

protected:
    static constexpr size_t kNeedMore = static_cast<size_t>(-1);
    struct BlockResult {
        size_t consumed = 0;  // bytes of the block, kNeedMore if incomplete
        std::string error;    // non-empty: the block at the front is corrupt
    };
    // Decode the block at the front of `avail`, writing its bytes with emit().
    virtual BlockResult decodeBlock(std::span<const std::byte> avail) = 0;
    // Offset (> 0) of the next plausible block start in `avail`, or kNeedMore; codecs without a
    // per-block magic cannot resynchronise and return kNeedMore.
    virtual size_t findResync(std::span<const std::byte> avail) = 0;
    // Trailing bytes at end of input that are not an error (e.g. nothing for most codecs).
    virtual std::string_view codecLabel() const = 0;

    void emit(std::string_view bytes) { listener_.decoded(bytes); }
    static uint32_t readLE32(const std::byte* p);
    static uint32_t readBE32(const std::byte* p);
    static uint16_t readBE16(const std::byte* p);

private:
    void process();
    DecodeListener& listener_;
    std::vector<std::byte> pending_;
    size_t head_ = 0;          // first unconsumed byte in pending_
    uint64_t headOffset_ = 0;  // file offset of pending_[head_]
    bool resyncing_ = false;
};

}  // namespace stagelight
