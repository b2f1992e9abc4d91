// Zip archives for tests: stored or deflated entries, and directory entries that point at one
// entry's local header again (an overlapping zip bomb).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stagelight::test {

struct ZipItem {
    std::string name, data;  // data as stored (already deflated for method 8)
    uint16_t method = 0;
    uint32_t uncompressed = 0, crc = 0;
    int aliases = 0;  // more directory entries pointing at this item's local header
};

ZipItem storedItem(const std::string& name, const std::string& text);
ZipItem deflatedItem(const std::string& name, const std::string& text);
std::string zipArchive(const std::vector<ZipItem>& items);

}  // namespace stagelight::test
