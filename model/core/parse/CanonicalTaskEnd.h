// The task events from their Task Info on, read straight from the text when Spark's JsonProtocol
// wrote them: Task Info (its Accumulables by CanonicalAccumulables), then for TaskEnd the Task
// Executor Metrics and Task Metrics, up to the line's end. A TaskEnd is nearly all of a log's
// bytes, and walking its three hundred fields through On-Demand was most of a load's time.
#pragma once

#include "events/Events.h"

namespace stagelight {

// `text` is the Task Info value's first byte, `end` the line's end (just after the event's closing
// brace). When the rest of the line is compact, with keys in Spark's order where the On-Demand
// readers look keys up in order, integers that fit 64 bits, strings without escapes and no Updated
// Blocks, fills `event` as those readers would from the same text and returns true. Otherwise
// returns false with `event` as it was, and the caller decodes the line with the On-Demand readers.
// A caller that clears `event` after a refusal anyway says `Discard`: nothing is saved for it (a
// copy of the event's ~800 bytes of fields per task line).
enum class OnRefusal { Restore, Discard };
bool readCanonicalTaskEndTail(const char* text, const char* end, events::TaskEnd& event,
                              OnRefusal onRefusal = OnRefusal::Restore);
// The same for a TaskStart, whose Task Info ends the line.
bool readCanonicalTaskStartTail(const char* text, const char* end, events::TaskStart& event,
                                OnRefusal onRefusal = OnRefusal::Restore);

}  // namespace stagelight
