// Minimal reader of a zip archive's central directory: the History Server's "download logs"
// button hands out event logs zipped (stored or deflated entries).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

namespace stagelight {

struct ZipEntry {
    std::string name;
    uint16_t method = 0;  // 0 stored, 8 deflate
    uint64_t dataOffset = 0, compressedSize = 0, uncompressedSize = 0;
};

std::variant<std::vector<ZipEntry>, std::string> listZipEntries(const std::filesystem::path& path);

}  // namespace stagelight
