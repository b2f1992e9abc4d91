#include "load/Loader.h"

#include "derive/Derive.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "io/DirEntries.h"
#include "io/StreamDecoder.h"
#include "load/ChunkQueue.h"
#include "load/LargeStackThread.h"
#include "load/LineAssembler.h"
#include "load/LogDecoder.h"
#include "load/ParallelDecode.h"

namespace stagelight {
namespace {

constexpr size_t kReadBytes = size_t(1) << 20;
constexpr double kDeflateMaxExpansion = 200;

// Decompresses every part of the log into padded chunks for the parsing thread.
class ChunkProducer final : public DecodeListener {
public:
    ChunkProducer(const LogSet& set, BoundedQueue<DecodedChunk>& out,
                  BoundedQueue<DecodedChunk>& recycled, const LoadOptions& options,
                  const std::atomic<bool>& abandoned)
        : abandoned_(abandoned),
          set_(set),
          out_(out),
          recycled_(recycled),
          chunkBytes_(std::max<size_t>(options.chunkBytes, 1)),
          cancel_(options.cancel),
          options_(options) {}

    bool stopRequested() const override { return stopped_; }

    void run() {
        std::vector<std::byte> readBuf(kReadBytes);
        for (part_ = 0; part_ < set_.parts.size() && !cancelled() && !stopped_; ++part_) {
            const LogPart& p = set_.parts[part_];
            std::FILE* file = std::fopen(p.path.c_str(), "rb");
            if (!file) {
                sendIssue({DecodeIssue::Kind::Corrupt, 0,
                           std::string("cannot open: ") + std::strerror(errno)});
            } else {
                if (p.codec == Codec::Plain && !p.zipEntry) {
                    readPlain(file);
                    std::fclose(file);
                    finishPart();
                    continue;
                }
                auto decoder = p.zipEntry ? makeZipEntryDecoder(p.zipEntry->method, *this,
                                                                p.zipEntry->uncompressedSize)
                                          : makeStreamDecoder(p.codec, *this);
                // A zip entry is a byte range of the archive; a plain part is the whole file.
                uint64_t left = p.zipEntry ? p.zipEntry->compressedSize : UINT64_MAX;
                if (p.zipEntry && std::fseek(file, long(p.zipEntry->dataOffset), SEEK_SET) != 0)
                    left = 0;
                size_t n;
                while (!cancelled() && !stopped_ && left > 0 &&
                       (n = std::fread(readBuf.data(), 1, std::min<uint64_t>(readBuf.size(), left),
                                       file)) > 0) {
                    bytesRead_ += n;
                    left -= n;
                    decoder->feed(std::span(readBuf.data(), n));
                }
                if (std::ferror(file))
                    sendIssue({DecodeIssue::Kind::Corrupt, 0,
                               std::string("read error: ") + std::strerror(errno)});
                std::fclose(file);
                decoder->finish();
            }
            finishPart();
        }
        out_.close();
    }

    void finishPart() {
        flush();
        DecodedChunk end;
        end.kind = DecodedChunk::Kind::PartEnd;
        end.part = uint32_t(part_);
        end.bytesRead = bytesRead_;
        out_.push(std::move(end));
    }

    // Uncompressed parts are read straight into the chunk the parser will get: no copy.
    void readPlain(std::FILE* file) {
        for (;;) {
            if (cancelled()) return;
            startChunk(kReadBytes);
            const size_t room = current_.buffer.size() - current_.used - simdjson::SIMDJSON_PADDING;
            // At most a chunk at a time (tests use tiny chunks, so lines cross them).
            const size_t n = std::fread(current_.buffer.data() + current_.used, 1,
                                        std::min({room, kReadBytes, chunkBytes_}), file);
            if (n == 0) break;
            bytesRead_ += n;
            current_.used += admit(n, false);
            if (stopped_) return reportStop();
            if (current_.used >= chunkBytes_) flush();
        }
        if (std::ferror(file))
            sendIssue({DecodeIssue::Kind::Corrupt, bytesRead_,
                       std::string("read error: ") + std::strerror(errno)});
    }

