// Decoders that wrap another: a sniffing decoder that picks the codec from the first bytes it
// sees, and a zip entry decoder (stored or raw deflate) whose output is sniffed in turn.
#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "io/StreamDecoder.h"

namespace stagelight {
namespace {

class SniffingDecoder final : public StreamDecoder {
public:
    explicit SniffingDecoder(DecodeListener& listener) : listener_(listener) {}
    void feed(std::span<const std::byte> input) override {
        if (inner_) return inner_->feed(input);
        head_.insert(head_.end(), input.begin(), input.end());
        if (head_.size() >= 8) start();
    }
    void finish() override {
        if (!inner_ && !head_.empty()) start();
        if (inner_) inner_->finish();
    }

private:
    void start() {
        const Codec codec = codecFromMagic(head_).value_or(Codec::Plain);
        inner_ = makeStreamDecoder(codec, listener_);
        std::vector<std::byte> head = std::move(head_);
        inner_->feed(head);
    }
    DecodeListener& listener_;
    std::unique_ptr<StreamDecoder> inner_;
    std::vector<std::byte> head_;
};

// Feeds a decoder's output into another decoder.
class Chain final : public DecodeListener {
public:
    Chain(DecodeListener& outer) : outer_(outer), next_(outer) {}
    void decoded(std::string_view bytes) override {
        next_.feed(std::span(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()));
    }
    void decodeIssue(const DecodeIssue& issue) override { outer_.decodeIssue(issue); }
    SniffingDecoder& next() { return next_; }

private:
    DecodeListener& outer_;
    SniffingDecoder next_;
};

class ZipEntryDecoder final : public StreamDecoder {
public:
    ZipEntryDecoder(uint16_t method, DecodeListener& listener, uint64_t declaredSize)
        : listener_(listener),
          chain_(listener),
          deflate_(method == 8),
          declared_(declaredSize),
          out_(256 * 1024) {
        stream_ = {};
        if (deflate_) inflateInit2(&stream_, -MAX_WBITS);
    }
    ~ZipEntryDecoder() override {
        if (deflate_) inflateEnd(&stream_);
    }
    ZipEntryDecoder(const ZipEntryDecoder&) = delete;
    ZipEntryDecoder& operator=(const ZipEntryDecoder&) = delete;

    void feed(std::span<const std::byte> input) override {
        if (!deflate_) return chain_.next().feed(input);
        if (done_) return;
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(input.data()));
        stream_.avail_in = static_cast<uInt>(input.size());
        while (stream_.avail_in > 0 && !done_) {
            stream_.next_out = reinterpret_cast<Bytef*>(out_.data());
            stream_.avail_out = static_cast<uInt>(out_.size());
            const int ret = inflate(&stream_, Z_NO_FLUSH);
            size_t produced = out_.size() - stream_.avail_out;
            if (stream_.total_out > declared_) {
                produced -= size_t(std::min<uint64_t>(produced, stream_.total_out - declared_));
                if (produced) chain_.decoded({out_.data(), produced});
                listener_.decodeIssue(
                    {DecodeIssue::Kind::Corrupt, stream_.total_in,
                     "zip: entry decodes past the " + std::to_string(declared_) +
                         " bytes its directory declares (a zip bomb); the rest is skipped"});
                done_ = true;
                break;
            }
            if (produced) chain_.decoded({out_.data(), produced});
            if (ret == Z_STREAM_END)
                done_ = true;
            else if (ret != Z_OK && ret != Z_BUF_ERROR) {
                listener_.decodeIssue(
                    {DecodeIssue::Kind::Corrupt, stream_.total_in,
                     "zip: corrupt deflate data; the rest of the entry is skipped"});
                done_ = true;
            } else if (produced == 0 && ret == Z_BUF_ERROR)
                break;
        }
    }
    void finish() override {
        if (deflate_ && !done_)
            listener_.decodeIssue(
                {DecodeIssue::Kind::Truncated, stream_.total_in,
                 "zip: entry ends inside deflate data; kept everything before it"});
        chain_.next().finish();
    }

private:
    DecodeListener& listener_;
    Chain chain_;
    bool deflate_;
    uint64_t declared_;
    bool done_ = false;
    z_stream stream_;
    std::vector<char> out_;
};

}  // namespace

std::unique_ptr<StreamDecoder> makeSniffingDecoder(DecodeListener& listener) {
    return std::make_unique<SniffingDecoder>(listener);
}

std::unique_ptr<StreamDecoder> makeZipEntryDecoder(uint16_t method, DecodeListener& listener,
                                                   uint64_t declaredSize) {
    return std::make_unique<ZipEntryDecoder>(method, listener, declaredSize);
}

}  // namespace stagelight
