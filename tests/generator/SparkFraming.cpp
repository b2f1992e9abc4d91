#include "SparkFraming.h"

#include <lz4.h>
#include <snappy.h>
#include <xxhash.h>
#include <zlib.h>
#include <zstd.h>

extern "C" {
#include <lzf.h>
}

#include <cstring>
#include <vector>

namespace stagelight::gen {

FileOutput::FileOutput(const std::string& path) : file_(std::fopen(path.c_str(), "wb")) {}
FileOutput::~FileOutput() {
    if (file_) std::fclose(file_);
}
void FileOutput::write(std::string_view bytes) {
    if (file_ && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) failed_ = true;
}

namespace {

void putLE32(std::string& s, uint32_t v) {
    for (int i = 0; i < 4; ++i) s += char((v >> (8 * i)) & 0xFF);
}
void putBE32(std::string& s, uint32_t v) {
    for (int i = 3; i >= 0; --i) s += char((v >> (8 * i)) & 0xFF);
}

class PlainWriter final : public FramedWriter {
public:
    explicit PlainWriter(ByteOutput& out) : out_(out) {}
    void write(std::string_view b) override { out_.write(b); }
    void flush() override {}
    void close() override {}

private:
    ByteOutput& out_;
};

// Buffers up to a block and emits it through emitBlock() (LZ4, snappy, LZF).
class BlockWriter : public FramedWriter {
public:
    BlockWriter(ByteOutput& out, size_t blockSize) : out_(out), blockSize_(blockSize) {}
    void write(std::string_view b) override {
        while (!b.empty()) {
            const size_t take = std::min(b.size(), blockSize_ - pending_.size());
            pending_.append(b.substr(0, take));
            b.remove_prefix(take);
            if (pending_.size() == blockSize_) emitPending();
        }
    }
    void flush() override {
        if (flushEmitsBlock_) emitPending();
    }
    void close() override {
        emitPending();
        emitEnd();
    }

protected:
    virtual void emitBlock(std::string_view data) = 0;
    virtual void emitEnd() {}
    ByteOutput& out_;
    bool flushEmitsBlock_ = true;

private:
    void emitPending() {
        if (pending_.empty()) return;
        emitBlock(pending_);
        pending_.clear();
    }
    size_t blockSize_;
    std::string pending_;
};

class Lz4BlockWriter final : public BlockWriter {
public:
    explicit Lz4BlockWriter(ByteOutput& out) : BlockWriter(out, 32 * 1024) {
        flushEmitsBlock_ = false;  // lz4-java with syncFlush=false keeps the partial block
    }

protected:
    void emitBlock(std::string_view data) override {
        std::vector<char> compressed(size_t(LZ4_compressBound(int(data.size()))));
        int n = LZ4_compress_default(data.data(), compressed.data(), int(data.size()),
                                     int(compressed.size()));
        const bool raw = n <= 0 || size_t(n) >= data.size();
        std::string header = "LZ4Block";
        header += char((raw ? 0x10 : 0x20) | 5);  // level 5 = 32 KiB blocks
        putLE32(header, uint32_t(raw ? data.size() : size_t(n)));
        putLE32(header, uint32_t(data.size()));
        putLE32(header, XXH32(data.data(), data.size(), 0x9747b28c) & 0x0FFFFFFF);
        out_.write(header);
        out_.write(raw ? data : std::string_view(compressed.data(), size_t(n)));
    }
    void emitEnd() override {
        std::string end = "LZ4Block";
        end += char(0x10 | 5);
        putLE32(end, 0);
        putLE32(end, 0);
        putLE32(end, 0);
        out_.write(end);
    }
};

class SnappyWriter final : public BlockWriter {
public:
    explicit SnappyWriter(ByteOutput& out) : BlockWriter(out, 32 * 1024) {
        std::string header("\x82SNAPPY\0", 8);
        putBE32(header, 1);
        putBE32(header, 1);
        out.write(header);
    }

protected:
    void emitBlock(std::string_view data) override {
        std::string compressed;
        snappy::Compress(data.data(), data.size(), &compressed);
        std::string len;
        putBE32(len, uint32_t(compressed.size()));
        out_.write(len);
        out_.write(compressed);
    }
};

class LzfWriter final : public BlockWriter {
public:
    explicit LzfWriter(ByteOutput& out) : BlockWriter(out, 0xFFFF) {}

protected:
    void emitBlock(std::string_view data) override {
        std::vector<char> compressed(data.size());
        unsigned n = lzf_compress(data.data(), unsigned(data.size()), compressed.data(),
                                  unsigned(compressed.size() - 1));
        std::string header = "ZV";
        if (n == 0) {
            header += char(0);
            header += char(data.size() >> 8);
            header += char(data.size() & 0xFF);
            out_.write(header);
            out_.write(data);
        } else {
            header += char(1);
            header += char(n >> 8);
            header += char(n & 0xFF);
            header += char(data.size() >> 8);
            header += char(data.size() & 0xFF);
            out_.write(header);
            out_.write({compressed.data(), n});
        }
    }
};

// zstd-jni with closeFrameOnFlush: every flush ends the frame.
class ZstdWriter final : public FramedWriter {
public:
    explicit ZstdWriter(ByteOutput& out)
        : out_(out), cctx_(ZSTD_createCCtx()), buf_(ZSTD_CStreamOutSize()) {
        ZSTD_CCtx_setParameter(cctx_, ZSTD_c_compressionLevel, 1);
    }
    ~ZstdWriter() override { ZSTD_freeCCtx(cctx_); }
    ZstdWriter(const ZstdWriter&) = delete;
    ZstdWriter& operator=(const ZstdWriter&) = delete;
    void write(std::string_view b) override {
        ZSTD_inBuffer in{b.data(), b.size(), 0};
        while (in.pos < in.size) run(in, ZSTD_e_continue);
        open_ = open_ || !b.empty();
    }
    void flush() override {
        if (!open_) return;
        ZSTD_inBuffer in{nullptr, 0, 0};
        while (run(in, ZSTD_e_end) != 0) {
        }
        open_ = false;
    }
    void close() override { flush(); }

private:
    size_t run(ZSTD_inBuffer& in, ZSTD_EndDirective mode) {
        ZSTD_outBuffer out{buf_.data(), buf_.size(), 0};
        size_t left = ZSTD_compressStream2(cctx_, &out, &in, mode);
        if (ZSTD_isError(left)) left = 0;
        if (out.pos) out_.write({buf_.data(), out.pos});
        return left;
    }
    ByteOutput& out_;
    ZSTD_CCtx* cctx_;
    std::vector<char> buf_;
    bool open_ = false;
};

class GzipWriter final : public FramedWriter {
public:
    explicit GzipWriter(ByteOutput& out) : out_(out), buf_(64 * 1024) {
        stream_ = {};
        deflateInit2(&stream_, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    }
    ~GzipWriter() override { deflateEnd(&stream_); }
    GzipWriter(const GzipWriter&) = delete;
    GzipWriter& operator=(const GzipWriter&) = delete;
    void write(std::string_view b) override { run(b, Z_NO_FLUSH); }
    void flush() override {}
    void close() override { run({}, Z_FINISH); }

private:
    void run(std::string_view b, int mode) {
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(b.data()));
        stream_.avail_in = uInt(b.size());
        int ret;
        do {
            stream_.next_out = reinterpret_cast<Bytef*>(buf_.data());
            stream_.avail_out = uInt(buf_.size());
            ret = deflate(&stream_, mode);
            out_.write({buf_.data(), buf_.size() - stream_.avail_out});
        } while (stream_.avail_out == 0 ||
                 (mode == Z_FINISH && ret != Z_STREAM_END && ret != Z_STREAM_ERROR));
    }
    ByteOutput& out_;
    z_stream stream_;
    std::vector<char> buf_;
};

}  // namespace

std::unique_ptr<FramedWriter> makeFramedWriter(Codec codec, ByteOutput& out) {
    switch (codec) {
        case Codec::Zstd:
            return std::make_unique<ZstdWriter>(out);
        case Codec::Lz4:
            return std::make_unique<Lz4BlockWriter>(out);
        case Codec::Snappy:
            return std::make_unique<SnappyWriter>(out);
        case Codec::Lzf:
            return std::make_unique<LzfWriter>(out);
        case Codec::Gzip:
            return std::make_unique<GzipWriter>(out);
        case Codec::Zip:
        case Codec::Plain:
            break;
    }
    return std::make_unique<PlainWriter>(out);
}

std::string frame(Codec codec, std::string_view text, size_t flushEveryLines, bool close) {
    StringOutput out;
    auto writer = makeFramedWriter(codec, out);
    size_t lines = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const size_t take = nl == std::string_view::npos ? text.size() : nl + 1;
        writer->write(text.substr(0, take));
        text.remove_prefix(take);
        if (++lines % flushEveryLines == 0) writer->flush();
    }
    if (close) writer->close();
    return std::move(out.data);
}

}  // namespace stagelight::gen