    // A chunk with room for `bytes` more, reusing a buffer the parser has finished with.
    void startChunk(size_t bytes) {
        if (!current_.buffer.empty()) return;
        if (auto reused = recycled_.tryPop()) current_ = std::move(*reused);
        current_.buffer.allocate(std::max(chunkBytes_ + kReadBytes, bytes) +
                                 simdjson::SIMDJSON_PADDING);
        current_.used = 0;
    }

    // Decoders that have their own buffer: copied into the chunk as if decoded there.
    void decoded(std::string_view bytes) override {
        const std::span<char> room = decodeRoom(bytes.size());
        if (room.size() < bytes.size()) return;  // stopped
        std::memcpy(room.data(), bytes.data(), bytes.size());
        decodedInRoom(bytes.size());
    }
    // Decoders write straight into the chunk the parser will get.
    std::span<char> decodeRoom(size_t bytes) override {
        if (stopped_) return {};
        if (!current_.buffer.empty() &&
            current_.used + bytes + simdjson::SIMDJSON_PADDING > current_.buffer.size())
            flush();
        startChunk(bytes);
        return {current_.buffer.data() + current_.used,
                current_.buffer.size() - current_.used - simdjson::SIMDJSON_PADDING};
    }
    void decodedInRoom(size_t bytes) override {
        if (stopped_) return;
        current_.used += admit(bytes, true);
        if (stopped_) return reportStop();
        if (current_.used >= chunkBytes_) flush();
    }
    void decodeIssue(const DecodeIssue& issue) override {
        if (stopped_) return;  // a frame left open by the stop is not corrupt
        flush();               // keep the issue in stream order with the bytes around it
        sendIssue(issue);
    }

private:
    // How many of the next `bytes` decoded bytes stay within the limits; at a limit the load
    // stops (the bytes before it are kept).
    size_t admit(size_t bytes, bool compressed) {
        size_t keep = bytes;
        if (decoded_ + bytes > options_.maxDecodedBytes) {
            keep = size_t(options_.maxDecodedBytes - std::min(decoded_, options_.maxDecodedBytes));
            stopReason_ = "more than " + std::to_string(options_.maxDecodedBytes) +
                          " bytes decoded (the limit; raise it with STAGELIGHT_MAX_DECODED_BYTES)";
        } else if (compressed && decoded_ + bytes > options_.expansionCheckAfterBytes &&
                   double(decoded_ + bytes) >
                       expansionBound() * double(std::max<uint64_t>(bytesRead_, 1))) {
            keep = 0;
            stopReason_ = std::to_string(decoded_ + bytes) + " bytes decoded from " +
                          std::to_string(bytesRead_) +
                          " compressed: a decompression bomb, not an event log";
        }
        decoded_ += keep;
        stopped_ = !stopReason_.empty();
        return keep;
    }
    // Deflate (gzip, zip) tops out near 1032x and lz4 near 255x, so the general bound (sized for
    // zstd) could never catch their bombs: theirs sits well under what they can reach, and far
    // over the 5-50x of Spark's JSON.
    double expansionBound() const {
        const LogPart& p = set_.parts[part_];
        const bool deflate = p.zipEntry ? p.zipEntry->method == 8 : p.codec == Codec::Gzip;
        return deflate || (!p.zipEntry && p.codec == Codec::Lz4)
                   ? std::min(options_.maxExpansion, kDeflateMaxExpansion)
                   : options_.maxExpansion;
    }
    void reportStop() {
        flush();
        sendIssue({DecodeIssue::Kind::Corrupt, bytesRead_, "load stopped: " + stopReason_});
    }
    bool cancelled() const {
        return (cancel_ && cancel_->load(std::memory_order_relaxed)) ||
               abandoned_.load(std::memory_order_relaxed);
    }
    void sendIssue(DecodeIssue issue) {
        DecodedChunk c;
        c.kind = DecodedChunk::Kind::Issue;
        c.part = uint32_t(part_);
        c.issue = std::move(issue);
        out_.push(std::move(c));
    }
    void flush() {
        if (current_.buffer.empty() || current_.used == 0) return;
        std::memset(current_.buffer.data() + current_.used, 0, simdjson::SIMDJSON_PADDING);
        current_.kind = DecodedChunk::Kind::Data;
        current_.part = uint32_t(part_);
        current_.bytesRead = bytesRead_;
        out_.push(std::move(current_));
        current_ = DecodedChunk{};
    }

