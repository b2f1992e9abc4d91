#include "load/LogDecoder.h"

#include "derive/Derive.h"

namespace stagelight {

std::unique_ptr<EventLogModel> LogDecoder::snapshot() const {
    auto copy = std::make_unique<EventLogModel>(model_);
    ModelBuilder builder(builder_, *copy);
    StatusReplay replay(replay_);
    builder.endOfLog();
    replay.endOfLog();
    replay.finish(*copy);
    const EventDecoder::Counts& counts = decoder_.counts();
    copy->report.events += counts.events;
    for (const auto& [name, n] : counts.unknown) copy->report.unknownEvents[name] += n;
    copy->report.partial = true;
    deriveFigures(*copy);
    return copy;
}

}  // namespace stagelight
