// The bench's measurements: a load in a child process (its time, CPU time and peak RSS are the
// load's alone), the bare simdjson pass a load is compared with, decompression alone.
#pragma once

#include <filesystem>
#include <string>

namespace stagelight::bench {

struct LoadFigures {
    double seconds = -1, cpuSeconds = 0;  // median wall clock of the runs; CPU time of that run
    double firstFiguresSeconds = -1;      // when the first partial model was ready (-1: none)
    long maxRssKb = 0;
    long long tasks = 0;
    double modelBytesPerTask = 0;
};

// Loads `log` with `threads` decoding threads (0: every core), `runs` times, each in a fresh
// child process.
LoadFigures loadInChild(const std::filesystem::path& log, unsigned threads, int runs);

// One thread, the log's text already in memory (decompressed if it is compressed): simdjson
// On-Demand reads three fields of every event ("Event", "Stage ID" and "Task Metrics" /
// "Executor Run Time", the last two wherever they are), so each line is walked to its end as a
// load must. Returns seconds; `bytes` the text's.
double bareOnDemandPass(const std::filesystem::path& log, double& bytes, int runs);

// Seconds to decompress a zstd file and drop the bytes.
double zstdDecompressOnly(const std::filesystem::path& file);

}  // namespace stagelight::bench
