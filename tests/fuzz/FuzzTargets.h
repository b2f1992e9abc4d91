// What the fuzz targets exercise, shared by the libFuzzer executables (clang, tests/fuzz/run.sh)
// and the regression test that replays the seed corpus and every input a fuzzer ever crashed on
// (tst_fuzz_regressions, in every build).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "io/Codec.h"

namespace stagelight::fuzz {

// One codec's stream decoder over `data`, fed in pieces of varying size, then finished.
void decodeFramed(Codec codec, const uint8_t* data, size_t size);
// `data` as the decompressed text of a log: lines → events → model → figures and diagnosis.
void decodeEventLog(const uint8_t* data, size_t size);

struct Target {
    const char* name;  // also the corpus directory name
    void (*run)(const uint8_t*, size_t);
    Codec seedCodec;  // how seeds for it are framed
};
const std::vector<Target>& targets();

}  // namespace stagelight::fuzz
