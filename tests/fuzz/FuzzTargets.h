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
// The same model rendered as the findings report (Markdown and JSON).
void renderReport(const uint8_t* data, size_t size);
// `data` as a zip archive on disk: listed, located, loaded (FuzzFileTargets.cpp).
void readZipArchive(const uint8_t* data, size_t size);
// `data` as a log directory (see locatorInput): located (rolling, Databricks, legacy, a
// directory of logs), listed and loaded.
void locateLogDirectory(const uint8_t* data, size_t size);
// `data` as a REST API path (and query) against a decoded model and a directory listing.
void queryRest(const uint8_t* data, size_t size);

// The directory a locator input describes: a layout byte (rolling, Databricks, legacy,
// several logs), then NUL-separated file names and contents.
struct LocatorFile {
    std::string name, content;
};
std::string locatorInput(int layout, const std::vector<LocatorFile>& files);

struct Target {
    const char* name;  // also the corpus directory name
    void (*run)(const uint8_t*, size_t);
    Codec seedCodec;  // how seeds for it are framed
};
const std::vector<Target>& targets();

}  // namespace stagelight::fuzz
