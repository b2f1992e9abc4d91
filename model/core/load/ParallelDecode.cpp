#include "load/ParallelDecode.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <simdjson.h>

namespace stagelight {

// One chunk's lines, and once decoded what they add to the model and the report.
struct ParallelDecode::Batch {
    uint64_t sequence = 0;
    DecodedChunk chunk;      // the bytes in-chunk lines point into (none for a batch of notes)
    std::vector<char> owned;  // lines the assembler carried over chunks, each padded
    struct Item {
        bool isNote = false, inChunk = true, lastLine = false;
        size_t at = 0, length = 0, capacity = 0;  // in chunk or owned; a note's index
        SourceRef where;
    };
    struct Note {
        LoadWarning warning;
        bool skippedLine = false, truncated = false;
    };
    std::vector<Item> items;  // lines and notes in log order
    std::vector<Note> notes;
    uint64_t bytesDecoded = 0, bytesRead = 0;

    // What decoding added: events in order, and the report's counts and first warnings.
    RecordedEvents events;
    uint64_t lines = 0, malformed = 0, eventCount = 0, suppressed = 0;
    bool truncated = false;
    std::vector<LoadWarning> warnings;  // at most LoadReport::kMaxWarnings, in order
    std::map<std::string, uint64_t, std::less<>> unknown;

