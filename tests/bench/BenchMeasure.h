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
// load must. Each figure is the median of `runs`.
struct BarePass {
    double seconds = -1;           // one pass on one thread
    double twoAtOnceSeconds = -1;  // two passes at once, one per thread (wall clock)
    double bytes = 0;              // of the text
    // The most any 1 -> 2 thread speedup can reach on this machine: 2 when two cores work as
    // two, less when they share a physical core or a neighbour takes one.
    double twoCoreCeiling() const { return 2 * seconds / twoAtOnceSeconds; }
};
BarePass bareOnDemandPass(const std::filesystem::path& log, int runs);

// Seconds to read a plain file into a reused 4 MB buffer and drop the bytes (one thread, the
// median of `runs`): what any load of it pays before decoding a byte.
double readOnly(const std::filesystem::path& file, int runs);

// Seconds to decompress a zstd file and drop the bytes.
double zstdDecompressOnly(const std::filesystem::path& file);

}  // namespace stagelight::bench
