#include "io/ZipWriter.h"

#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>

namespace stagelight {
namespace {

constexpr uint32_t kMax32 = 0xFFFFFFFFu;
constexpr size_t kReadBytes = size_t(1) << 20;

void put16(std::string& s, uint16_t v) {
    s += char(v & 0xFF);
    s += char(v >> 8);
}
void put32(std::string& s, uint32_t v) {
    for (int i = 0; i < 4; ++i) s += char((v >> (8 * i)) & 0xFF);
}
void put64(std::string& s, uint64_t v) {
    for (int i = 0; i < 8; ++i) s += char((v >> (8 * i)) & 0xFF);
}

struct Written {
    std::string name;
    uint32_t crc = 0;
    uint64_t size = 0, offset = 0;
    uint16_t dosTime = 0, dosDate = 0x21;  // 1980-01-01 when the file gives no time
};

// The fields the local header and the central directory entry share, from "version needed" to
// the name's length.
void putSharedFields(std::string& out, const Written& w, const std::string& extra, uint32_t size32) {
    put16(out, extra.empty() ? 20 : 45);  // version needed (4.5: ZIP64)
    put16(out, 0x0800);                   // names are UTF-8
    put16(out, 0);                        // stored
    put16(out, w.dosTime);
    put16(out, w.dosDate);
    put32(out, w.crc);
    put32(out, size32);  // compressed
    put32(out, size32);
    put16(out, uint16_t(w.name.size()));
    put16(out, uint16_t(extra.size()));
}

// The file's modification time as zip's MS-DOS date and time (local time, 2 s steps).
void dosTimeOf(const std::filesystem::path& file, uint16_t& time, uint16_t& date) {
    std::error_code ec;
    const auto written = std::filesystem::last_write_time(file, ec);
    if (ec) return;
    // GCC 12 has no clock_cast: file_clock and system_clock differ by a constant, taken now.
    const auto system = std::chrono::time_point_cast<std::chrono::system_clock::duration>(
        written - std::filesystem::file_time_type::clock::now() + std::chrono::system_clock::now());
    const std::time_t t = std::chrono::system_clock::to_time_t(system);
    std::tm local{};
    if (!localtime_r(&t, &local) || local.tm_year < 80) return;
    time = uint16_t(local.tm_hour << 11 | local.tm_min << 5 | local.tm_sec / 2);
    date = uint16_t((local.tm_year - 80) << 9 | (local.tm_mon + 1) << 5 | local.tm_mday);
}

using FileHandle = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// The CRC-32 and size of a file (a first pass: the header carries them before the data).
bool checksum(const std::filesystem::path& file, uint32_t& crc, uint64_t& size,
              std::vector<char>& buffer) {
    FileHandle f(std::fopen(file.c_str(), "rb"), &std::fclose);
    if (!f) return false;
    uLong c = crc32(0, nullptr, 0);
    size = 0;
    size_t n;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), f.get())) > 0) {
        c = crc32(c, reinterpret_cast<const Bytef*>(buffer.data()), uInt(n));
        size += n;
    }
    crc = uint32_t(c);
    return !std::ferror(f.get());
}

// ZIP64 extended information: the values whose 32-bit fields hold 0xFFFFFFFF, in that order.
std::string zip64Extra(uint64_t size, uint64_t offset, bool withOffset, bool always) {
    std::string values;
    if (size >= kMax32 || always) {
        put64(values, size);  // uncompressed
        put64(values, size);  // compressed (stored: the same)
    }
    if (withOffset && (offset >= kMax32 || always)) put64(values, offset);
    if (values.empty()) return {};
    std::string extra;
    put16(extra, 0x0001);
    put16(extra, uint16_t(values.size()));
    return extra + values;
}

}  // namespace

bool writeZip(const std::vector<ZipSource>& entries,
              const std::function<bool(std::string_view)>& out, std::string& error,
              bool zip64Always) {
    // A 32-bit field holds 0xFFFFFFFF where its ZIP64 value is given instead.
    auto field32 = [&](uint64_t v) { return v >= kMax32 || zip64Always ? kMax32 : uint32_t(v); };
    std::vector<char> buffer(kReadBytes);
    std::vector<Written> written;
    uint64_t offset = 0;
    auto emit = [&](std::string_view bytes) {
        offset += bytes.size();
        if (out(bytes)) return true;
        error = "the receiver stopped reading";
        return false;
    };
    for (const ZipSource& e : entries) {
        Written w{e.name, 0, 0, offset};
        const bool directory = e.file.empty();
        if (!directory && !checksum(e.file, w.crc, w.size, buffer)) {
            error = e.file.string() + ": cannot be read";
            return false;
        }
        if (!directory) dosTimeOf(e.file, w.dosTime, w.dosDate);
        const std::string extra = zip64Extra(w.size, 0, false, zip64Always);
        std::string header;
        put32(header, 0x04034b50);
        putSharedFields(header, w, extra, field32(w.size));
        header += e.name;
        header += extra;
        if (!emit(header)) return false;
        if (!directory) {
            FileHandle f(std::fopen(e.file.c_str(), "rb"), &std::fclose);
            uint64_t left = w.size;  // what the header promised, even if the file grew since
            while (f && left > 0) {
                const size_t n = std::fread(buffer.data(), 1, std::min<uint64_t>(buffer.size(), left), f.get());
                if (n == 0) break;
                left -= n;
                if (!emit({buffer.data(), n})) return false;
            }
            if (left > 0) {
                error = e.file.string() + ": shrank while it was zipped";
                return false;
            }
        }
        written.push_back(std::move(w));
    }
    const uint64_t directoryOffset = offset;
    for (const Written& w : written) {
        const std::string extra = zip64Extra(w.size, w.offset, true, zip64Always);
        std::string central;
        put32(central, 0x02014b50);
        put16(central, 0x031E);  // made by: Unix, 3.0
        putSharedFields(central, w, extra, field32(w.size));
        put16(central, 0);  // comment
        put16(central, 0);  // disk
        put16(central, 0);  // internal attributes
        put32(central, w.name.empty() || w.name.back() != '/' ? 0x81A40000u : 0x41ED0010u);
        put32(central, field32(w.offset));
        central += w.name;
        central += extra;
        if (!emit(central)) return false;
    }
    const uint64_t directorySize = offset - directoryOffset;
    const bool zip64 = zip64Always || written.size() >= 0xFFFF || directoryOffset >= kMax32 ||
                       directorySize >= kMax32;
    std::string end;
    if (zip64) {
        const uint64_t zip64End = offset;
        put32(end, 0x06064b50);
        put64(end, 44);
        put16(end, 45);
        put16(end, 45);
        put32(end, 0);
        put32(end, 0);
        put64(end, written.size());
        put64(end, written.size());
        put64(end, directorySize);
        put64(end, directoryOffset);
        put32(end, 0x07064b50);  // the locator
        put32(end, 0);
        put64(end, zip64End);
        put32(end, 1);
    }
    put32(end, 0x06054b50);
    put16(end, 0);
    put16(end, 0);
    put16(end, zip64 ? 0xFFFF : uint16_t(written.size()));
    put16(end, zip64 ? 0xFFFF : uint16_t(written.size()));
    put32(end, zip64 ? kMax32 : uint32_t(directorySize));
    put32(end, zip64 ? kMax32 : uint32_t(directoryOffset));
    put16(end, 0);
    return emit(end);
}

}  // namespace stagelight