    void clear() {
        chunk = DecodedChunk{};
        owned.clear();
        items.clear();
        notes.clear();
        bytesDecoded = bytesRead = 0;
        events.clear();
        lines = malformed = eventCount = suppressed = 0;
        truncated = false;
        warnings.clear();
        unknown.clear();
    }
    void warn(LoadWarning w) {
        if (warnings.size() < LoadReport::kMaxWarnings)
            warnings.push_back(std::move(w));
        else
            ++suppressed;
    }
};

unsigned decodingThreads(unsigned requested) {
    if (requested > 0) return std::min(requested, 256u);
    if (const char* env = std::getenv("STAGELIGHT_THREADS")) {
        const long n = std::strtol(env, nullptr, 10);
        if (n > 0) return unsigned(std::min(n, 256L));
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

ParallelDecode::ParallelDecode(const LogSet& source, unsigned threads, bool textReaders,
                               const std::atomic<bool>* cancel,
                               std::function<void(DecodedChunk&&)> recycle)
    : source_(source),
      partNames_(partNames(source)),
      cancel_(cancel),
      recycle_(std::move(recycle)),
      maxInFlight_(maxInFlight(threads)),
      textReaders_(textReaders) {
    for (unsigned i = 1; i < threads; ++i) {
        auto worker = std::make_unique<LargeStackThread>([this] { work(); });
        if (!worker->started()) break;
        workers_.push_back(std::move(worker));
    }
    current_ = takeBatch();
}

ParallelDecode::~ParallelDecode() {
    stop();
    for (auto& w : workers_) w->join();
}

std::unique_ptr<ParallelDecode::Batch> ParallelDecode::takeBatch() {
    std::lock_guard lock(mutex_);
    if (spare_.empty()) return std::make_unique<Batch>();
    auto b = std::move(spare_.back());
    spare_.pop_back();
    return b;
}

void ParallelDecode::line(const char* text, size_t length, size_t capacity,
                          const SourceRef& where, bool lastLine) {
    Batch& b = *current_;
    Batch::Item item;
    item.lastLine = lastLine;
    item.length = length;
    item.where = where;
    if (chunkData_ && text >= chunkData_ && text < chunkData_ + chunkSize_) {
        item.at = size_t(text - chunkData_);  // decoded in place, the chunk kept with the batch
        item.capacity = capacity;
    } else {
        // A line the assembler carried over chunks lives in its buffer, reused for the next:
        // copied, with its padding.
        item.inChunk = false;
        item.at = b.owned.size();
        item.capacity = length + simdjson::SIMDJSON_PADDING;
        b.owned.resize(item.at + item.capacity);
        std::memcpy(b.owned.data() + item.at, text, length);
        std::memset(b.owned.data() + item.at + length, 0, simdjson::SIMDJSON_PADDING);
    }
    b.items.push_back(item);
}

void ParallelDecode::note(LoadWarning warning, bool skippedLine, bool truncated) {
    Batch::Item item;
    item.isNote = true;
    item.at = current_->notes.size();
    current_->notes.push_back({std::move(warning), skippedLine, truncated});
    current_->items.push_back(item);
}

void ParallelDecode::bytesDecoded(size_t bytes) { current_->bytesDecoded += bytes; }

bool ParallelDecode::consume(LineAssembler& lines, DecodedChunk chunk) {
    if (chunk.kind != DecodedChunk::Kind::Data) {  // a part's end or a codec's issue
        lines.consume(chunk);
        return !stopped();
    }
    chunkData_ = chunk.buffer.data();
    chunkSize_ = chunk.buffer.size();
    lines.consume(chunk);
    chunkData_ = nullptr;
    current_->bytesRead = chunk.bytesRead;
    current_->chunk = std::move(chunk);  // the buffer moves, its bytes stay where they are
    return submit();
}

bool ParallelDecode::submit() {
    std::unique_ptr<Batch> next = takeBatch();
    std::unique_lock lock(mutex_);
    slotFree_.wait(lock, [&] { return inFlight_ < maxInFlight_ || stopped_; });
    if (stopped_) {
        spare_.push_back(std::move(next));
        return false;
    }
    current_->sequence = nextSubmitted_++;
    todo_.push_back(std::exchange(current_, std::move(next)));
    ++inFlight_;
    todoReady_.notify_one();
    decodedReady_.notify_one();  // the applying thread may decode it while it waits
    return true;
}

void ParallelDecode::endOfInput() {
    if (!current_->items.empty() || current_->bytesDecoded > 0) submit();
    std::lock_guard lock(mutex_);
    inputEnded_ = true;
    notifyAll();
}

void ParallelDecode::notifyAll() {
    todoReady_.notify_all();
    slotFree_.notify_all();
    decodedReady_.notify_all();
}

bool ParallelDecode::stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
}

void ParallelDecode::stop() {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    notifyAll();
}

void ParallelDecode::fail(std::exception_ptr error) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = error;
    stopped_ = true;
    notifyAll();
}

void ParallelDecode::work() {
    try {
        EventRecorder recorder;
        EventDecoder decoder({&recorder}, textReaders_);
        for (;;) {
            std::unique_ptr<Batch> batch;
            {
                std::unique_lock lock(mutex_);
                todoReady_.wait(lock, [&] { return !todo_.empty() || stopped_ || inputEnded_; });
                if (stopped_ || todo_.empty()) return;
                batch = std::move(todo_.front());
                todo_.pop_front();
            }
            if (cancel_ && cancel_->load(std::memory_order_relaxed)) return stop();
            decode(*batch, decoder, recorder);
            std::lock_guard lock(mutex_);
            const uint64_t sequence = batch->sequence;
            decoded_.emplace(sequence, std::move(batch));
            decodedReady_.notify_one();
        }
    } catch (...) {
        fail(std::current_exception());
    }
}

void ParallelDecode::decode(Batch& b, EventDecoder& decoder, EventRecorder& recorder) {
    recorder.recordInto(b.events);
    static const std::string none;
    for (const Batch::Item& item : b.items) {
        if (item.isNote) {
            Batch::Note& n = b.notes[item.at];
            if (n.skippedLine) {
                ++b.lines;
                ++b.malformed;
            }
            b.truncated = b.truncated || n.truncated;
            b.warn(std::move(n.warning));
            continue;
        }
        const char* text = item.inChunk ? b.chunk.buffer.data() + item.at : b.owned.data() + item.at;
        LineOutcome out = decodeOneLine(
            decoder, text, item.length, item.capacity, item.where, item.lastLine,
            source_.inProgress,
            item.where.part < partNames_.size() ? partNames_[item.where.part] : none);
        ++b.lines;
        b.malformed += out.malformed;
        b.truncated = b.truncated || out.truncated;
        if (out.warning) b.warn(std::move(*out.warning));
    }
    EventDecoder::Counts counts = decoder.takeCounts();
    b.eventCount = counts.events;
    b.unknown = std::move(counts.unknown);
    // The events own their texts: the chunk goes back to the reader.
    if (!b.chunk.buffer.empty()) {
        b.chunk.buffer.retire();  // no view into it may survive its reuse
        recycle_(std::move(b.chunk));
        b.chunk = DecodedChunk{};
    }
    b.owned.clear();
}

void ParallelDecode::apply(Batch& b, const std::vector<EventSink*>& sinks, LoadReport& report) {
    b.events.replay(sinks);
    report.lines += b.lines;
    report.malformedLines += b.malformed;
    report.truncatedTail = report.truncatedTail || b.truncated;
    report.bytesDecoded += b.bytesDecoded;
    for (LoadWarning& w : b.warnings) report.add(std::move(w));
    report.suppressedWarnings += b.suppressed;
    report.events += b.eventCount;
    for (const auto& [name, n] : b.unknown) report.unknownEvents[name] += n;
}

bool ParallelDecode::applyAll(const std::vector<EventSink*>& sinks, LoadReport& report,
                              const std::function<void(uint64_t)>& applied) {
    EventRecorder recorder;
    EventDecoder decoder({&recorder}, textReaders_);
    for (uint64_t next = 0;;) {
        std::unique_ptr<Batch> batch, help;
        {
            std::unique_lock lock(mutex_);
            decodedReady_.wait(lock, [&] {
                return stopped_ || (!decoded_.empty() && decoded_.begin()->first == next) ||
                       !todo_.empty() || (inputEnded_ && next == nextSubmitted_);
            });
            if (error_) std::rethrow_exception(error_);
            if (stopped_) return false;
            if (!decoded_.empty() && decoded_.begin()->first == next) {
                batch = std::move(decoded_.begin()->second);
                decoded_.erase(decoded_.begin());
            } else if (!todo_.empty()) {  // the next one is being decoded: help meanwhile
                help = std::move(todo_.front());
                todo_.pop_front();
            } else {
                return true;  // every batch applied
            }
        }
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
            stop();
            return false;
        }
        if (help) {
            decode(*help, decoder, recorder);
            std::lock_guard lock(mutex_);
            const uint64_t sequence = help->sequence;
            decoded_.emplace(sequence, std::move(help));
            continue;
        }
        apply(*batch, sinks, report);
        if (applied) applied(batch->bytesRead);
        batch->clear();
        ++next;
        std::lock_guard lock(mutex_);
        spare_.push_back(std::move(batch));
        --inFlight_;
        slotFree_.notify_one();
    }
}

}  // namespace stagelight
