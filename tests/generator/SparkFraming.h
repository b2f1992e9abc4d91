// Writers for the byte framings Spark's codecs produce, used by the generator and the codec tests:
// zstd frames ended at every flush, lz4-java LZ4Block (32 KiB blocks, masked XXH32), snappy-java
// stream (header + length-prefixed chunks), compress-lzf ZV chunks, and gzip.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "io/Codec.h"

namespace stagelight::gen {

class ByteOutput {
public:
    virtual ~ByteOutput() = default;
    virtual void write(std::string_view bytes) = 0;
};

class StringOutput final : public ByteOutput {
public:
    void write(std::string_view bytes) override { data.append(bytes); }
    std::string data;
};

class FileOutput final : public ByteOutput {
public:
    explicit FileOutput(const std::string& path);
    ~FileOutput() override;
    FileOutput(const FileOutput&) = delete;
    FileOutput& operator=(const FileOutput&) = delete;
    void write(std::string_view bytes) override;
    bool ok() const { return file_ != nullptr && !failed_; }

private:
    std::FILE* file_;
    bool failed_ = false;
};

// Writes uncompressed log bytes through a codec's framing, as Spark's output stream stack does.
class FramedWriter {
public:
    virtual ~FramedWriter() = default;
    virtual void write(std::string_view bytes) = 0;
    // Spark flushes after some events (JobStart, StageCompleted, SQL events, ...).
    virtual void flush() = 0;
    // Closes the stream (end mark where the format has one). Not calling it leaves an
    // in-progress stream, as a crashed driver would.
    virtual void close() = 0;
};

std::unique_ptr<FramedWriter> makeFramedWriter(Codec codec, ByteOutput& out);

// Convenience: the whole text framed with `codec`, flushing after every `flushEveryLines` lines.
std::string frame(Codec codec, std::string_view text, size_t flushEveryLines = 16,
                  bool close = true);

}  // namespace stagelight::gen
