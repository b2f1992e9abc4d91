// snappy-java SnappyOutputStream framing: a 16-byte header (magic, version, compatible version),
// then chunks of big-endian length + raw snappy block. A repeated header starts a concatenated
// stream. There is no per-chunk magic, so corruption ends decoding of the file.
#include <snappy.h>

#include <cstring>

#include "io/FramedDecoder.h"

namespace stagelight {
namespace {

constexpr unsigned char kMagic[8] = {0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0x00};
constexpr size_t kHeaderLen = 16;
constexpr size_t kMaxChunk = size_t(64) << 20;  // far above Spark's 32 KiB blocks

class SnappyStreamDecoder final : public FramedDecoder {
public:
    using FramedDecoder::FramedDecoder;

protected:
    BlockResult decodeBlock(std::span<const std::byte> avail) override {
        if (avail.size() < 4) return {kNeedMore, {}};
        if (static_cast<unsigned char>(avail[0]) == kMagic[0]) {
            // Stream header (first, or of a concatenated stream: its length would be negative).
            if (avail.size() < kHeaderLen) return {kNeedMore, {}};
            if (std::memcmp(avail.data(), kMagic, sizeof kMagic) != 0)
                return {0, "bad stream header"};
            return {kHeaderLen, {}};
        }
        const uint32_t len = readBE32(avail.data());
        if (len > kMaxChunk) return {0, "chunk length out of range"};
        if (avail.size() < 4 + size_t(len)) return {kNeedMore, {}};
        const char* payload = reinterpret_cast<const char*>(avail.data() + 4);
        size_t outLen = 0;
        if (!snappy::GetUncompressedLength(payload, len, &outLen) || outLen > kMaxChunk)
            return {0, "chunk has no valid length preamble"};
        buffer_.resize(outLen);
        if (!snappy::RawUncompress(payload, len, buffer_.data()))
            return {0, "chunk does not decompress"};
        emit(buffer_);
        return {4 + size_t(len), {}};
    }
    size_t findResync(std::span<const std::byte>) override { return kNeedMore; }
    std::string_view codecLabel() const override { return "snappy"; }

private:
    std::string buffer_;
};

}  // namespace

std::unique_ptr<StreamDecoder> makeSnappyStreamDecoder(DecodeListener& listener) {
    return std::make_unique<SnappyStreamDecoder>(listener);
}

}  // namespace stagelight
