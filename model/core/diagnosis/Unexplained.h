// The wall clock no finding explains, as a finding of its own: after the claims are granted,
// the time left over in jobs while cores were idle (busy cores are the work itself), its
// largest pieces named by cause and stage. It costs nothing (no
// fix is known to save it) but says how much of the run the findings above do not cover.
#pragma once

#include <optional>

#include "diagnosis/Context.h"
#include "diagnosis/Finding.h"
#include "diagnosis/TimeAccounting.h"

namespace stagelight {

// Reported when at least `minShare` of the wall clock and `minMs` are unexplained.
std::optional<Finding> unexplainedTime(const TimeAccounting& time,
                                       double minShare = 0.1, int64_t minMs = 5000);

}  // namespace stagelight
