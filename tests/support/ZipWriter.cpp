#include "ZipWriter.h"

#include <zlib.h>

namespace stagelight::test {
namespace {

std::string rawDeflate(const std::string& data) {
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, uLong(data.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = uInt(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

void le16(std::string& s, uint32_t v) {
    s += char(v & 0xFF);
    s += char((v >> 8) & 0xFF);
}
void le32(std::string& s, uint32_t v) {
    le16(s, v & 0xFFFF);
    le16(s, v >> 16);
}

}  // namespace

ZipItem storedItem(const std::string& name, const std::string& text) {
    return {name,
            text,
            0,
            uint32_t(text.size()),
            uint32_t(crc32(0, reinterpret_cast<const Bytef*>(text.data()), uInt(text.size()))),
            0};
}
ZipItem deflatedItem(const std::string& name, const std::string& text) {
    ZipItem z = storedItem(name, text);
    z.data = rawDeflate(text);
    z.method = 8;
    return z;
}

std::string zipArchive(const std::vector<ZipItem>& items) {
    std::string z, cd;
    uint16_t count = 0;
    for (const ZipItem& it : items) {
        const uint32_t offset = uint32_t(z.size());
        le32(z, 0x04034b50);
        le16(z, 20);
        le16(z, 0);
        le16(z, it.method);
        le32(z, 0);
        le32(z, it.crc);
        le32(z, uint32_t(it.data.size()));
        le32(z, it.uncompressed);
        le16(z, uint32_t(it.name.size()));
        le16(z, 0);
        z += it.name + it.data;
        for (int a = 0; a <= it.aliases; ++a) {
            const std::string name = a == 0 ? it.name : it.name + "." + std::to_string(a);
            le32(cd, 0x02014b50);
            le16(cd, 20);
            le16(cd, 20);
            le16(cd, 0);
            le16(cd, it.method);
            le32(cd, 0);
            le32(cd, it.crc);
            le32(cd, uint32_t(it.data.size()));
            le32(cd, it.uncompressed);
            le16(cd, uint32_t(name.size()));
            le16(cd, 0);
            le16(cd, 0);
            le16(cd, 0);
            le16(cd, 0);
            le32(cd, 0);
            le32(cd, offset);
            cd += name;
            ++count;
        }
    }
    const uint32_t cdOffset = uint32_t(z.size());
    z += cd;
    le32(z, 0x06054b50);
    le16(z, 0);
    le16(z, 0);
    le16(z, count);
    le16(z, count);
    le32(z, uint32_t(cd.size()));
    le32(z, cdOffset);
    le16(z, 0);
    return z;
}

}  // namespace stagelight::test
