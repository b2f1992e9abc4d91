// One log's decoding: ModelBuilder and StatusReplay fed in one pass, in log order — by the
// EventDecoder here (one thread), or by a parallel load replaying its workers' batches into
// sinks(). The loader and the fuzz target run one per log.
#pragma once

#include <memory>

#include "model/EventLogModel.h"
#include "parse/EventDecoder.h"
#include "parse/ModelBuilder.h"
#include "status/StatusReplay.h"

namespace stagelight {

class LogDecoder {
public:
    explicit LogDecoder(EventLogModel& model, bool textReaders = true)
        : model_(model), builder_(model), decoder_({&builder_, &replay_}, textReaders) {}
    LogDecoder(const LogDecoder&) = delete;
    LogDecoder& operator=(const LogDecoder&) = delete;

    EventDecoder& decoder() { return decoder_; }
    // The two sinks, in the order events reach them.
    std::vector<EventSink*> sinks() { return {&builder_, &replay_}; }

    // After the last line: finishes the model and writes the replayed figures and counts into it.
    void finish() {
        decoder_.finish();
        replay_.finish(model_);
        const EventDecoder::Counts& counts = decoder_.counts();
        model_.report.events += counts.events;
        for (const auto& [name, n] : counts.unknown) model_.report.unknownEvents[name] += n;
    }

    // The model as it would be if the log ended here: a copy of it and of both sinks' state,
    // finished and derived, while this decoding goes on. Call between events only. A line begun
    // and not ended (`carried`, a followed log's last line) is read as a load of these bytes
    // would read it: an event if it is whole, else the cut-off last line.
    std::unique_ptr<EventLogModel> snapshot(std::string_view carried = {},
                                            const SourceRef& carriedAt = {}) const;

private:
    EventLogModel& model_;
    ModelBuilder builder_;
    StatusReplay replay_;
    EventDecoder decoder_;
};

}  // namespace stagelight
