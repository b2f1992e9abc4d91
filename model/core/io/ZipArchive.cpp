#include "io/ZipArchive.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace stagelight {
namespace {
uint32_t le32(const unsigned char* p) {
    return p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24;
}
uint16_t le16(const unsigned char* p) {
    return uint16_t(p[0] | p[1] << 8);
}
uint64_t le64(const unsigned char* p) {
    return uint64_t(le32(p)) | uint64_t(le32(p + 4)) << 32;
}
constexpr uint64_t kMax32 = 0xFFFFFFFFu;
// Deflate emits at most 258 bytes per 2 bits of a match: no entry can expand more than this.
constexpr uint64_t kMaxDeflateRatio = 1032;
}  // namespace

std::variant<std::vector<ZipEntry>, std::string> listZipEntries(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return path.string() + ": cannot open";
    in.seekg(0, std::ios::end);
    const auto size = static_cast<uint64_t>(in.tellg());
    // The end-of-central-directory record sits in the last 22 + 65535 bytes.
    const uint64_t tail = std::min<uint64_t>(size, 22 + 65535);
    std::vector<unsigned char> buf(tail);
    in.seekg(static_cast<std::streamoff>(size - tail));
    in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(tail));
    int64_t eocd = -1;
    for (int64_t i = int64_t(tail) - 22; i >= 0; --i)
        if (le32(&buf[size_t(i)]) == 0x06054b50) {
            eocd = i;
            break;
        }
    if (eocd < 0) return path.string() + ": zip archive has no central directory";
    uint64_t count = le16(&buf[size_t(eocd) + 10]);
    uint64_t cdSize = le32(&buf[size_t(eocd) + 12]);
    uint64_t cdOffset = le32(&buf[size_t(eocd) + 16]);
    // ZIP64 (a log over 4 GiB, or past 65535 entries): the locator just before the record
    // points at the ZIP64 end record, which holds the real figures.
    if ((count == 0xFFFF || cdSize == kMax32 || cdOffset == kMax32) && eocd >= 20 &&
        le32(&buf[size_t(eocd) - 20]) == 0x07064b50) {
        const uint64_t at = le64(&buf[size_t(eocd) - 12]);
        unsigned char record[56];
        in.seekg(static_cast<std::streamoff>(std::min(at, size)));
        if (at + 56 > size || !in.read(reinterpret_cast<char*>(record), 56) ||
            le32(record) != 0x06064b50)
            return path.string() + ": corrupt ZIP64 end of central directory";
        count = le64(record + 32);
        cdSize = le64(record + 40);
        cdOffset = le64(record + 48);
    }
    if (cdOffset > size || cdSize > size - cdOffset)
        return path.string() + ": zip central directory out of range";
    std::vector<unsigned char> cd(cdSize);
    in.seekg(static_cast<std::streamoff>(cdOffset));
    in.read(reinterpret_cast<char*>(cd.data()), static_cast<std::streamsize>(cdSize));
    std::vector<ZipEntry> all;
    struct Span {
        uint64_t from, to;  // local header to the end of the data
        size_t entry;
        bool operator<(const Span& o) const { return from < o.from; }
    };
    std::vector<Span> spans;
    size_t p = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (p + 46 > cd.size() || le32(&cd[p]) != 0x02014b50)
            return path.string() + ": corrupt zip directory entry";
        ZipEntry e;
        e.method = le16(&cd[p + 10]);
        e.compressedSize = le32(&cd[p + 20]);
        e.uncompressedSize = le32(&cd[p + 24]);
        const uint16_t nameLen = le16(&cd[p + 28]), extraLen = le16(&cd[p + 30]),
                       commentLen = le16(&cd[p + 32]);
        uint64_t localOffset = le32(&cd[p + 42]);
        if (p + 46 + nameLen + extraLen > cd.size())
            return path.string() + ": corrupt zip directory entry";
        e.name.assign(reinterpret_cast<const char*>(&cd[p + 46]), nameLen);
        // ZIP64 extended information: the 64-bit values of the fields that hold 0xFFFFFFFF.
        for (size_t x = p + 46 + nameLen; x + 4 <= p + 46 + nameLen + extraLen;) {
            const uint16_t id = le16(&cd[x]), len = le16(&cd[x + 2]);
            if (x + 4 + len > p + 46 + nameLen + extraLen) break;
            if (id == 0x0001) {
                size_t v = x + 4;
                auto next = [&](uint64_t& field) {
                    if (field != kMax32 || v + 8 > x + 4 + len) return;
                    field = le64(&cd[v]);
                    v += 8;
                };
                next(e.uncompressedSize);
                next(e.compressedSize);
                next(localOffset);
            }
            x += 4 + size_t(len);
        }
        p += 46 + nameLen + extraLen + commentLen;
        if (localOffset > size) return path.string() + ": zip entry out of range: " + e.name;
        unsigned char local[30];
        in.seekg(static_cast<std::streamoff>(localOffset));
        if (!in.read(reinterpret_cast<char*>(local), 30) || le32(local) != 0x04034b50)
            return path.string() + ": corrupt zip local header for " + e.name;
        e.dataOffset = localOffset + 30 + le16(local + 26) + le16(local + 28);
        if (e.dataOffset + e.compressedSize > cdOffset)
            return path.string() + ": zip entry out of range: " + e.name;
        const bool stored = e.method == 0;
        if ((stored && e.uncompressedSize != e.compressedSize) ||
            e.uncompressedSize > kMaxDeflateRatio * e.compressedSize + 1024)
            return path.string() + ": zip entry " + e.name + " declares " +
                   std::to_string(e.uncompressedSize) + " bytes from " +
                   std::to_string(e.compressedSize) +
                   " compressed, more than its method can expand to (a zip bomb)";
        spans.push_back({localOffset, e.dataOffset + e.compressedSize, all.size()});
        all.push_back(std::move(e));
    }
    // Each entry's bytes belong to it alone: overlapping entries repeat one compressed kernel,
    // so the entries' total stays within the archive.
    std::sort(spans.begin(), spans.end());
    for (size_t i = 1; i < spans.size(); ++i)
        if (spans[i].from < spans[i - 1].to)
            return path.string() + ": zip entries " + all[spans[i - 1].entry].name + " and " +
                   all[spans[i].entry].name + " overlap (a zip bomb, not an archive of event logs)";
    std::vector<ZipEntry> entries;
    for (ZipEntry& e : all)
        if (!e.name.empty() && e.name.back() != '/') entries.push_back(std::move(e));
    return entries;
}

}  // namespace stagelight
