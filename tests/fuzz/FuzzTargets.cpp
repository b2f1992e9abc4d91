#include "FuzzTargets.h"

#include <simdjson.h>

#include <cstring>
#include <string_view>

#include "derive/Derive.h"
#include "diagnosis/Analyzer.h"
#include "figures/CacheUsage.h"
#include "figures/PlanGraph.h"
#include "io/StreamDecoder.h"
#include "load/LargeStackThread.h"
#include "load/LineAssembler.h"
#include "load/LogDecoder.h"
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

void decodeEventLog(const uint8_t* data, size_t size) {
    runOnLargeStack([&] {  // as the loader does: plan trees recurse
        EventLogModel model;
        {
            LogDecoder decoding(model);
            LineAssembler lines(model, decoding.decoder(), size_t(1) << 20);
            DecodedChunk chunk;
            chunk.buffer.allocate(size + simdjson::SIMDJSON_PADDING);
            if (size) std::memcpy(chunk.buffer.data(), data, size);
            std::memset(chunk.buffer.data() + size, 0, simdjson::SIMDJSON_PADDING);
            chunk.used = size;
            lines.consume(chunk);
            lines.finish();
            decoding.finish();
        }
        deriveFigures(model);  // as the loader does when a log is read
        // What every view computes from a model.
        (void)summarize(model);
        (void)analyze(model);
        (void)cacheUsage(model);
        for (const SqlExecution& q : model.sqlExecutions)
            (void)buildPlanGraph(q.plan, PlanMetricTable(model, q));
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
    };
    return all;
}

}  // namespace stagelight::fuzz