    const std::atomic<bool>& abandoned_;  // the load stopped reading (an error, a stop)
    const LogSet& set_;
    BoundedQueue<DecodedChunk>& out_;
    BoundedQueue<DecodedChunk>& recycled_;
    size_t chunkBytes_;
    const std::atomic<bool>* cancel_;
    const LoadOptions& options_;
    DecodedChunk current_;
    size_t part_ = 0;
    uint64_t bytesRead_ = 0;
    uint64_t decoded_ = 0;  // bytes decoded over every part
    bool stopped_ = false;
    std::string stopReason_;
};

uint64_t sizeFromEnvironment(const char* name, uint64_t fallback) {
    const char* value = std::getenv(name);
    if (!value) return fallback;
    return parseByteSize(value).value_or(fallback);
}

}  // namespace

std::optional<uint64_t> parseByteSize(std::string_view text) {
    uint64_t value = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        if (value > (UINT64_MAX - 9) / 10) return std::nullopt;
        value = value * 10 + uint64_t(text[i] - '0');
    }
    if (i == 0) return std::nullopt;
    int shift = 0;
    if (i < text.size()) {
        switch (text[i] | 0x20) {
            case 'k':
                shift = 10;
                break;
            case 'm':
                shift = 20;
                break;
            case 'g':
                shift = 30;
                break;
            case 't':
                shift = 40;
                break;
            default:
                return std::nullopt;
        }
        ++i;
        if (i < text.size() && (text[i] | 0x20) == 'b') ++i;  // "64GB" too
    }
    if (i != text.size() || (shift && value > (UINT64_MAX >> shift))) return std::nullopt;
    return value << shift;
}

uint64_t LoadOptions::defaultMaxDecodedBytes() {
    return sizeFromEnvironment("STAGELIGHT_MAX_DECODED_BYTES", uint64_t(256) << 30);
}

size_t LoadOptions::defaultMaxLineBytes() {
    return size_t(sizeFromEnvironment("STAGELIGHT_MAX_LINE_BYTES", uint64_t(1) << 30));
}

