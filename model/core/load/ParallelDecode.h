// A log's lines decoded on several threads, applied in log order on one. The LineAssembler (on
// the splitting thread) hands each chunk's lines here as one batch; worker threads decode
// batches into RecordedEvents and the report's entries; the applying thread replays them into
// the sinks, batch after batch in log order, so the model and the History Server's replay see
// exactly the events, warnings and counts a one-thread load gives them. While the next batch in
// order is not decoded yet, the applying thread decodes one itself: N decoding threads are N-1
// workers and it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "load/EventRecorder.h"
#include "load/LargeStackThread.h"
#include "load/LineAssembler.h"
#include "load/LineHandler.h"

namespace stagelight {

class ParallelDecode final : public LineHandler {
public:
    // `threads` decoding threads (at least 2): threads - 1 workers and the applying thread.
    // `recycle` takes decoded chunks' buffers back for the reader (from a worker; must not
    // block).
    ParallelDecode(const LogSet& source, unsigned threads, bool textReaders,
                   const std::atomic<bool>* cancel, std::function<void(DecodedChunk&&)> recycle);
    ~ParallelDecode() override;  // stops and joins the workers
    // False when no worker thread could be started: decode on one thread instead.
    bool running() const { return !workers_.empty(); }
    // Batches submitted and not yet applied, at most.
    static size_t maxInFlight(unsigned threads) { return 2 * size_t(threads); }
    ParallelDecode(const ParallelDecode&) = delete;
    ParallelDecode& operator=(const ParallelDecode&) = delete;

    // --- the splitting thread ---
    // Splits `chunk` into lines with `lines` (which hands them to this handler); a data chunk's
    // lines then go to the workers as one batch, the chunk with them. Blocks while enough
    // batches are in flight; false once the load stopped.
    bool consume(LineAssembler& lines, DecodedChunk chunk);
    void endOfInput();  // after lines.finish(): the last batch goes out; none follows

    // LineHandler, called by the LineAssembler within consume() and finish().
    void line(const char* text, size_t length, size_t capacity, const SourceRef& where,
              bool lastLine) override;
    void note(LoadWarning warning, bool skippedLine, bool truncated) override;
    void bytesDecoded(size_t bytes) override;

    // --- the applying thread ---
    // Replays every batch in order into `sinks` and `report` until the input ends (true) or the
    // load stops (false: cancelled, or a thread failed, which rethrows here). `applied` is told
    // after each batch the bytes read from disk when its chunk was.
    bool applyAll(const std::vector<EventSink*>& sinks, LoadReport& report,
                  const std::function<void(uint64_t bytesRead)>& applied);
    void stop();  // from any thread: nothing more is decoded or applied
    bool stopped();

private:
    struct Batch;
    void work();
    std::unique_ptr<Batch> takeBatch();  // a recycled one when there is
    bool submit();  // current_ to the workers; blocks while too many batches are in flight
    void decode(Batch& batch, EventDecoder& decoder, EventRecorder& recorder);
    static void apply(Batch& batch, const std::vector<EventSink*>& sinks, LoadReport& report);
    void fail(std::exception_ptr error);
    void notifyAll();  // with mutex_ held

    const LogSet& source_;
    const std::vector<std::string> partNames_;
    const std::atomic<bool>* cancel_;
    std::function<void(DecodedChunk&&)> recycle_;
    const size_t maxInFlight_;
    const bool textReaders_;

    std::unique_ptr<Batch> current_;  // being filled by the splitting thread
    const char* chunkData_ = nullptr;  // the chunk being split: lines inside it stay there
    size_t chunkSize_ = 0;
    uint64_t nextSubmitted_ = 0;

    std::mutex mutex_;
    // Separate waits, so a change wakes only who can act on it.
    std::condition_variable todoReady_;     // a batch to decode, or the end: the workers
    std::condition_variable slotFree_;      // room for another batch: the splitting thread
    std::condition_variable decodedReady_;  // a batch decoded, or the end: the applying thread
    std::deque<std::unique_ptr<Batch>> todo_;             // submitted, not yet decoded
    std::map<uint64_t, std::unique_ptr<Batch>> decoded_;  // by sequence, waiting to be applied
    std::vector<std::unique_ptr<Batch>> spare_;           // applied, for reuse
    size_t inFlight_ = 0;                                 // submitted, not yet applied
    bool inputEnded_ = false, stopped_ = false;
    std::exception_ptr error_;
    std::vector<std::unique_ptr<LargeStackThread>> workers_;
};

// Decoding threads for a load: `requested` when set, else STAGELIGHT_THREADS, else the cores.
unsigned decodingThreads(unsigned requested);

}  // namespace stagelight
