#include "load/LogDecoder.h"

#include "derive/Derive.h"
#include "load/LineHandler.h"
#include "load/PartEnd.h"

namespace stagelight {

std::unique_ptr<EventLogModel> LogDecoder::snapshot(std::string_view carried,
                                                   const SourceRef& carriedAt) const {
    auto copy = std::make_unique<EventLogModel>(model_);
    ModelBuilder builder(builder_, *copy);
    StatusReplay replay(replay_);
    if (!carried.empty()) {
        // As the loader ends a part (a whole object ends its event) and then the log.
        std::string padded(carried);
        padded.append(simdjson::SIMDJSON_PADDING, '\0');
        simdjson::dom::parser validator;
        const bool whole = isWholeJsonObject(validator, {padded.data(), carried.size()}, true);
        EventDecoder last({&builder, &replay});
        const std::vector<std::string> names = partNames(copy->source);
        decodeOneLine(last, padded.data(), carried.size(), padded.size(), carriedAt, !whole,
                      copy->source.inProgress,
                      carriedAt.part < names.size() ? names[carriedAt.part] : std::string())
            .applyTo(copy->report);
        copy->report.events += last.counts().events;
        for (const auto& [name, n] : last.counts().unknown) copy->report.unknownEvents[name] += n;
    }
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
