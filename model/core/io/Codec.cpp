#include "io/Codec.h"

#include <array>
#include <cstring>

namespace stagelight {

std::string_view codecName(Codec codec) {
    switch (codec) {
        case Codec::Plain:
            return "plain";
        case Codec::Zstd:
            return "zstd";
        case Codec::Lz4:
            return "lz4";
        case Codec::Snappy:
            return "snappy";
        case Codec::Lzf:
            return "lzf";
        case Codec::Gzip:
            return "gzip";
        case Codec::Zip:
            return "zip";
    }
    return "unknown";
}

namespace {
bool stripSuffix(std::string_view& name, std::string_view suffix) {
    if (name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix) {
        name.remove_suffix(suffix.size());
        return true;
    }
    return false;
}
}  // namespace

Codec codecFromFileName(std::string_view fileName) {
    if (auto slash = fileName.find_last_of('/'); slash != std::string_view::npos)
        fileName.remove_prefix(slash + 1);
    stripSuffix(fileName, ".compact");
    stripSuffix(fileName, ".inprogress");
    auto dot = fileName.find_last_of('.');
    if (dot == std::string_view::npos) return Codec::Plain;
    std::string_view ext = fileName.substr(dot + 1);
    if (ext == "zstd" || ext == "zst") return Codec::Zstd;
    if (ext == "lz4") return Codec::Lz4;
    if (ext == "snappy") return Codec::Snappy;
    if (ext == "lzf") return Codec::Lzf;
    if (ext == "gz") return Codec::Gzip;
    if (ext == "zip") return Codec::Zip;
    return Codec::Plain;
}

std::optional<Codec> codecFromMagic(std::span<const std::byte> head) {
    auto starts = [&](std::initializer_list<unsigned char> magic) {
        if (head.size() < magic.size()) return false;
        size_t i = 0;
        for (unsigned char m : magic)
            if (static_cast<unsigned char>(head[i++]) != m) return false;
        return true;
    };
    if (starts({0x28, 0xB5, 0x2F, 0xFD})) return Codec::Zstd;
    if (starts({'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'})) return Codec::Lz4;
    if (starts({0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0x00})) return Codec::Snappy;
    if (starts({'Z', 'V', 0x00}) || starts({'Z', 'V', 0x01})) return Codec::Lzf;
    if (starts({0x1F, 0x8B})) return Codec::Gzip;
    if (starts({'P', 'K', 0x03, 0x04})) return Codec::Zip;
    // JSON lines start with '{' (a BOM or blank lines never come from Spark, but tolerate them).
    for (std::byte b : head) {
        auto c = static_cast<unsigned char>(b);
        if (c == '{') return Codec::Plain;
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0xEF || c == 0xBB || c == 0xBF)
            continue;
        break;
    }
    return std::nullopt;
}

}  // namespace stagelight
