#include "diagnosis/Claims.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace stagelight {

namespace {

// `ms` spread over `slices`, longest first, none above its length.
std::vector<SliceClaim> spread(const std::vector<Slice>& slices, std::vector<size_t> which,
                               int64_t ms) {
    std::stable_sort(which.begin(), which.end(), [&](size_t a, size_t b) {
        return slices[a].durationMs() > slices[b].durationMs();
    });
    std::vector<SliceClaim> out;
    for (size_t i : which) {
        if (ms <= 0) break;
        const int64_t take = std::min(ms, slices[i].durationMs());
        out.push_back({i, take});
        ms -= take;
    }
    return out;
}

void legacyClaims(const std::vector<Slice>& slices, Finding& f) {
    if (!f.claims.empty() || f.estimatedCostMs <= 0) return;
    std::vector<size_t> which;
    for (size_t i = 0; i < slices.size(); ++i)
        if (f.stage.valid() ? slices[i].stage == f.stage : !slices[i].isDriver())
            which.push_back(i);
    f.claims = spread(slices, std::move(which), f.estimatedCostMs);
}

}  // namespace

void resolveClaims(const std::vector<Slice>& slices, std::vector<RankedFinding>& findings) {
    std::vector<int64_t> left(slices.size());
    for (size_t i = 0; i < slices.size(); ++i) left[i] = slices[i].durationMs();
    std::vector<size_t> holder(slices.size(), SIZE_MAX);  // the finding granted most of a slice
    std::vector<int64_t> held(slices.size(), 0);
    for (RankedFinding& rf : findings) {
        legacyClaims(slices, rf.finding);
        rf.finding.askedMs = 0;
        for (const SliceClaim& c : rf.finding.claims) rf.finding.askedMs += c.ms;
    }
    std::vector<size_t> order(findings.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (findings[a].precedence != findings[b].precedence)
            return findings[a].precedence < findings[b].precedence;
        return findings[a].finding.askedMs > findings[b].finding.askedMs;
    });
    std::map<StageKey, size_t> rootOfStage;  // the first root cause granted time on a stage
    for (size_t k : order) {
        Finding& f = findings[k].finding;
        // Spill, GC and memory findings (precedence 60 and up) on a stage whose root cause is
        // already found are its symptoms: the root cause's cost holds that stage's time.
        if (findings[k].precedence >= kSymptomPrecedence && f.stage.valid())
            if (const auto root = rootOfStage.find(f.stage); root != rootOfStage.end()) {
                f.symptomOf = findings[root->second].finding.id;
                f.claims.clear();
                f.estimatedCostMs = 0;
                continue;
            }
        int64_t granted = 0;
        std::vector<SliceClaim> kept;
        size_t takenBy = SIZE_MAX;
        int64_t lost = 0;
        for (const SliceClaim& c : f.claims) {
            if (c.slice >= slices.size() || c.ms <= 0) continue;
            const int64_t g = std::min(c.ms, left[c.slice]);
            const Slice::Cause sc = slices[c.slice].cause;
            const bool running = sc == Slice::Cause::StageRunning || sc == Slice::Cause::IdleSlots ||
                                 sc == Slice::Cause::StragglerTail;
            if (running && g < c.ms && holder[c.slice] != SIZE_MAX && c.ms - g > lost) {
                lost = c.ms - g;
                takenBy = holder[c.slice];
            }
            if (g <= 0) continue;
            left[c.slice] -= g;
            granted += g;
            kept.push_back({c.slice, g});
            if (g > held[c.slice]) {
                held[c.slice] = g;
                holder[c.slice] = k;
            }
        }
        f.claims = std::move(kept);
        f.estimatedCostMs = granted;
        // Only time while the stage's tasks ran can hold their spill or GC: a wait before the
        // first task is no root cause of what the tasks did.
        const bool whileRunning = std::any_of(f.claims.begin(), f.claims.end(), [&](const SliceClaim& c) {
            const Slice::Cause cause = slices[c.slice].cause;
            return cause == Slice::Cause::StageRunning || cause == Slice::Cause::IdleSlots ||
                   cause == Slice::Cause::StragglerTail;
        });
        if (granted > 0 && whileRunning && f.stage.valid() && findings[k].precedence < kSymptomPrecedence)
            rootOfStage.emplace(f.stage, k);
        // Half or more of what it asked for is held by a root cause: it is that cause's symptom.
        if (takenBy != SIZE_MAX && takenBy != k && f.askedMs > 0 && granted * 2 <= f.askedMs)
            f.symptomOf = findings[takenBy].finding.id;
    }
}

}  // namespace stagelight
