// Codecs Spark writes event logs with, and how to tell them apart (magic bytes first, name second).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace stagelight {

enum class Codec { Plain, Zstd, Lz4, Snappy, Lzf, Gzip, Zip };

std::string_view codecName(Codec codec);

// Codec implied by a file name: strip ".compact", then ".inprogress", then map the last extension.
// Unknown or absent extensions mean Plain.
Codec codecFromFileName(std::string_view fileName);

// Codec recognised from the first bytes of a file, or nothing when the bytes match no known magic.
// Needs at most 8 bytes; fewer bytes give an answer only when they are unambiguous.
std::optional<Codec> codecFromMagic(std::span<const std::byte> head);

}  // namespace stagelight
