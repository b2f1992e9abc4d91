// A task's Accumulables read straight from the text when Spark's JsonProtocol wrote them, the
// common case: decoding each entry field by field through On-Demand was the largest single cost
// of a load (two dozen entries of seven fields per task).
#pragma once

#include "events/Events.h"

namespace stagelight {

// Reads the array at `text` (its '[') when it is exactly in the form Spark writes:
//   [{"ID":1,"Name":"n","Update":"5","Value":"7","Internal":false,"Count Failed Values":true,
//     "Metadata":"sql"},...]
// compact, keys in that order (Update, Value, Internal, Count Failed Values and Metadata each
// optional), integers without fraction or exponent that fit 64 bits, strings without escapes,
// Update and Value a number or a string. It adds to `info` what the general reader
// (EventDecoder::readTaskAccumulables) adds for the same text. At the first byte outside that
// form it returns nullptr with `info` as it was: the caller reads the array with the general
// reader, which handles every other shape and reports problems. `end` bounds the scan (the
// line's end). Returns the position after the array, or nullptr.
const char* readCanonicalAccumulables(const char* text, const char* end, events::TaskInfo& info);

}  // namespace stagelight
