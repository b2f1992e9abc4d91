// lz4-java LZ4BlockOutputStream framing: 21-byte header per block ("LZ4Block", token, compressed
// length, original length, XXH32 checksum masked to 28 bits), then raw or LZ4-compressed payload.
#include <lz4.h>
#include <xxhash.h>

#include <cstring>

#include "io/FramedDecoder.h"

namespace stagelight {
namespace {

constexpr char kMagic[] = "LZ4Block";
constexpr size_t kMagicLen = 8;
constexpr size_t kHeaderLen = 21;
constexpr uint32_t kSeed = 0x9747b28c;
constexpr uint32_t kChecksumMask = 0x0FFFFFFF;

class Lz4BlockDecoder final : public FramedDecoder {
public:
    using FramedDecoder::FramedDecoder;

protected:
    BlockResult decodeBlock(std::span<const std::byte> avail) override {
        if (avail.size() < kHeaderLen) {
            if (std::memcmp(avail.data(), kMagic, std::min(avail.size(), kMagicLen)) != 0)
                return {0, "bad block magic"};
            return {kNeedMore, {}};
        }
        if (std::memcmp(avail.data(), kMagic, kMagicLen) != 0) return {0, "bad block magic"};
        const auto token = static_cast<unsigned>(avail[8]);
        const unsigned method = token & 0xF0;
        const unsigned level = token & 0x0F;
        const uint32_t compressedLen = readLE32(avail.data() + 9);
        const uint32_t originalLen = readLE32(avail.data() + 13);
        const uint32_t checksum = readLE32(avail.data() + 17);
        if (method != 0x10 && method != 0x20) return {0, "unknown block method"};
        if (level > 16 || originalLen > (1u << (level + 10)) ||
            compressedLen > static_cast<uint32_t>(LZ4_compressBound(int(1u << (level + 10)))))
            return {0, "block lengths out of range"};
        if (method == 0x10 && compressedLen != originalLen)
            return {0, "stored block with differing lengths"};
        if (avail.size() < kHeaderLen + compressedLen) return {kNeedMore, {}};
        if (originalLen == 0) {
            // End mark of one stream; Spark reads on if another stream follows.
            if (compressedLen != 0 || checksum != 0) return {0, "malformed end mark"};
            return {kHeaderLen, {}};
        }
        const char* payload = reinterpret_cast<const char*>(avail.data() + kHeaderLen);
        std::string_view bytes;
        if (method == 0x10) {
            bytes = {payload, originalLen};
        } else {
            buffer_.resize(originalLen);
            int n =
                LZ4_decompress_safe(payload, buffer_.data(), int(compressedLen), int(originalLen));
            if (n != int(originalLen)) return {0, "LZ4 block does not decompress"};
            bytes = {buffer_.data(), originalLen};
        }
        if ((XXH32(bytes.data(), bytes.size(), kSeed) & kChecksumMask) !=
            (checksum & kChecksumMask))
            return {0, "block checksum mismatch"};
        emit(bytes);
        return {kHeaderLen + compressedLen, {}};
    }

    size_t findResync(std::span<const std::byte> avail) override {
        std::string_view s(reinterpret_cast<const char*>(avail.data()), avail.size());
        size_t pos = s.find(std::string_view(kMagic, kMagicLen), 1);
        return pos == std::string_view::npos ? kNeedMore : pos;
    }
    std::string_view codecLabel() const override { return "lz4"; }

private:
    std::string buffer_;
};

}  // namespace

std::unique_ptr<StreamDecoder> makeLz4BlockDecoder(DecodeListener& listener) {
    return std::make_unique<Lz4BlockDecoder>(listener);
}

}  // namespace stagelight