LoadResult loadEventLog(const std::filesystem::path& path, const LoadOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    LoadResult result;
    auto located = locateLog(path);
    if (auto* err = std::get_if<LocateError>(&located)) {
        result.error = err->message;
        return result;
    }
    result.model = std::make_unique<EventLogModel>();
    EventLogModel& model = *result.model;
    model.source = std::move(std::get<LogSet>(located));
    model.report.bytesOnDisk = model.source.totalBytes();
    for (const std::string& note : model.source.notes)
        model.report.add(
            {LoadWarning::Severity::Warning, model.source.root.string(), 0, 0, false, note});

    const unsigned threads = decodingThreads(options.threads);
    // Every buffer in flight comes back for reuse (a fresh one costs its page faults): those
    // queued, those in the workers' batches (ParallelDecode), the two being filled and split.
    BoundedQueue<DecodedChunk> chunks(2), recycled(2 + ParallelDecode::maxInFlight(threads) + 2);
    std::atomic<bool> abandoned{false};
    ChunkProducer producer(model.source, chunks, recycled, options, abandoned);
    std::thread reader([&] { producer.run(); });
    auto stopReading = [&] {
        abandoned = true;
        chunks.close();
        recycled.close();
    };
    // After each chunk applied: progress, and now and then the model so far.
    auto nextPartial = started + options.firstPartialAfter;
    auto afterChunk = [&](const LogDecoder& decoding, uint64_t bytesRead) {
        if (options.progress) options.progress(bytesRead, model.report.bytesOnDisk);
        if (options.partial && std::chrono::steady_clock::now() >= nextPartial) {
            auto partial = decoding.snapshot();
            partial->report.loadMillis = std::chrono::duration<double, std::milli>(
                                             std::chrono::steady_clock::now() - started)
                                             .count();
            options.partial(std::move(partial));
            nextPartial = std::chrono::steady_clock::now() + options.partialEvery;
        }
    };

    auto parseOnOneThread = [&](LogDecoder& decoding) {
        LineAssembler lines(model, decoding.decoder(), options.maxLineBytes);
        while (auto chunk = chunks.pop()) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                result.cancelled = true;
                stopReading();
                break;
            }
            lines.consume(*chunk);
            afterChunk(decoding, chunk->bytesRead);
            if (chunk->kind == DecodedChunk::Kind::Data) {
                chunk->buffer.retire();  // no view into it may survive its reuse
                recycled.tryPush(std::move(*chunk));
            }
        }
        reader.join();
        lines.finish();
    };
    // Lines split on one thread, decoded by the workers, applied here in log order.
    auto parseOnWorkers = [&](LogDecoder& decoding, ParallelDecode& parallel) {
        std::exception_ptr splitError;
        std::thread splitter([&] {
            try {
                LineAssembler lines(model.source, parallel, options.maxLineBytes);
                bool going = true;
                while (going) {
                    auto chunk = chunks.pop();
                    if (!chunk) break;
                    going = parallel.consume(lines, std::move(*chunk));
                }
                if (going) lines.finish();
            } catch (...) {
                splitError = std::current_exception();
                parallel.stop();
            }
            parallel.endOfInput();
        });
        bool complete = false;
        try {
            complete = parallel.applyAll(decoding.sinks(), model.report, [&](uint64_t bytesRead) {
                afterChunk(decoding, bytesRead);
            });
        } catch (...) {
            parallel.stop();
            stopReading();
            splitter.join();
            reader.join();
            throw;
        }
        if (!complete) {
            parallel.stop();
            stopReading();
        }
        splitter.join();
        reader.join();
        if (splitError) std::rethrow_exception(splitError);
        if (!complete) result.cancelled = true;
    };

    auto parse = [&] {
        LogDecoder decoding(model, options.textReaders);
        std::unique_ptr<ParallelDecode> parallel;
        if (threads > 1)
            parallel = std::make_unique<ParallelDecode>(
                model.source, threads, options.textReaders, options.cancel,
                [&recycled](DecodedChunk&& c) { recycled.tryPush(std::move(c)); });
        if (parallel && parallel->running())
            parseOnWorkers(decoding, *parallel);
        else
            parseOnOneThread(decoding);
        decoding.finish();
    };
    try {
        runOnLargeStack(parse);
    } catch (...) {
        stopReading();
        if (reader.joinable()) reader.join();
        throw;
    }
    deriveFigures(model);
    model.report.loadMillis =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return result;
}

std::string noSparkEventsError(const EventLogModel& model, const std::string& path) {
    if (model.report.events > 0) return {};
    // Events Stagelight does not decode still make a Spark log (a listener's own events), but
    // JSON lines whose "Event" is no Spark name are someone else's file.
    for (const auto& [name, count] : model.report.unknownEvents)
        if (name.find("Spark") != std::string::npos || name.find("spark") != std::string::npos)
            return {};
    return path + ": no Spark events could be read (" + std::to_string(model.report.lines) +
           " lines, " + std::to_string(model.report.malformedLines) + " malformed)";
}

std::vector<LoadResult> loadEventLogDirectory(const std::filesystem::path& dir,
                                              const LoadOptions& options) {
    std::vector<LoadResult> results;
    for (const DirEntry& e : listDirectory(dir).entries) {
        if (looksLikeEventLog(e)) {
            results.push_back(loadEventLog(e.path, options));
        } else if (!e.isRegular() && !e.isDirectory()) {  // a FIFO, a device, a loop: named
            LoadResult bad;
            bad.error = skippedEntryNote(e);
            results.push_back(std::move(bad));
        }
    }
    return results;
}

}  // namespace stagelight
