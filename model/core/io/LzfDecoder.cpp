// compress-lzf chunk framing: "ZV", type 0 (stored, 16-bit length) or 1 (compressed, 16-bit
// compressed and original lengths), then the payload. No stream header, checksum or end mark.
extern "C" {
#include <lzf.h>
}

#include "io/FramedDecoder.h"

namespace stagelight {
namespace {

class LzfDecoder final : public FramedDecoder {
public:
    using FramedDecoder::FramedDecoder;

protected:
    BlockResult decodeBlock(std::span<const std::byte> avail) override {
        if (avail.size() < 3) {
            if (static_cast<char>(avail[0]) != 'Z' ||
                (avail.size() > 1 && static_cast<char>(avail[1]) != 'V'))
                return {0, "bad chunk magic"};
            return {kNeedMore, {}};
        }
        if (static_cast<char>(avail[0]) != 'Z' || static_cast<char>(avail[1]) != 'V')
            return {0, "bad chunk magic"};
        const auto type = static_cast<unsigned>(avail[2]);
        if (type == 0) {
            if (avail.size() < 5) return {kNeedMore, {}};
            const size_t len = readBE16(avail.data() + 3);
            if (avail.size() < 5 + len) return {kNeedMore, {}};
            emit({reinterpret_cast<const char*>(avail.data() + 5), len});
            return {5 + len, {}};
        }
        if (type != 1) return {0, "unknown chunk type"};
        if (avail.size() < 7) return {kNeedMore, {}};
        const size_t clen = readBE16(avail.data() + 3);
        const size_t olen = readBE16(avail.data() + 5);
        if (avail.size() < 7 + clen) return {kNeedMore, {}};
        buffer_.resize(olen);
        unsigned n =
            lzf_decompress(avail.data() + 7, unsigned(clen), buffer_.data(), unsigned(olen));
        if (n != olen) return {0, "chunk does not decompress"};
        emit(buffer_);
        return {7 + clen, {}};
    }
    size_t findResync(std::span<const std::byte> avail) override {
        for (size_t i = 1; i + 2 < avail.size(); ++i)
            if (static_cast<char>(avail[i]) == 'Z' && static_cast<char>(avail[i + 1]) == 'V' &&
                static_cast<unsigned>(avail[i + 2]) <= 1)
                return i;
        return kNeedMore;
    }
    std::string_view codecLabel() const override { return "lzf"; }

private:
    std::string buffer_;
};

}  // namespace

std::unique_ptr<StreamDecoder> makeLzfDecoder(DecodeListener& listener) {
    return std::make_unique<LzfDecoder>(listener);
}

}  // namespace stagelight
