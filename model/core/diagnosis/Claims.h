// Reconciling what findings cost: each slice's wall clock is granted once, to the root cause
// first, so the costs of all findings sum to at most the wall clock; a finding left with little
// of what it asked for, because a root cause on the same stage holds it, is marked its symptom.
#pragma once

#include <vector>

#include "diagnosis/Finding.h"
#include "diagnosis/Slices.h"

namespace stagelight {

// Rules at this precedence or above (spill, GC, memory, overheads) describe symptoms.
constexpr int kSymptomPrecedence = 60;

struct RankedFinding {
    Finding finding;
    int precedence = 50;
};

// Grants the claims in precedence order (then the larger ask first), sets estimatedCostMs,
// askedMs and symptomOf. Findings without claims that still carry an estimatedCostMs (rules
// costing something other than slices) claim it from their stage's slices, or from the time
// jobs ran when they have no stage.
void resolveClaims(const std::vector<Slice>& slices, std::vector<RankedFinding>& findings);

}  // namespace stagelight
