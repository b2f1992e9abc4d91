#include "model/Derived.h"

#include <algorithm>

namespace stagelight {

std::string_view AppSpan::startName() const {
    switch (startFrom) {
        case Start::ApplicationStart:
            return "ApplicationStart";
        case Start::FirstEvent:
            return "first event";
        case Start::Unknown:
            break;
    }
    return "unknown";
}

std::string_view AppSpan::endName() const {
    switch (endFrom) {
        case End::ApplicationEnd:
            return "ApplicationEnd";
        case End::LastEvent:
            return "last event";
        case End::Unknown:
            break;
    }
    return "unknown";
}

std::string AppSpan::howFound() const {
    return std::string(startName()) + " to " + std::string(endName());
}

std::string StageTotals::progressText() const {
    std::string s = std::to_string(completedTasks) + "/" + std::to_string(numTasks);
    std::string extra;
    if (failedTasks > 0) extra = std::to_string(failedTasks) + " failed";
    if (killedTasks > 0)
        extra += (extra.empty() ? "" : ", ") + std::to_string(killedTasks) + " killed";
    if (runningTasks > 0)
        extra += (extra.empty() ? "" : ", ") + std::to_string(runningTasks) + " running";
    return extra.empty() ? s : s + " (" + extra + ")";
}

void CoreTimeline::assign(std::vector<std::pair<int64_t, int64_t>> steps) {
    steps_ = std::move(steps);
    maxCores_ = 0;
    for (const auto& [t, cores] : steps_) maxCores_ = std::max(maxCores_, cores);
}

int64_t CoreTimeline::coresAt(int64_t t) const {
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(t, INT64_MAX));
    return it == steps_.begin() ? 0 : std::prev(it)->second;
}

double CoreTimeline::coreMs(int64_t from, int64_t to) const {
    if (to <= from) return 0;
    double total = 0;
    int64_t t = from, cores = coresAt(from);
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(from, INT64_MAX));
    for (; it != steps_.end() && it->first < to; ++it) {
        total += double(cores) * double(it->first - t);
        t = it->first;
        cores = it->second;
    }
    return total + double(cores) * double(to - t);
}

std::vector<CoreTimeline::Segment> CoreTimeline::segments(int64_t from, int64_t to) const {
    std::vector<Segment> out;
    if (to <= from) return out;
    int64_t t = from, cores = coresAt(from);
    auto it = std::upper_bound(steps_.begin(), steps_.end(), std::make_pair(from, INT64_MAX));
    for (; it != steps_.end() && it->first < to; ++it) {
        if (it->second == cores) continue;
        out.push_back({t, it->first, cores});
        t = it->first;
        cores = it->second;
    }
    out.push_back({t, to, cores});
    return out;
}

std::string_view cachedRddSourceName(CachedRdd::Source s) {
    switch (s) {
        case CachedRdd::Source::BlockUpdates:
            return "block updates";
        case CachedRdd::Source::TaskBlockUpdates:
            return "the tasks' updated blocks";
        case CachedRdd::Source::RddInfo:
            break;
    }
    return "the last stage's RDD Info";
}

}  // namespace stagelight
