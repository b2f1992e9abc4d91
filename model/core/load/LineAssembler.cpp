#include "load/LineAssembler.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>

#include "load/PartEnd.h"

namespace stagelight {

const std::string& LineAssembler::partName(uint32_t part) const {
    if (partNames_.size() != source_.parts.size()) partNames_ = partNames(source_);  // parts grow
    static const std::string none;
    return part < partNames_.size() ? partNames_[part] : none;
}

std::vector<std::string> partNames(const LogSet& source) {
    std::vector<std::string> names;
    for (const LogPart& p : source.parts) names.push_back(p.displayName());
    return names;
}

LineOutcome decodeOneLine(EventDecoder& decoder, const char* text, size_t length, size_t capacity,
                          const SourceRef& where, bool lastLine, bool inProgress,
                          const std::string& partName) {
    LineOutcome out;
    size_t start = 0;
    while (start < length && (text[start] == ' ' || text[start] == '\t' || text[start] == '\r'))
        ++start;
    if (start == length) return out;  // blank line
    auto warning = [&](LoadWarning::Severity severity, std::string message) {
        out.warning = LoadWarning{severity, partName, where.line, where.offset, false,
                                  std::move(message)};
    };
    if (decoder.decodeLine(text + start, length - start, capacity - start, where)) {
        if (!decoder.problems().messages.empty()) {
            std::string msg = "event decoded with problems: ";
            for (size_t i = 0; i < decoder.problems().messages.size(); ++i)
                msg += (i ? "; " : "") + decoder.problems().messages[i];
            warning(LoadWarning::Severity::Warning, std::move(msg));
        }
        return out;
    }
    if (lastLine && inProgress) {
        out.truncated = true;
        warning(LoadWarning::Severity::Info,
                "last line is cut off (expected for an in-progress log): " + decoder.lastError());
        return out;
    }
    out.malformed = true;
    warning(LoadWarning::Severity::Warning, "malformed line skipped: " + decoder.lastError());
    return out;
}

void LineAssembler::growCarry(size_t bytes) {
    markFresh(carry_.data(), carry_.size());
    if (carry_.size() < bytes + simdjson::SIMDJSON_PADDING)
        carry_.resize(std::max(std::min(bytes * 2, maxLineBytes_), bytes) +
                      simdjson::SIMDJSON_PADDING);
}

void LineAssembler::retireCarry() {
    carryLength_ = 0;
    markStale(carry_.data(), carry_.size());
}

bool LineAssembler::carriedLineIsWholeObject() {
    growCarry(carryLength_);
    std::memset(carry_.data() + carryLength_, 0, simdjson::SIMDJSON_PADDING);
    return isWholeJsonObject(validator_, {carry_.data(), carryLength_}, true);
}

void LineAssembler::handleCarried(bool lastLine) {
    growCarry(carryLength_);
    std::memset(carry_.data() + carryLength_, 0, simdjson::SIMDJSON_PADDING);
    handler_.line(carry_.data(), carryLength_, carryLength_ + simdjson::SIMDJSON_PADDING,
                  carryStart_, lastLine);
    retireCarry();
}

void LineAssembler::skipLongLine(const SourceRef& where) {
    handler_.note({LoadWarning::Severity::Warning, partName(where.part), where.line, where.offset,
                   false,
                   "line longer than " + std::to_string(maxLineBytes_) +
                       " bytes skipped (the limit; raise it with STAGELIGHT_MAX_LINE_BYTES)"},
                  true, false);
    retireCarry();
    skipping_ = true;
}

void LineAssembler::consume(const DecodedChunk& chunk) {
    if (chunk.kind == DecodedChunk::Kind::Issue) {
        const bool lastPart = chunk.part + 1 == source_.parts.size();
        const bool truncated = chunk.issue.kind == DecodeIssue::Kind::Truncated;
        const bool expected = truncated && lastPart && source_.inProgress;
        handler_.note({expected ? LoadWarning::Severity::Info : LoadWarning::Severity::Warning,
                       partName(chunk.part), 0, chunk.issue.compressedOffset, true,
                       chunk.issue.message + (expected ? " (expected for an in-progress log)" : "")},
                      false, truncated);
        return;
    }
    if (chunk.kind == DecodedChunk::Kind::PartEnd) {
        // A line may continue in the next part of a rolling log; it keeps its start position.
        // But writers roll between events: a part ending in a whole JSON object without its
        // newline ended that event. Glued to the next part's first line, the second object
        // would be dropped unseen (simdjson reads the first and ignores what follows).
        if (!skipping_ && carryLength_ > 0 && carriedLineIsWholeObject()) handleCarried(false);
        part_ = chunk.part + 1;
        partOffset_ = 0;
        partLine_ = 0;
        return;
    }
    part_ = chunk.part;
    handler_.bytesDecoded(chunk.used);
    const char* data = chunk.buffer.data();
    const size_t n = chunk.used;
    const size_t capacity = chunk.buffer.size();
    size_t pos = 0;
    if (skipping_ || carryLength_ > 0) {  // a line begun in an earlier chunk
        const void* nl = std::memchr(data, '\n', n);
        const size_t take = nl ? size_t(static_cast<const char*>(nl) - data) : n;
        if (!skipping_ && carryLength_ + take > maxLineBytes_) skipLongLine(carryStart_);
        if (!skipping_) {
            growCarry(carryLength_ + take);
            std::memcpy(carry_.data() + carryLength_, data, take);
            carryLength_ += take;
        }
        if (!nl) {
            partOffset_ += n;
            return;
        }
        if (skipping_)
            skipping_ = false;
        else
            handleCarried(false);
        pos = take + 1;
    }
    while (pos < n) {
        const void* nl = std::memchr(data + pos, '\n', n - pos);
        const SourceRef where{part_, partOffset_ + pos, ++partLine_};
        if (!nl) {
            carryLength_ = n - pos;
            carryStart_ = where;
            if (carryLength_ > maxLineBytes_) {
                skipLongLine(where);
                break;
            }
            growCarry(carryLength_);
            std::memcpy(carry_.data(), data + pos, carryLength_);
            break;
        }
        const size_t end = size_t(static_cast<const char*>(nl) - data);
        if (end - pos > maxLineBytes_) {  // whole in this chunk: reported, nothing to skip
            skipLongLine(where);
            skipping_ = false;
        } else {
            handler_.line(data + pos, end - pos, capacity - pos, where, false);
        }
        pos = end + 1;
    }
    partOffset_ += n;
}

void LineAssembler::finish() {
    if (carryLength_ > 0) handleCarried(true);
}

}  // namespace stagelight
