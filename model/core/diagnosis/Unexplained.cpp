#include "diagnosis/Unexplained.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "text/Format.h"

namespace stagelight {

std::optional<Finding> unexplainedTime(const TimeAccounting& time,
                                       double minShare, int64_t minMs) {
    if (time.wallClockMs <= 0) return std::nullopt;
    struct Piece {
        int64_t ms = 0, busyMs = 0, coreMs = 0;
        int64_t from = INT64_MAX, to = 0;
        int slices = 0;
    };
    // Left-over time by (cause, stage): "stage 5.0 running 1.2 min", not 40 slivers.
    std::map<std::pair<Slice::Cause, StageKey>, Piece> pieces;
    int64_t total = 0;
    for (const Slice& s : time.slices) {
        // Driver time and waits for executors name their cause in the slice itself; below
        // their rules' thresholds they are the usual overhead, not a mystery.
        if (s.isDriver() || s.cause == Slice::Cause::WaitingForExecutors) continue;
        // Time the cores spent running tasks is the work itself; what is unexplained is the
        // rest of a slice no finding holds, in proportion to the cores idle in it.
        const double idle = s.coreMs > 0 ? std::clamp(1.0 - s.taskMs / s.coreMs, 0.0, 1.0) : 1.0;
        const int64_t left = int64_t(double(s.durationMs() - s.explainedMs) * idle);
        if (left <= 0) continue;
        Piece& p = pieces[{s.cause, s.stage}];
        p.ms += left;
        const double share = s.durationMs() > 0 ? double(left) / double(s.durationMs()) : 0;
        p.busyMs += int64_t(s.taskMs * share);
        p.coreMs += int64_t(s.coreMs * share);
        p.from = std::min(p.from, s.startMs);
        p.to = std::max(p.to, s.endMs);
        ++p.slices;
        total += left;
    }
    if (total < minMs || double(total) < minShare * double(time.wallClockMs)) return std::nullopt;
    std::vector<std::pair<std::pair<Slice::Cause, StageKey>, Piece>> order(pieces.begin(), pieces.end());
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
    Finding f;
    f.id = "unexplained";
    f.rule = "unexplained";
    f.cause = "unexplained";
    const int pct = int(std::lround(100.0 * double(total) / double(time.wallClockMs)));
    int64_t unclaimed = 0;  // what the Diagnosis headline calls "no finding claims"
    for (const Slice& s : time.slices) unclaimed += s.durationMs() - s.explainedMs;
    f.title = formatDuration(total) + " of idle cores that no finding explains (" +
              std::to_string(pct) + " % of the wall clock)";
    std::string parts;
    for (size_t i = 0; i < order.size() && i < 4; ++i) {
        const auto& [key, p] = order[i];
        std::string what = std::string(sliceCauseLabel(key.first));
        what[0] = char(std::tolower(static_cast<unsigned char>(what[0])));
        if (key.second.valid()) what += " (" + key.second.label() + ")";
        what += " " + formatDuration(p.ms);
        if (p.coreMs > 0) {
            const int busy = int(std::lround(100.0 * double(p.busyMs) / double(p.coreMs)));
            what += ", cores " + std::to_string(std::min(busy, 100)) + " % busy";
        }
        parts += (i ? "; " : "") + what;
        if (f.evidence.size() < 4) {
            Evidence e = Evidence::window(p.from, p.to, std::string(sliceCauseName(key.first)));
            if (key.second.valid()) {
                e.stageId = key.second.stage;
                e.stageAttemptId = key.second.attempt;
            }
            f.evidence.push_back(std::move(e));
        }
    }
    f.detail = "Findings claim all but " + formatDuration(unclaimed) +
               " of the wall clock. Of that, " + formatDuration(total) +
               " is counted here: the time outside driver phases and waits for executors (which "
               "name their cause themselves), in proportion to the cores idle in it. The largest "
               "parts: " + parts + ". The time accounting (Where the time went) shows each slice.";
    f.fix = "No cause in the log is known for it: look at the stage's timeline and tasks, and at "
            "the driver at those times";
    f.costMethod = "not a saving: the slices' time no finding was granted, times the share of "
                   "cores idle";
    f.costNotWallClock = true;
    return f;
}

}  // namespace stagelight
