#include "load/EventRecorder.h"

#include <algorithm>
#include <cstring>

namespace stagelight {

std::string_view TextArena::keep(std::string_view text) {
    if (text.empty()) return {};
    if (used_ + text.size() > blockSize_) {
        blockSize_ = std::max(kBlockBytes, text.size());
        blocks_.push_back(std::make_unique<char[]>(blockSize_));
        used_ = 0;
    }
    char* at = blocks_.back().get() + used_;
    std::memcpy(at, text.data(), text.size());
    used_ += text.size();
    return {at, text.size()};
}

void TextArena::clear() {
    if (blocks_.size() > 1 || blockSize_ != kBlockBytes) {
        blocks_.clear();
        blockSize_ = 0;
        used_ = kBlockBytes;
        return;
    }
    used_ = 0;  // the one standard block is reused
}

void RecordedEvents::clear() {
    order_.clear();
    std::apply([](auto&... stores) { (stores.clear(), ...); }, store_);
    texts_.clear();
}

void RecordedEvents::replay(const std::vector<EventSink*>& sinks) const {
    for (const Entry& e : order_)
        for (EventSink* sink : sinks) e.replay(*this, e.index, *sink);
}

void EventRecorder::ownTaskInfo(events::TaskInfo& info) {
    TextArena& texts = out_->texts_;
    info.executorId = texts.keep(info.executorId);
    info.host = texts.keep(info.host);
    // Only the first naming of an accumulator in the batch is kept: the model keeps the first.
    std::erase_if(info.accumulatorNames, [&](events::AccumulatorName& a) {
        if (!namedAccumulators_.insert(a.id).second) return true;
        a.name = texts.keep(a.name);
        a.metadata = texts.keep(a.metadata);
        return false;
    });
}

}  // namespace stagelight
