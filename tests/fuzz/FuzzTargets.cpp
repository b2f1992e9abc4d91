#include "FuzzTargets.h"

#include <simdjson.h>

#include <cstring>
#include <string_view>
#include <thread>

#include "derive/Derive.h"
#include "diagnosis/Analyzer.h"
#include "figures/CacheUsage.h"
#include "figures/PlanGraph.h"
#include "io/StreamDecoder.h"
#include "load/LargeStackThread.h"
#include "load/LineAssembler.h"
#include "load/LogDecoder.h"
#include "load/ParallelDecode.h"
#include "report/ReportDocument.h"
#include "report/Summary.h"

namespace stagelight::fuzz {
namespace {

// Counts output and asks the decoder to stop past 64 MiB: a fuzzer finds bombs quickly, and the
// loader bounds them the same way (LoadOptions::maxDecodedBytes).
class CountingListener final : public DecodeListener {
public:
    void decoded(std::string_view bytes) override {
        if (bytes.size() > (size_t(256) << 20)) __builtin_trap();  // one call, absurd size
        total_ += bytes.size();
    }
    void decodeIssue(const DecodeIssue&) override { ++issues_; }
    bool stopRequested() const override { return total_ > (uint64_t(64) << 20); }

private:
    uint64_t total_ = 0;
    uint64_t issues_ = 0;
};

template <Codec C>
void framed(const uint8_t* data, size_t size) {
    decodeFramed(C, data, size);
}

}  // namespace

void decodeFramed(Codec codec, const uint8_t* data, size_t size) {
    CountingListener listener;
    auto decoder = makeStreamDecoder(codec, listener);
    // Pieces of 1..4096 bytes, so block and frame headers straddle feeds.
    size_t pos = 0, step = 1;
    while (pos < size) {
        const size_t n = std::min(size - pos, step);
        decoder->feed(std::span(reinterpret_cast<const std::byte*>(data) + pos, n));
        pos += n;
        step = step * 7 % 4093 + 1;
    }
    decoder->finish();
}

namespace {

// The model's load of `data` as decompressed log text, the way the loader hands it over: in
// chunks of varying size (lines cross them), two buffers recycled in turn and retired after
// use (poisoned under ASan, so a view kept into a consumed chunk is caught), and a part
// boundary in the middle, as in a rolling log.
void loadText(EventLogModel& model, const uint8_t* data, size_t size) {
    LogDecoder decoding(model);
    LineAssembler lines(model, decoding.decoder(), size_t(1) << 20);
    DecodedChunk buffers[2];
    size_t turn = 0, step = 1 + size % 4093;
    const size_t boundary = size / 2 + (size > 0 ? data[0] % 7 : 0);
    auto feed = [&](size_t from, size_t to, uint32_t part) {
        for (size_t at = from; at < to;) {
            const size_t n = std::min(to - at, step);
            step = step * 7 % 4093 + 1;
            DecodedChunk& chunk = buffers[turn++ % 2];
            chunk.kind = DecodedChunk::Kind::Data;
            chunk.part = part;
            chunk.buffer.allocate(n + simdjson::SIMDJSON_PADDING);
            std::memcpy(chunk.buffer.data(), data + at, n);
            std::memset(chunk.buffer.data() + n, 0, simdjson::SIMDJSON_PADDING);
            chunk.used = n;
            lines.consume(chunk);
            chunk.buffer.retire();
            at += n;
        }
    };
    feed(0, std::min(boundary, size), 0);
    DecodedChunk end;
    end.kind = DecodedChunk::Kind::PartEnd;
    lines.consume(end);
    feed(std::min(boundary, size), size, 1);
    lines.finish();
    decoding.finish();
    deriveFigures(model);  // as the loader does when a log is read
}

// The same text through the parallel path: split on a thread of its own into the same chunks
// (fresh buffers, retired once split), decoded by workers, applied here in log order; every line
// through simdjson On-Demand (the text readers of task events off).
void loadTextInParallel(EventLogModel& model, const uint8_t* data, size_t size) {
    LogDecoder decoding(model, false);
    ParallelDecode parallel(model.source, 3, false, nullptr,
                            [](DecodedChunk&& c) { c.buffer.retire(); });
    if (!parallel.running()) return loadText(model, data, size);
    std::thread splitter([&] {
        LineAssembler lines(model.source, parallel, size_t(1) << 20);
        size_t step = 1 + size % 4093;
        const size_t boundary = std::min(size / 2 + (size > 0 ? data[0] % 7 : 0), size);
        auto feed = [&](size_t from, size_t to, uint32_t part) {
            for (size_t at = from; at < to;) {
                const size_t n = std::min(to - at, step);
                step = step * 7 % 4093 + 1;
                DecodedChunk chunk;
                chunk.part = part;
                chunk.buffer.allocate(n + simdjson::SIMDJSON_PADDING);
                std::memcpy(chunk.buffer.data(), data + at, n);
                std::memset(chunk.buffer.data() + n, 0, simdjson::SIMDJSON_PADDING);
                chunk.used = n;
                parallel.consume(lines, std::move(chunk));
                at += n;
            }
        };
        feed(0, boundary, 0);
        DecodedChunk end;
        end.kind = DecodedChunk::Kind::PartEnd;
        parallel.consume(lines, std::move(end));
        feed(boundary, size, 1);
        lines.finish();
        parallel.endOfInput();
    });
    parallel.applyAll(decoding.sinks(), model.report, {});
    splitter.join();
    decoding.finish();
    deriveFigures(model);
}

// What a load is judged by: the summary and every warning.
std::string loadFigures(EventLogModel& model) {
    std::string out = summaryJson(model, summarize(model));
    for (const LoadWarning& w : model.report.warnings) out += w.toString();
    return out;
}

}  // namespace

void decodeEventLog(const uint8_t* data, size_t size) {
    runOnLargeStack([&] {  // as the loader does: plan trees recurse
        EventLogModel model;
        loadText(model, data, size);
        // Decoding on several threads, every line through On-Demand, gives exactly the same
        // model as one thread with the text readers.
        EventLogModel inParallel;
        loadTextInParallel(inParallel, data, size);
        if (loadFigures(model) != loadFigures(inParallel)) __builtin_trap();
        // What every view computes from a model.
        (void)summarize(model);
        (void)analyze(model);
        (void)cacheUsage(model);
        for (const SqlExecution& q : model.sqlExecutions)
            (void)buildPlanGraph(q.plan, PlanMetricTable(model, q));
    });
}

void renderReport(const uint8_t* data, size_t size) {
    runOnLargeStack([&] {
        EventLogModel model;
        loadText(model, data, size);
        const Analysis analysis = analyze(model);
        const ReportDocument doc = buildReport(model, analysis, {{"fuzz.log", "00", size}});
        const std::string md = reportMarkdown(doc, model, analysis);
        const std::string json = reportJson(doc, model, analysis);
        if (json.empty() || json.front() != '{') __builtin_trap();  // the renderer's contract
        (void)md;
    });
}

const std::vector<Target>& targets() {
    static const std::vector<Target> all = {
        {"zstd", framed<Codec::Zstd>, Codec::Zstd},
        {"lz4", framed<Codec::Lz4>, Codec::Lz4},
        {"snappy", framed<Codec::Snappy>, Codec::Snappy},
        {"lzf", framed<Codec::Lzf>, Codec::Lzf},
        {"gzip", framed<Codec::Gzip>, Codec::Gzip},
        {"eventlog", decodeEventLog, Codec::Plain},
        {"report", renderReport, Codec::Plain},
        {"zip", readZipArchive, Codec::Plain},
        {"locator", locateLogDirectory, Codec::Plain},
        {"rest", queryRest, Codec::Plain},
    };
    return all;
}

}  // namespace stagelight::fuzz
