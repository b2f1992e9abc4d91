// Splits decompressed chunks into lines (a line may span chunks and rolling parts), keeps the
// part, line number and offset of each, and hands each line in place to a LineHandler.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include <simdjson.h>

#include "io/HugePages.h"
#include "io/StaleMemory.h"
#include "io/StreamDecoder.h"
#include "model/EventLogModel.h"
#include "load/LineHandler.h"
#include "parse/EventDecoder.h"

namespace stagelight {

// A byte buffer that is not zero-filled when allocated (chunks are written before they are read).
class ChunkBuffer {
public:
    char* data() { return data_.get(); }
    const char* data() const { return data_.get(); }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Makes room for at least `bytes`; the previous content is not kept.
    void allocate(size_t bytes) {
        if (bytes <= size_) {
            markFresh(data_.get(), size_);
            return;
        }
        data_ = allocateHuge(bytes);
        size_ = bytes;
    }
    // The parser is done with the content (the buffer goes back to the producer for reuse).
    void retire() { markStale(data_.get(), size_); }

private:
    HugeBuffer data_;
    size_t size_ = 0;
};

struct DecodedChunk {
    enum class Kind { Data, PartEnd, Issue };
    Kind kind = Kind::Data;
    uint32_t part = 0;
    ChunkBuffer buffer;  // `used` bytes, then at least SIMDJSON_PADDING zero bytes
    size_t used = 0;
    uint64_t bytesRead = 0;  // compressed bytes read from disk so far (progress)
    DecodeIssue issue{};
};

class LineAssembler {
public:
    // Lines go to `handler`; `source` names the parts and says whether the log is in progress.
    LineAssembler(const LogSet& source, LineHandler& handler, size_t maxLineBytes)
        : source_(source), handler_(handler), maxLineBytes_(maxLineBytes) {}
    // Decodes each line at once into `decoder`'s sinks and `model`'s report (one thread).
    LineAssembler(EventLogModel& model, EventDecoder& decoder, size_t maxLineBytes)
        : inline_(std::make_unique<InlineLineHandler>(model, decoder)),
          source_(model.source),
          handler_(*inline_),
          maxLineBytes_(maxLineBytes) {}
    void consume(const DecodedChunk& chunk);
    void finish();  // the last line may lack its newline

    // The line begun and not yet ended (a followed log's last line, waiting for its newline).
    struct Carried {
        std::string_view text;
        SourceRef where;
    };
    std::optional<Carried> carried() const {
        if (skipping_ || carryLength_ == 0) return std::nullopt;
        return Carried{{carry_.data(), carryLength_}, carryStart_};
    }

private:
    void handleCarried(bool lastLine);
    void skipLongLine(const SourceRef& where);
    void growCarry(size_t bytes);  // carry_ holds at least `bytes` plus padding, contents kept
    void retireCarry();            // the carried line is handled: nothing may still view it
    bool carriedLineIsWholeObject();  // one complete, valid JSON value and nothing after it
    const std::string& partName(uint32_t part) const;

    std::unique_ptr<InlineLineHandler> inline_;  // the handler, when this assembler decodes
    const LogSet& source_;
    LineHandler& handler_;
    size_t maxLineBytes_;
    bool skipping_ = false;  // inside a line longer than the limit: dropped up to its newline
    uint32_t part_ = 0;
    uint64_t partOffset_ = 0;  // decompressed bytes of the current part consumed so far
    uint64_t partLine_ = 0;    // lines started in the current part
    std::vector<char> carry_;  // an unfinished line, with room for padding
    size_t carryLength_ = 0;
    SourceRef carryStart_;
    mutable std::vector<std::string> partNames_;
    simdjson::dom::parser validator_;  // only at part ends that lack a newline
};

}  // namespace stagelight
