// stagelight-bench: generates a ~1 GB event log (plain and zstd) and prints, in one run:
// load time, a bare simdjson pass over the same bytes, decompression-only time, peak RSS.
// Targets: load <= 2.0x the bare pass (plain), <= 1.3x decompression-only (zstd),
// peak RSS <= 0.25 x uncompressed size + 80 MB.
#include <simdjson.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "LogGenerator.h"
#include "diagnosis/Analyzer.h"
#include "io/StreamDecoder.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

#define STAGELIGHT_STR2(x) #x
#define STAGELIGHT_STR(x) STAGELIGHT_STR2(x)
constexpr const char* kBuiltin = STAGELIGHT_STR(SIMDJSON_BUILTIN_IMPLEMENTATION);

double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

struct ChildResult {
    double seconds = 0;
    long maxRssKb = 0;
    long long tasks = 0;
    double taskTableBytesPerTask = 0;
    double analyzeSeconds = 0;  // the diagnosis (time accounting, what-if, every rule)
};

// Loads in a child process so its peak RSS is the load's alone.
ChildResult loadInChild(const fs::path& file) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        const auto t = Clock::now();
        LoadResult r = loadEventLog(file);
        ChildResult c;
        c.seconds = secondsSince(t);
        c.tasks = r.model ? summarize(*r.model).counts.tasks : -1;
        if (r.model && r.model->tasks.size() > 0)
            c.taskTableBytesPerTask =
                double(r.model->tasks.memoryBytes()) / double(r.model->tasks.size());
        if (r.model) {
            const auto a = Clock::now();
            const Analysis analysis = analyze(*r.model);
            c.analyzeSeconds = analysis.time.wallClockMs >= 0 ? secondsSince(a) : -1;
        }
        if (write(fds[1], &c, sizeof c) != ssize_t(sizeof c)) _exit(2);
        _exit(0);
    }
    close(fds[1]);
    ChildResult c;
    if (read(fds[0], &c, sizeof c) != ssize_t(sizeof c)) c.seconds = -1;
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    c.maxRssKb = usage.ru_maxrss;
    return c;
}

// The bare simdjson passes: each line parsed fully (DOM), and On-Demand reading only "Event".
std::pair<double, double> bareSimdjson(const fs::path& file) {
    simdjson::padded_string text = simdjson::padded_string::load(file.string()).value();
    simdjson::dom::parser dom;
    simdjson::ondemand::parser od;
    size_t docs = 0, events = 0;
    auto t = Clock::now();
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl) nl = end;
        simdjson::dom::element e;
        if (dom.parse(p, size_t(nl - p), false).get(e) == simdjson::SUCCESS) ++docs;
        p = nl + 1;
    }
    const double domSeconds = secondsSince(t);
    t = Clock::now();
    p = text.data();
    while (p < end) {
        const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl) nl = end;
        auto doc = od.iterate(p, size_t(nl - p), size_t(end - p) + simdjson::SIMDJSON_PADDING);
        std::string_view ev;
        if (!doc.error() && doc["Event"].get_string().get(ev) == simdjson::SUCCESS)
            events += ev.size() > 0;
        p = nl + 1;
    }
    const double odSeconds = secondsSince(t);
    std::fprintf(stderr, "  (bare passes saw %zu documents, %zu events)\n", docs, events);
    return {domSeconds, odSeconds};
}

struct NullSink final : DecodeListener {
    uint64_t bytes = 0;
    void decoded(std::string_view b) override { bytes += b.size(); }
    void decodeIssue(const DecodeIssue&) override {}
};

double decompressOnly(const fs::path& file, uint64_t& bytesOut) {
    NullSink sink;
    auto decoder = makeStreamDecoder(Codec::Zstd, sink);
    std::FILE* f = std::fopen(file.c_str(), "rb");
    std::vector<std::byte> buf(1 << 20);
    const auto t = Clock::now();
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
        decoder->feed(std::span(buf.data(), n));
    decoder->finish();
    std::fclose(f);
    bytesOut = sink.bytes;
    return secondsSince(t);
}

}  // namespace

