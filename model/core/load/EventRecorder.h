// Decoded events kept for later: a parallel load's workers decode lines into RecordedEvents
// (every view into a line's text copied into the batch's own arena), and the one applying
// thread replays them into the log's sinks in log order, with no JSON left to read.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "events/EventSink.h"

namespace stagelight {

// Texts with stable addresses, freed together.
class TextArena {
public:
    std::string_view keep(std::string_view text);
    void clear();  // keeps the first block for reuse

private:
    static constexpr size_t kBlockBytes = size_t(64) << 10;
    std::vector<std::unique_ptr<char[]>> blocks_;
    size_t used_ = kBlockBytes;  // in the last block; full until one exists
    size_t blockSize_ = 0;       // of the last block (an oversized text gets its own)
};

class RecordedEvents {
public:
    bool empty() const { return order_.empty(); }
    // Room for a chunk's task events at once (a batch's vectors are reused: this is once).
    void reserveForTasks() {
        constexpr size_t kTasks = 2048;
        if (order_.capacity() < 2 * kTasks) order_.reserve(2 * kTasks);
        auto& starts = std::get<Store<events::TaskStart>>(store_).items;
        auto& ends = std::get<Store<events::TaskEnd>>(store_).items;
        if (starts.capacity() < kTasks) starts.reserve(kTasks);
        if (ends.capacity() < kTasks) ends.reserve(kTasks);
    }
    size_t size() const { return order_.size(); }
    void clear();
    // Every recorded event, in the order recorded, to each sink in turn (as the decoder calls
    // them: the first sink, then the second, event by event).
    void replay(const std::vector<EventSink*>& sinks) const;

private:
    friend class EventRecorder;
    using ReplayOne = void (*)(const RecordedEvents&, uint32_t, EventSink&);
    struct Entry {
        ReplayOne replay;
        uint32_t index;
    };
    std::vector<Entry> order_;
    // One event type's records. Task events past `used` stay for the next batch: assigning over
    // them reuses their vectors' memory, where a cleared vector would free it and allocate it
    // again for every task. Other events (a plan can be megabytes) are freed with the batch.
    template <typename Event>
    struct Store {
        static constexpr bool kReused = std::is_same_v<Event, events::TaskStart> ||
                                        std::is_same_v<Event, events::TaskEnd>;
        std::vector<Event> items;
        size_t used = 0;
        void clear() {
            if constexpr (!kReused) items.clear();
            used = 0;
        }
    };
    template <typename... Events>
    using Stores = std::tuple<Store<Events>...>;
    Stores<events::LogStart,
           events::ApplicationStart,
           events::ApplicationEnd,
           events::EnvironmentUpdate,
           ResourceProfile,
           events::MiscellaneousProcessAdded,
           events::ExecutorAdded,
           events::ExecutorRemoved,
           events::BlockManager,
           events::Exclusion,
           events::ExecutorMetricsUpdate,
           events::StageExecutorMetrics,
           events::JobStart,
           events::JobEnd,
           events::Stage,
           events::TaskStart,
           events::TaskGettingResult,
           events::TaskEnd,
           BlockUpdate,
           events::UnpersistRdd,
           events::SqlExecutionStart,
           events::SqlExecutionEnd,
           events::SqlAdaptiveExecutionUpdate,
           events::SqlAdaptiveMetricUpdates,
           events::DriverAccumUpdates>
        store_;
    TextArena texts_;
};

// The sink a worker's decoder writes to: each event copied into `into`.
class EventRecorder final : public EventSink {
public:
    // Events go to `into` until the next call; a new batch forgets which accumulator names it
    // has kept (the model keeps the first name per id, so a batch needs each id's first only).
    void recordInto(RecordedEvents& into) {
        out_ = &into;
        namedAccumulators_.clear();
        into.reserveForTasks();
    }

