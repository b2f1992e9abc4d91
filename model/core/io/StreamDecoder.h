// Streaming decoders for the byte framings Spark writes (zstd frames, lz4-java LZ4Block,
// snappy-java stream, compress-lzf ZV chunks, gzip members). Input arrives in arbitrary pieces;
// output is handed on as it is produced, so memory stays bounded whatever the compression ratio.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "io/Codec.h"

namespace stagelight {

struct DecodeIssue {
    enum class Kind {
        Corrupt,    // bad magic, checksum or block: bytes were skipped (resynchronised where
                    // possible)
        Truncated,  // input ended inside a block or frame: everything before it was kept
    };
    Kind kind;
    uint64_t compressedOffset;  // where in the file the problem starts
    std::string message;
};

class DecodeListener {
public:
    virtual ~DecodeListener() = default;
    virtual void decoded(std::string_view bytes) = 0;
    virtual void decodeIssue(const DecodeIssue& issue) = 0;
    // Decoders stop producing output when this turns true (a size limit was reached): a small
    // input must not keep the CPU busy inflating terabytes nobody reads.
    virtual bool stopRequested() const { return false; }
    // Room of at least `bytes` to decode straight into, saving a copy of every decoded byte;
    // empty when this listener takes bytes only through decoded().
    virtual std::span<char> decodeRoom(size_t bytes) {
        (void)bytes;
        return {};
    }
    // The first `bytes` of the room last given hold decoded output; the room is spent.
    virtual void decodedInRoom(size_t bytes) { (void)bytes; }
};

class StreamDecoder {
public:
    virtual ~StreamDecoder() = default;
    // Next input bytes, in file order.
    virtual void feed(std::span<const std::byte> input) = 0;
    // End of input: report a block or frame left incomplete.
    virtual void finish() = 0;
};

std::unique_ptr<StreamDecoder> makeStreamDecoder(Codec codec, DecodeListener& listener);
// Picks the codec from the first bytes of its input (plain when none matches).
std::unique_ptr<StreamDecoder> makeSniffingDecoder(DecodeListener& listener);
// One zip entry (method 0 stored or 8 deflate); its content is sniffed for a codec in turn.
// Deflate output past `declaredSize` (the directory's uncompressed size) is a bomb: the entry
// stops there with an issue.
std::unique_ptr<StreamDecoder> makeZipEntryDecoder(uint16_t method, DecodeListener& listener,
                                                   uint64_t declaredSize = UINT64_MAX);

}  // namespace stagelight