int main(int argc, char** argv) {
    double targetGb = 1.0;
    fs::path dir = fs::temp_directory_path() / "stagelight-bench";
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--gb") == 0 && i + 1 < argc)
            targetGb = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
            dir = argv[++i];
    }
    fs::create_directories(dir);
    const fs::path plain = dir / "bench-eventlog", zstd = dir / "bench-eventlog.zstd";
    // The bench scenario writes about 58 MB per unit of scale.
    const double scale = targetGb * 1e9 / 58e6;
    // On-Demand runs stage 1 on the active (runtime-dispatched) kernel; its stage 2 is inlined and
    // compiled for the build's target.
    std::printf("simdjson %s: active kernel %s, On-Demand stage 2 compiled for %s\n",
                STAGELIGHT_STR(SIMDJSON_VERSION),
                simdjson::get_active_implementation()->name().c_str(), kBuiltin);
    auto t = Clock::now();
    gen::GenerateStats stats;
    {
        gen::FileOutput out(plain.string());
        auto w = gen::makeFramedWriter(Codec::Plain, out);
        stats = gen::generateLog(gen::makeScenario("bench", scale), *w);
    }
    {
        gen::FileOutput out(zstd.string());
        auto w = gen::makeFramedWriter(Codec::Zstd, out);
        gen::generateLog(gen::makeScenario("bench", scale), *w);
    }
    const double mb = double(stats.bytes) / 1e6;
    std::printf("generated %.0f MB uncompressed, %lld tasks (zstd file %.0f MB) in %.1f s\n", mb,
                (long long)stats.tasks, double(fs::file_size(zstd)) / 1e6, secondsSince(t));

    const auto [domSeconds, odSeconds] = bareSimdjson(plain);
    const ChildResult plainLoad = loadInChild(plain);
    uint64_t decoded = 0;
    const double decompress = decompressOnly(zstd, decoded);
    const ChildResult zstdLoad = loadInChild(zstd);

    const double rssBudgetMb = 0.25 * mb + 80;
    std::printf("\n%-44s %9s %11s\n", "measurement", "seconds", "MB/s");
    std::printf("%-44s %9.2f %11.0f\n", "bare simdjson pass (DOM, every line)", domSeconds,
                mb / domSeconds);
    std::printf("%-44s %9.2f %11.0f\n", "bare simdjson pass (On-Demand, Event only)", odSeconds,
                mb / odSeconds);
    std::printf("%-44s %9.2f %11.0f\n", "load plain", plainLoad.seconds, mb / plainLoad.seconds);
    std::printf("%-44s %9.2f %11.0f\n", "zstd decompression only", decompress, mb / decompress);
    std::printf("%-44s %9.2f %11.0f\n", "load zstd", zstdLoad.seconds, mb / zstdLoad.seconds);
    std::printf("\n%-44s %9.2f  (target <= 2.0)\n", "load plain / bare DOM pass",
                plainLoad.seconds / domSeconds);
    std::printf("%-44s %9.2f\n", "load plain / bare On-Demand pass", plainLoad.seconds / odSeconds);
    std::printf("%-44s %9.2f  (target <= 1.3)\n", "load zstd / decompression only",
                zstdLoad.seconds / decompress);
    std::printf("%-44s %9.0f  (target <= %.0f MB)\n", "peak RSS load + analyze plain, MB",
                double(plainLoad.maxRssKb) / 1024, rssBudgetMb);
    std::printf("%-44s %9.0f  (target <= %.0f MB)\n", "peak RSS load zstd, MB",
                double(zstdLoad.maxRssKb) / 1024, rssBudgetMb);
    std::printf("%-44s %9.2f\n", "analyze (after load, plain)", plainLoad.analyzeSeconds);
    std::printf("%-44s %9.0f\n", "task table bytes per task (all columns)",
                plainLoad.taskTableBytesPerTask);
    std::printf("tasks loaded: plain %lld, zstd %lld (generated %lld)\n", plainLoad.tasks,
                zstdLoad.tasks, (long long)stats.tasks);
    if (argc > 0 && std::getenv("STAGELIGHT_BENCH_KEEP") == nullptr) fs::remove_all(dir);
    return plainLoad.tasks == stats.tasks && zstdLoad.tasks == stats.tasks ? 0 : 1;
}
