// zstd: Spark ends a frame at every flush, so a log is thousands of concatenated frames. The
// streaming API walks across frame boundaries by itself; an unfinished last frame (in-progress log)
// keeps everything decoded so far.
#include <zstd.h>

#include <cstring>
#include <vector>

#include "io/StreamDecoder.h"

namespace stagelight {
namespace {

constexpr unsigned char kFrameMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};

class ZstdDecoder final : public StreamDecoder {
public:
    explicit ZstdDecoder(DecodeListener& listener)
        : listener_(listener), dctx_(ZSTD_createDCtx()), out_(ZSTD_DStreamOutSize()) {}
    ~ZstdDecoder() override { ZSTD_freeDCtx(dctx_); }
    ZstdDecoder(const ZstdDecoder&) = delete;
    ZstdDecoder& operator=(const ZstdDecoder&) = delete;

    void feed(std::span<const std::byte> input) override {
        size_t pos = 0;
        while (pos < input.size()) {
            if (resyncing_) {
                size_t next = findMagic(input, pos);
                if (next == input.size()) {
                    offset_ += input.size() - pos;
                    return;
                }
                offset_ += next - pos;
                pos = next;
                resyncing_ = false;
            }
            ZSTD_inBuffer in{input.data() + pos, input.size() - pos, 0};
            while (in.pos < in.size) {
                if (listener_.stopRequested()) return;
                ZSTD_outBuffer out = outputBuffer();
                size_t ret = ZSTD_decompressStream(dctx_, &out, &in);
                if (ZSTD_isError(ret)) {
                    handOn(out, 0);
                    listener_.decodeIssue({DecodeIssue::Kind::Corrupt, offset_ + in.pos,
                                           std::string("zstd: ") + ZSTD_getErrorName(ret) +
                                               "; skipping to the next frame"});
                    listener_.decoded("\n");
                    ZSTD_DCtx_reset(dctx_, ZSTD_reset_session_only);
                    inFrame_ = false;
                    resyncing_ = true;
                    in.pos = std::max<size_t>(in.pos, 1);
                    break;
                }
                handOn(out, out.pos);
                inFrame_ = ret != 0;
                if (out.pos < out.size && in.pos == in.size) break;
            }
            // Drain output still buffered inside the context (output buffer was full).
            if (!resyncing_) drain();
            offset_ += in.pos;
            pos += in.pos;
        }
    }

    void finish() override {
        if (inFrame_ && !resyncing_)
            listener_.decodeIssue({DecodeIssue::Kind::Truncated, offset_,
                                   "zstd: input ends inside a frame; kept everything before it"});
    }

private:
    void drain() {
        while (!listener_.stopRequested()) {
            ZSTD_inBuffer in{nullptr, 0, 0};
            ZSTD_outBuffer out = outputBuffer();
            size_t ret = ZSTD_decompressStream(dctx_, &out, &in);
            const bool produced = !ZSTD_isError(ret) && out.pos > 0;
            handOn(out, produced ? out.pos : 0);
            if (!produced) return;
            inFrame_ = ret != 0;
        }
    }
    // Straight into the listener's room when it offers one (a block is at most 128 KiB, so
    // that much room always makes progress), else into our own buffer.
    ZSTD_outBuffer outputBuffer() {
        const std::span<char> room = listener_.decodeRoom(ZSTD_BLOCKSIZE_MAX);
        inRoom_ = room.size() >= ZSTD_BLOCKSIZE_MAX;
        return inRoom_ ? ZSTD_outBuffer{room.data(), room.size(), 0}
                       : ZSTD_outBuffer{out_.data(), out_.size(), 0};
    }
    void handOn(const ZSTD_outBuffer& out, size_t bytes) {
        if (inRoom_)
            listener_.decodedInRoom(bytes);
        else if (bytes > 0)
            listener_.decoded({static_cast<const char*>(out.dst), bytes});
    }
    static size_t findMagic(std::span<const std::byte> input, size_t from) {
        for (size_t i = from; i + 4 <= input.size(); ++i)
            if (std::memcmp(input.data() + i, kFrameMagic, 4) == 0) return i;
        return input.size();
    }

    DecodeListener& listener_;
    ZSTD_DCtx* dctx_;
    std::vector<char> out_;
    uint64_t offset_ = 0;
    bool inFrame_ = false;
    bool resyncing_ = false;
    bool inRoom_ = false;  // the last output buffer was the listener's room
};

}  // namespace

std::unique_ptr<StreamDecoder> makeZstdDecoder(DecodeListener& listener) {
    return std::make_unique<ZstdDecoder>(listener);
}

}  // namespace stagelight
