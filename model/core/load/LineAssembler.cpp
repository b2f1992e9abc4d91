#include "load/LineAssembler.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>

#include "load/PartEnd.h"

namespace stagelight {

const std::string& LineAssembler::partName(uint32_t part) const {
    if (partNames_.empty())
        for (const LogPart& p : model_.source.parts) partNames_.push_back(p.displayName());
    static const std::string none;
    return part < partNames_.size() ? partNames_[part] : none;
}

void LineAssembler::warn(LoadWarning::Severity severity, const SourceRef& where,
                         std::string message) {
    model_.report.add(
        {severity, partName(where.part), where.line, where.offset, false, std::move(message)});
}

void LineAssembler::handleLine(const char* text, size_t length, size_t capacity,
                               const SourceRef& where, bool lastLine) {
    ++model_.report.lines;
    size_t start = 0;
    while (start < length && (text[start] == ' ' || text[start] == '\t' || text[start] == '\r'))
        ++start;
    if (start == length) return;  // blank line
    if (decoder_.decodeLine(text + start, length - start, capacity - start, where)) {
        if (!decoder_.problems().messages.empty()) {
            std::string msg = "event decoded with problems: ";
            for (size_t i = 0; i < decoder_.problems().messages.size(); ++i)
                msg += (i ? "; " : "") + decoder_.problems().messages[i];
            warn(LoadWarning::Severity::Warning, where, std::move(msg));
        }
        return;
    }
    if (lastLine && model_.source.inProgress) {
        model_.report.truncatedTail = true;
        warn(LoadWarning::Severity::Info, where,
             "last line is cut off (expected for an in-progress log): " + decoder_.lastError());
        return;
    }
    ++model_.report.malformedLines;
    warn(LoadWarning::Severity::Warning, where, "malformed line skipped: " + decoder_.lastError());
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
    handleLine(carry_.data(), carryLength_, carryLength_ + simdjson::SIMDJSON_PADDING, carryStart_,
               lastLine);
    retireCarry();
}

void LineAssembler::skipLongLine(const SourceRef& where) {
    ++model_.report.lines;
    ++model_.report.malformedLines;
    warn(LoadWarning::Severity::Warning, where,
         "line longer than " + std::to_string(maxLineBytes_) +
             " bytes skipped (the limit; raise it with STAGELIGHT_MAX_LINE_BYTES)");
    retireCarry();
    skipping_ = true;
}

void LineAssembler::consume(const DecodedChunk& chunk) {
    if (chunk.kind == DecodedChunk::Kind::Issue) {
        const bool lastPart = chunk.part + 1 == model_.source.parts.size();
        const bool expected = chunk.issue.kind == DecodeIssue::Kind::Truncated && lastPart &&
                              model_.source.inProgress;
        if (chunk.issue.kind == DecodeIssue::Kind::Truncated) model_.report.truncatedTail = true;
        model_.report.add(
            {expected ? LoadWarning::Severity::Info : LoadWarning::Severity::Warning,
             partName(chunk.part), 0, chunk.issue.compressedOffset, true,
             chunk.issue.message + (expected ? " (expected for an in-progress log)" : "")});
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
    model_.report.bytesDecoded += chunk.used;
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
            handleLine(data + pos, end - pos, capacity - pos, where, false);
        }
        pos = end + 1;
    }
    partOffset_ += n;
}

void LineAssembler::finish() {
    if (carryLength_ > 0) handleCarried(true);
}

}  // namespace stagelight