    void logStart(const events::LogStart& e) override { add<&EventSink::logStart>(e); }
    void applicationStart(const events::ApplicationStart& e) override {
        add<&EventSink::applicationStart>(e);
    }
    void applicationEnd(const events::ApplicationEnd& e) override {
        add<&EventSink::applicationEnd>(e);
    }
    void environmentUpdate(const events::EnvironmentUpdate& e) override {
        add<&EventSink::environmentUpdate>(e);
    }
    void resourceProfileAdded(const ResourceProfile& e) override {
        add<&EventSink::resourceProfileAdded>(e);
    }
    void miscellaneousProcessAdded(const events::MiscellaneousProcessAdded& e) override {
        add<&EventSink::miscellaneousProcessAdded>(e);
    }
    void executorAdded(const events::ExecutorAdded& e) override {
        add<&EventSink::executorAdded>(e);
    }
    void executorRemoved(const events::ExecutorRemoved& e) override {
        add<&EventSink::executorRemoved>(e);
    }
    void blockManagerAdded(const events::BlockManager& e) override {
        add<&EventSink::blockManagerAdded>(e);
    }
    void blockManagerRemoved(const events::BlockManager& e) override {
        add<&EventSink::blockManagerRemoved>(e);
    }
    void executorExcluded(const events::Exclusion& e) override {
        add<&EventSink::executorExcluded>(e);
    }
    void executorExcludedForStage(const events::Exclusion& e) override {
        add<&EventSink::executorExcludedForStage>(e);
    }
    void executorUnexcluded(const events::Exclusion& e) override {
        add<&EventSink::executorUnexcluded>(e);
    }
    void nodeExcluded(const events::Exclusion& e) override { add<&EventSink::nodeExcluded>(e); }
    void nodeExcludedForStage(const events::Exclusion& e) override {
        add<&EventSink::nodeExcludedForStage>(e);
    }
    void nodeUnexcluded(const events::Exclusion& e) override {
        add<&EventSink::nodeUnexcluded>(e);
    }
    void executorMetricsUpdate(const events::ExecutorMetricsUpdate& e) override {
        add<&EventSink::executorMetricsUpdate>(e);
    }
    void stageExecutorMetrics(const events::StageExecutorMetrics& e) override {
        add<&EventSink::stageExecutorMetrics>(e);
    }
    void jobStart(const events::JobStart& e) override { add<&EventSink::jobStart>(e); }
    void jobEnd(const events::JobEnd& e) override { add<&EventSink::jobEnd>(e); }
    void stageSubmitted(const events::Stage& e) override { add<&EventSink::stageSubmitted>(e); }
    void stageCompleted(const events::Stage& e) override { add<&EventSink::stageCompleted>(e); }
    void taskStart(const events::TaskStart& e) override { add<&EventSink::taskStart>(e); }
    void taskGettingResult(const events::TaskGettingResult& e) override {
        add<&EventSink::taskGettingResult>(e);
    }
    void taskEnd(const events::TaskEnd& e) override { add<&EventSink::taskEnd>(e); }
    void blockUpdated(const BlockUpdate& e) override { add<&EventSink::blockUpdated>(e); }
    void unpersistRdd(const events::UnpersistRdd& e) override { add<&EventSink::unpersistRdd>(e); }
    void sqlExecutionStart(const events::SqlExecutionStart& e) override {
        add<&EventSink::sqlExecutionStart>(e);
    }
    void sqlExecutionEnd(const events::SqlExecutionEnd& e) override {
        add<&EventSink::sqlExecutionEnd>(e);
    }
    void sqlAdaptiveExecutionUpdate(const events::SqlAdaptiveExecutionUpdate& e) override {
        add<&EventSink::sqlAdaptiveExecutionUpdate>(e);
    }
    void sqlAdaptiveMetricUpdates(const events::SqlAdaptiveMetricUpdates& e) override {
        add<&EventSink::sqlAdaptiveMetricUpdates>(e);
    }
    void driverAccumUpdates(const events::DriverAccumUpdates& e) override {
        add<&EventSink::driverAccumUpdates>(e);
    }
    // endOfLog is the applying thread's, after the last batch: never recorded.

private:
    template <auto Method, typename Event>
    static void replayOne(const RecordedEvents& r, uint32_t index, EventSink& sink) {
        (sink.*Method)(std::get<RecordedEvents::Store<Event>>(r.store_).items[index]);
    }
    template <auto Method, typename Event>
    void add(const Event& e) {
        auto& store = std::get<RecordedEvents::Store<Event>>(out_->store_);
        if (store.used < store.items.size())
            store.items[store.used] = e;
        else
            store.items.push_back(e);
        own(store.items[store.used]);
        out_->order_.push_back({&replayOne<Method, Event>, uint32_t(store.used++)});
    }
    template <typename Event>
    void own(Event&) {}  // owns its texts already
    void own(events::TaskStart& e) { ownTaskInfo(e); }
    void own(events::TaskEnd& e) {
        ownTaskInfo(e);
        e.taskType = out_->texts_.keep(e.taskType);
    }
    void ownTaskInfo(events::TaskInfo& info);

    RecordedEvents* out_ = nullptr;
    std::unordered_set<int64_t> namedAccumulators_;
};

}  // namespace stagelight
