// Raw JSON of one event on demand: decode the part again up to the line's offset. Nothing of the
// log text is kept in memory after loading.
#include <algorithm>
#include <cstdio>

#include "io/StreamDecoder.h"
#include "load/Loader.h"

namespace stagelight {
namespace {

class LineCatcher final : public DecodeListener {
public:
    explicit LineCatcher(uint64_t offset) : offset_(offset) {}
    void decoded(std::string_view bytes) override {
        if (done_) return;
        const uint64_t start = position_;
        position_ += bytes.size();
        if (position_ <= offset_) return;
        const size_t from = offset_ > start ? size_t(offset_ - start) : 0;
        std::string_view piece = bytes.substr(from);
        if (auto nl = piece.find('\n'); nl != std::string_view::npos) {
            line_.append(piece.substr(0, nl));
            done_ = true;
        } else {
            line_.append(piece);
        }
    }
    void decodeIssue(const DecodeIssue&) override {}
    bool done() const { return done_; }
    std::string take() { return std::move(line_); }

private:
    uint64_t offset_;
    uint64_t position_ = 0;
    std::string line_;
    bool done_ = false;
};

}  // namespace

std::optional<std::string> readSourceLine(const LogSet& source, const SourceRef& where) {
    if (where.part >= source.parts.size()) return std::nullopt;
    const LogPart& part = source.parts[where.part];
    std::FILE* file = std::fopen(part.path.c_str(), "rb");
    if (!file) return std::nullopt;
    uint64_t offset = where.offset;
    uint64_t left = UINT64_MAX;
    if (part.zipEntry) {
        left = std::fseek(file, long(part.zipEntry->dataOffset), SEEK_SET) == 0
                   ? part.zipEntry->compressedSize
                   : 0;
    } else if (part.codec == Codec::Plain && std::fseek(file, long(offset), SEEK_SET) == 0) {
        offset = 0;
    }
    LineCatcher catcher(offset);
    auto decoder = part.zipEntry ? makeZipEntryDecoder(part.zipEntry->method, catcher)
                                 : makeStreamDecoder(part.codec, catcher);
    std::vector<std::byte> buf(1 << 16);
    size_t n;
    while (!catcher.done() && left > 0 &&
           (n = std::fread(buf.data(), 1, std::min<uint64_t>(buf.size(), left), file)) > 0) {
        left -= n;
        decoder->feed(std::span(buf.data(), n));
    }
    std::fclose(file);
    std::string line = catcher.take();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) return std::nullopt;
    return line;
}

}  // namespace stagelight
