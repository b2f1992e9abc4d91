// stagelight-bench: loads a generated ~1 GB event log (and any logs named on the command line)
// and prints, in one run, the figures the loader's targets are about: load time with 1, 2, 4
// and 8 decoding threads and every core against a bare simdjson On-Demand pass on one thread,
// the zstd copy against the plain one, peak RSS against 0.25 x the log + 80 MB, model bytes per
// task and the time to the first partial model (what the window shows first); beside each ratio,
// the best it could be at the CPU time the load spent (a load cannot end before its CPU time
// spread over the cores), and reading the file alone. `--huge-gb 10`
// also loads a generated 10 GB log. Targets are printed beside the figures; nothing is timed in
// a test.
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "BenchMeasure.h"
#include "LogGenerator.h"

using namespace stagelight;
using namespace stagelight::bench;
namespace fs = std::filesystem;

namespace {

#define STAGELIGHT_STR2(x) #x
#define STAGELIGHT_STR(x) STAGELIGHT_STR2(x)

// The bench scenario writes about 58 MB per unit of scale.
gen::GenerateStats generate(const fs::path& file, Codec codec, double gb) {
    gen::FileOutput out(file.string());
    auto w = gen::makeFramedWriter(codec, out);
    return gen::generateLog(gen::makeScenario("bench", gb * 1e9 / 58e6), *w);
}

void row(const char* what, const LoadFigures& f, double mb) {
    std::printf("%-40s %8.2f s %8.0f MB/s  cpu %6.2f s  rss %6.0f MB", what, f.seconds,
                mb / f.seconds, f.cpuSeconds, double(f.maxRssKb) / 1024);
    if (f.firstFiguresSeconds >= 0) std::printf("  first figures %.2f s", f.firstFiguresSeconds);
    std::printf("\n");
}

// Every measurement of one plain log (and its zstd copy when given).
bool measure(const fs::path& plain, const fs::path& zstd, int runs, bool huge = false) {
    // The huge log's text would not fit in memory twice: its load is compared with the 1 GB one.
    BarePass pass;
    pass.bytes = double(fs::file_size(plain));
    if (!huge) pass = bareOnDemandPass(plain, runs);
    const double bare = pass.seconds;
    const double mb = pass.bytes / 1e6;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    std::printf("\n%s: %.0f MB of event text\n", plain.filename().c_str(), mb);
    if (huge) {
        const LoadFigures all = loadInChild(plain, 0, 1);
        row("load, every core", all, mb);
        std::printf("%-48s %7.0f  (target <= %.0f MB)\n", "peak RSS, every core, MB",
                    double(all.maxRssKb) / 1024, 0.25 * mb + 80);
        return all.tasks > 0;
    }
    std::printf("%-40s %8.2f s %8.0f MB/s\n", "bare simdjson On-Demand pass, 1 thread", bare,
                mb / bare);
    std::printf("%-40s %8.2f s\n", "two bare passes at once, 2 threads", pass.twoAtOnceSeconds);
    std::printf("%-40s %8.2f s\n", "reading the file alone, 1 thread", readOnly(plain, runs));
    std::vector<std::pair<unsigned, LoadFigures>> loads;
    for (unsigned t : {1u, 2u, 4u, 8u}) {
        loads.emplace_back(t, loadInChild(plain, t, runs));
        row(("load, " + std::to_string(t) + " decoding thread" + (t > 1 ? "s" : "")).c_str(),
            loads.back().second, mb);
    }
    const LoadFigures all = loadInChild(plain, 0, runs);
    row(("load, every core (" + std::to_string(cores) + ")").c_str(), all, mb);
    const LoadFigures& one = loads[0].second;
    const LoadFigures& two = loads[1].second;
    const double rssBudgetMb = 0.25 * mb + 80;
    // A load cannot end sooner than its CPU time spread over every core: how near each ratio
    // could come at the CPU time this load spends, however well it spread the work.
    const char* atThisCpu = "  the best it could be at this CPU time";
    std::printf("%-48s %7.2f  (target <= 1.2 on 2 cores)\n", "load, every core / bare pass",
                all.seconds / bare);
    std::printf("%-48s %7.2f  (load CPU / cores / bare pass)\n", atThisCpu,
                all.cpuSeconds / cores / bare);
    std::printf("%-48s %7.2f  (target >= 1.7)\n", "speedup, 1 -> 2 decoding threads",
                one.seconds / two.seconds);
    if (cores <= 2)  // with more cores the 2-thread load's reader and splitter have their own
        std::printf("%-48s %7.2f  (1-thread load / (2-thread load CPU / %u))\n", atThisCpu,
                    one.seconds / (two.cpuSeconds / cores), cores);
    std::printf("%-48s %7.2f  (2 x one pass / two passes at once)\n",
                "  this machine's ceiling for it", pass.twoCoreCeiling());
    for (size_t i = 2; i < loads.size(); ++i)
        std::printf("%-48s %7.2f\n",
                    ("speedup, 1 -> " + std::to_string(loads[i].first) + " decoding threads").c_str(),
                    one.seconds / loads[i].second.seconds);
    std::printf("%-48s %7.0f  (target <= %.0f MB)\n", "peak RSS, every core, MB",
                double(all.maxRssKb) / 1024, rssBudgetMb);
    std::printf("%-48s %7.0f\n", "model bytes per task (task table)", all.modelBytesPerTask);
    bool ok = all.tasks > 0;
    for (const auto& [t, f] : loads) ok = ok && f.tasks == all.tasks;
    if (!zstd.empty()) {
        const double decompress = zstdDecompressOnly(zstd);
        const LoadFigures z = loadInChild(zstd, 0, runs);
        std::printf("%-40s %8.2f s\n", "zstd decompression only", decompress);
        row("load zstd, every core", z, mb);
        std::printf("%-48s %7.2f  (target <= 1.15)\n", "load zstd / load plain",
                    z.seconds / all.seconds);
        std::printf("%-48s %7.2f  (zstd load CPU / cores / plain load)\n", atThisCpu,
                    z.cpuSeconds / cores / all.seconds);
        std::printf("%-48s %7.0f  (target <= %.0f MB)\n", "peak RSS zstd, MB",
                    double(z.maxRssKb) / 1024, rssBudgetMb);
        ok = ok && z.tasks == all.tasks;
    }
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    double gb = 1.0, hugeGb = 0;
    int runs = 3;
    fs::path dir = fs::temp_directory_path() / "stagelight-bench";
    std::vector<fs::path> logs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--gb") == 0 && i + 1 < argc)
            gb = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--huge-gb") == 0 && i + 1 < argc)
            hugeGb = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (std::strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (argv[i][0] != '-')
            logs.emplace_back(argv[i]);
    }
    std::printf("simdjson %s: active kernel %s, On-Demand stage 2 compiled for %s; %u cores\n",
                STAGELIGHT_STR(SIMDJSON_VERSION),
                simdjson::get_active_implementation()->name().c_str(),
                STAGELIGHT_STR(SIMDJSON_BUILTIN_IMPLEMENTATION),
                std::thread::hardware_concurrency());
    fs::create_directories(dir);
    bool ok = true;
    if (gb > 0) {
        const fs::path plain = dir / "bench-eventlog", zstd = dir / "bench-eventlog.zstd";
        if (!fs::exists(plain)) generate(plain, Codec::Plain, gb);
        if (!fs::exists(zstd)) generate(zstd, Codec::Zstd, gb);
        ok = measure(plain, zstd, runs) && ok;
    }
    for (const fs::path& log : logs) ok = measure(log, {}, runs) && ok;
    if (hugeGb > 0) {
        const fs::path huge = dir / "bench-eventlog-huge";
        if (!fs::exists(huge)) generate(huge, Codec::Plain, hugeGb);
        ok = measure(huge, {}, 1, true) && ok;
    }
    if (std::getenv("STAGELIGHT_BENCH_KEEP") == nullptr) fs::remove_all(dir);
    return ok ? 0 : 1;
}
