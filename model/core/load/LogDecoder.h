// One log's decoding: the EventDecoder feeding ModelBuilder, then StatusReplay, in one pass.
// The loader and the fuzz target run one per log.
#pragma once

#include "model/EventLogModel.h"
#include "parse/EventDecoder.h"
#include "parse/ModelBuilder.h"
#include "status/StatusReplay.h"

namespace stagelight {

class LogDecoder {
public:
    explicit LogDecoder(EventLogModel& model)
        : model_(model), builder_(model), decoder_({&builder_, &replay_}) {}
    LogDecoder(const LogDecoder&) = delete;
    LogDecoder& operator=(const LogDecoder&) = delete;

    EventDecoder& decoder() { return decoder_; }

    // After the last line: finishes the model and writes the replayed figures and counts into it.
    void finish() {
        decoder_.finish();
        replay_.finish(model_);
        const EventDecoder::Counts& counts = decoder_.counts();
        model_.report.events += counts.events;
        for (const auto& [name, n] : counts.unknown) model_.report.unknownEvents[name] += n;
    }

private:
    EventLogModel& model_;
    ModelBuilder builder_;
    StatusReplay replay_;
    EventDecoder decoder_;
};

}  // namespace stagelight
