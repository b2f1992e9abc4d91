// gzip (Databricks rotates its event logs to eventlog-<date>.gz). Multi-member files are read on.
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "io/StreamDecoder.h"

namespace stagelight {
namespace {

class GzipDecoder final : public StreamDecoder {
public:
    explicit GzipDecoder(DecodeListener& listener) : listener_(listener), out_(256 * 1024) {
        stream_ = {};
        inflateInit2(&stream_, 16 + MAX_WBITS);
    }
    ~GzipDecoder() override { inflateEnd(&stream_); }
    GzipDecoder(const GzipDecoder&) = delete;
    GzipDecoder& operator=(const GzipDecoder&) = delete;

    void feed(std::span<const std::byte> input) override {
        if (failed_) return;
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(input.data()));
        stream_.avail_in = static_cast<uInt>(input.size());
        while (stream_.avail_in > 0 && !listener_.stopRequested()) {
            // Straight into the listener's room when it offers one, else into our own buffer.
            const std::span<char> room = listener_.decodeRoom(out_.size());
            const bool inRoom = room.size() >= out_.size();
            const std::span<char> out =
                inRoom ? room.first(std::min<size_t>(room.size(), UINT32_MAX)) : std::span(out_);
            stream_.next_out = reinterpret_cast<Bytef*>(out.data());
            stream_.avail_out = static_cast<uInt>(out.size());
            const uInt before = stream_.avail_in;
            int ret = inflate(&stream_, Z_NO_FLUSH);
            const size_t produced = out.size() - stream_.avail_out;
            consumed_ += before - stream_.avail_in;
            if (inRoom)
                listener_.decodedInRoom(produced);
            else if (produced > 0)
                listener_.decoded({out.data(), produced});
            if (ret == Z_STREAM_END) {
                inMember_ = false;
                inflateReset(&stream_);
                continue;
            }
            if (ret != Z_OK && ret != Z_BUF_ERROR) {
                listener_.decodeIssue({DecodeIssue::Kind::Corrupt, consumed_,
                                       std::string("gzip: ") +
                                           (stream_.msg ? stream_.msg : "corrupt data") +
                                           "; the rest of this file is skipped"});
                failed_ = true;
                return;
            }
            inMember_ = true;
            if (produced == 0 && before == stream_.avail_in) break;
        }
    }
    void finish() override {
        if (inMember_ && !failed_)
            listener_.decodeIssue({DecodeIssue::Kind::Truncated, consumed_,
                                   "gzip: input ends inside a member; kept everything before it"});
    }

private:
    DecodeListener& listener_;
    z_stream stream_;
    std::vector<char> out_;
    uint64_t consumed_ = 0;
    bool inMember_ = false;
    bool failed_ = false;
};

class PlainDecoder final : public StreamDecoder {
public:
    explicit PlainDecoder(DecodeListener& listener) : listener_(listener) {}
    void feed(std::span<const std::byte> input) override {
        listener_.decoded({reinterpret_cast<const char*>(input.data()), input.size()});
    }
    void finish() override {}

private:
    DecodeListener& listener_;
};

}  // namespace

std::unique_ptr<StreamDecoder> makeGzipDecoder(DecodeListener& listener) {
    return std::make_unique<GzipDecoder>(listener);
}
std::unique_ptr<StreamDecoder> makePlainDecoder(DecodeListener& listener) {
    return std::make_unique<PlainDecoder>(listener);
}

}  // namespace stagelight
