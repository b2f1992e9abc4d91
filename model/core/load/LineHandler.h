// What the LineAssembler hands on, and what one line's decoding adds to the load report. Two
// handlers: InlineLineHandler decodes each line at once into the log's sinks (one thread), the
// parallel loader's batcher keeps lines for its workers (ParallelDecode.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/EventLogModel.h"
#include "parse/EventDecoder.h"

namespace stagelight {

class LineHandler {
public:
    virtual ~LineHandler() = default;
    // One line (its newline excluded), with SIMDJSON_PADDING readable bytes inside `capacity`.
    // `lastLine`: the log's final line, which had no newline.
    virtual void line(const char* text, size_t length, size_t capacity, const SourceRef& where,
                      bool lastLine) = 0;
    // A problem the assembler found itself. `skippedLine`: it stands for a line that was not
    // decoded (counted in lines and malformed lines); `truncated`: the log's tail is cut off.
    virtual void note(LoadWarning warning, bool skippedLine, bool truncated) = 0;
    // Decompressed bytes consumed.
    virtual void bytesDecoded(size_t bytes) = 0;
};

// What decoding one line adds to the report.
struct LineOutcome {
    bool malformed = false;  // counted in malformedLines
    bool truncated = false;  // the in-progress log's cut-off last line
    std::optional<LoadWarning> warning;

    void applyTo(LoadReport& report) {
        ++report.lines;
        if (malformed) ++report.malformedLines;
        if (truncated) report.truncatedTail = true;
        if (warning) report.add(std::move(*warning));
    }
};

// Decodes one line into the decoder's sinks (a blank line is only counted).
LineOutcome decodeOneLine(EventDecoder& decoder, const char* text, size_t length, size_t capacity,
                          const SourceRef& where, bool lastLine, bool inProgress,
                          const std::string& partName);

// The display names of a log's parts, by SourceRef::part (warnings name the part).
std::vector<std::string> partNames(const LogSet& source);

// Decodes every line as it comes, into the decoder's sinks and the model's report.
class InlineLineHandler final : public LineHandler {
public:
    InlineLineHandler(EventLogModel& model, EventDecoder& decoder)
        : model_(model), decoder_(decoder) {}
    void line(const char* text, size_t length, size_t capacity, const SourceRef& where,
              bool lastLine) override {
        decodeOneLine(decoder_, text, length, capacity, where, lastLine, model_.source.inProgress,
                      partName(where.part))
            .applyTo(model_.report);
    }
    void note(LoadWarning warning, bool skippedLine, bool truncated) override {
        if (skippedLine) {
            ++model_.report.lines;
            ++model_.report.malformedLines;
        }
        if (truncated) model_.report.truncatedTail = true;
        model_.report.add(std::move(warning));
    }
    void bytesDecoded(size_t bytes) override { model_.report.bytesDecoded += bytes; }

private:
    const std::string& partName(uint32_t part) {
        if (partNames_.size() != model_.source.parts.size())  // a followed log gains parts
            partNames_ = partNames(model_.source);
        static const std::string none;
        return part < partNames_.size() ? partNames_[part] : none;
    }
    EventLogModel& model_;
    EventDecoder& decoder_;
    std::vector<std::string> partNames_;
};

}  // namespace stagelight
