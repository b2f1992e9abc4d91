// Raw JSON of events on demand: decode a part again up to the lines' offsets (plain files seek
// straight to them). Nothing of the log text is kept in memory after loading.
#include <algorithm>
#include <cstdio>

#include "io/StreamDecoder.h"
#include "load/Loader.h"
#include "load/PartEnd.h"

namespace stagelight {
namespace {

// Collects the lines starting at the given offsets (sorted, distinct) of a decoded stream.
class LineCatcher final : public DecodeListener {
public:
    explicit LineCatcher(std::vector<uint64_t> offsets)
        : offsets_(std::move(offsets)), lines_(offsets_.size()) {}
    void decoded(std::string_view bytes) override {
        const uint64_t start = position_;
        position_ += bytes.size();
        size_t i = 0;
        while (next_ < offsets_.size()) {
            if (!capturing_) {
                const uint64_t offset = offsets_[next_];
                if (offset >= position_) return;
                i = std::max(i, offset > start ? size_t(offset - start) : size_t(0));
                capturing_ = true;
            }
            const size_t nl = bytes.find('\n', i);
            if (nl == std::string_view::npos) {
                lines_[next_].append(bytes.substr(i));
                return;
            }
            lines_[next_].append(bytes.substr(i, nl - i));
            capturing_ = false;
            ++next_;
            i = nl + 1;
        }
    }
    void decodeIssue(const DecodeIssue&) override {}
    bool done() const { return next_ == offsets_.size(); }
    bool capturing() const { return capturing_; }  // a line still open at the end of the stream
    std::vector<std::string> take() { return std::move(lines_); }

private:
    std::vector<uint64_t> offsets_;
    std::vector<std::string> lines_;
    uint64_t position_ = 0;
    size_t next_ = 0;
    bool capturing_ = false;
};

// Decodes `part` from `skip` bytes into its file (plain files only) until `catcher` has its lines.
void decodePart(const LogPart& part, uint64_t skip, LineCatcher& catcher) {
    std::FILE* file = std::fopen(part.path.c_str(), "rb");
    if (!file) return;
    uint64_t left = UINT64_MAX;
    if (part.zipEntry)
        left = std::fseek(file, long(part.zipEntry->dataOffset), SEEK_SET) == 0
                   ? part.zipEntry->compressedSize
                   : 0;
    else if (skip > 0 && std::fseek(file, long(skip), SEEK_SET) != 0)
        left = 0;
    auto decoder = part.zipEntry ? makeZipEntryDecoder(part.zipEntry->method, catcher,
                                                       part.zipEntry->uncompressedSize)
                                 : makeStreamDecoder(part.codec, catcher);
    std::vector<std::byte> buf(1 << 16);
    size_t n;
    while (!catcher.done() && left > 0 &&
           (n = std::fread(buf.data(), 1, std::min<uint64_t>(buf.size(), left), file)) > 0) {
        left -= n;
        decoder->feed(std::span(buf.data(), n));
    }
    if (!catcher.done()) decoder->finish();  // a last line without its newline
    std::fclose(file);
}

bool endsTheEvent(const std::string& partTail) {
    simdjson::dom::parser parser;
    return isWholeJsonObject(parser, partTail, false);
}

std::optional<std::string> cleaned(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) return std::nullopt;
    return line;
}

}  // namespace

std::vector<std::optional<std::string>> readSourceLines(const LogSet& source,
                                                        const std::vector<SourceRef>& where) {
    std::vector<std::optional<std::string>> out(where.size());
    for (uint32_t part = 0; part < source.parts.size(); ++part) {
        std::vector<uint64_t> offsets;
        for (const SourceRef& w : where)
            if (w.part == part) offsets.push_back(w.offset);
        if (offsets.empty()) continue;
        std::sort(offsets.begin(), offsets.end());
        offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
        const LogPart& p = source.parts[part];
        std::vector<std::optional<std::string>> lines(offsets.size());
        if (p.codec == Codec::Plain && !p.zipEntry) {
            for (size_t i = 0; i < offsets.size(); ++i) {  // seek to each line
                LineCatcher one({0});
                decodePart(p, offsets[i], one);
                lines[i] = cleaned(std::move(one.take().front()));
            }
        } else {
            LineCatcher all(offsets);  // one decoding pass for every line of the part
            decodePart(p, 0, all);
            const bool open = all.capturing();
            auto taken = all.take();
            // A rolling log's line may continue in the next part.
            if (open && part + 1 < source.parts.size() && !endsTheEvent(taken.back())) {
                LineCatcher rest({0});
                decodePart(source.parts[part + 1], 0, rest);
                taken.back() += rest.take().front();
            }
            for (size_t i = 0; i < taken.size(); ++i) lines[i] = cleaned(std::move(taken[i]));
        }
        for (size_t i = 0; i < where.size(); ++i)
            if (where[i].part == part)
                out[i] =
                    lines[size_t(std::lower_bound(offsets.begin(), offsets.end(), where[i].offset) -
                                 offsets.begin())];
    }
    return out;
}

std::optional<std::string> readSourceLine(const LogSet& source, const SourceRef& where) {
    return readSourceLines(source, {where}).front();
}

}  // namespace stagelight
