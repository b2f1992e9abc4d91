#include "BenchMeasure.h"

#include <simdjson.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "io/LogLocator.h"
#include "io/StreamDecoder.h"
#include "load/Loader.h"

namespace stagelight::bench {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

double cpuSeconds(const rusage& u) {
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

LoadFigures loadOnce(const fs::path& log, unsigned threads) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        LoadFigures f;
        LoadOptions options;
        options.threads = threads;
        const auto t = Clock::now();
        options.partial = [&](std::unique_ptr<EventLogModel>) {
            if (f.firstFiguresSeconds < 0) f.firstFiguresSeconds = secondsSince(t);
        };
        LoadResult r = loadEventLog(log, options);
        f.seconds = secondsSince(t);
        if (r.model) {
            f.tasks = (long long)r.model->tasks.size();
            if (f.tasks > 0)
                f.modelBytesPerTask = double(r.model->tasks.memoryBytes()) / double(f.tasks);
        }
        if (write(fds[1], &f, sizeof f) != ssize_t(sizeof f)) _exit(2);
        _exit(0);
    }
    close(fds[1]);
    LoadFigures f;
    if (read(fds[0], &f, sizeof f) != ssize_t(sizeof f)) f.seconds = -1;
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    f.maxRssKb = usage.ru_maxrss;
    f.cpuSeconds = cpuSeconds(usage);
    return f;
}

// Every part of the log decompressed into one text.
struct Collect final : DecodeListener {
    std::string text;
    void decoded(std::string_view b) override { text.append(b); }
    void decodeIssue(const DecodeIssue&) override {}
};

std::string decompressedText(const fs::path& log) {
    Collect out;
    auto located = locateLog(log);
    if (!std::holds_alternative<LogSet>(located)) return {};
    std::vector<std::byte> buf(1 << 20);
    for (const LogPart& p : std::get<LogSet>(located).parts) {
        if (p.zipEntry) continue;
        std::FILE* f = std::fopen(p.path.c_str(), "rb");
        if (!f) continue;
        if (p.codec == Codec::Plain) {  // read as it is, in one piece
            const size_t at = out.text.size();
            out.text.resize(at + p.size);
            out.text.resize(at + std::fread(out.text.data() + at, 1, p.size, f));
        } else {
            auto decoder = makeStreamDecoder(p.codec, out);
            size_t n;
            while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
                decoder->feed(std::span(buf.data(), n));
            decoder->finish();
        }
        std::fclose(f);
        if (!out.text.empty() && out.text.back() != '\n') out.text += '\n';
    }
    return out.text;
}

}  // namespace

LoadFigures loadInChild(const fs::path& log, unsigned threads, int runs) {
    std::vector<LoadFigures> all;
    for (int i = 0; i < std::max(1, runs); ++i) all.push_back(loadOnce(log, threads));
    std::sort(all.begin(), all.end(),
              [](const LoadFigures& a, const LoadFigures& b) { return a.seconds < b.seconds; });
    return all[all.size() / 2];
}

namespace {

// One bare pass over `text`; returns the checksum (so it cannot be optimised away) and counts
// the events.
int64_t barePass(const simdjson::padded_string& text, size_t& events) {
    simdjson::ondemand::parser parser;
    events = 0;
    int64_t sum = 0;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        if (!nl) nl = end;
        simdjson::ondemand::document doc;
        if (parser.iterate(p, size_t(nl - p), size_t(end - p) + simdjson::SIMDJSON_PADDING)
                .get(doc) == simdjson::SUCCESS) {
            simdjson::ondemand::object o;
            std::string_view ev;
            if (doc.get_object().get(o) == simdjson::SUCCESS &&
                o.find_field_unordered("Event").get_string().get(ev) == simdjson::SUCCESS) {
                ++events;
                int64_t stage = 0;
                if (o.find_field_unordered("Stage ID").get_int64().get(stage) == simdjson::SUCCESS)
                    sum += stage;
                simdjson::ondemand::object metrics;
                int64_t run = 0;
                if (o.find_field_unordered("Task Metrics").get_object().get(metrics) ==
                        simdjson::SUCCESS &&
                    metrics.find_field_unordered("Executor Run Time").get_int64().get(run) ==
                        simdjson::SUCCESS)
                    sum += run;
            }
        }
        p = nl + 1;
    }
    return sum;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

BarePass bareOnDemandPass(const fs::path& log, int runs) {
    // The text is in memory (and its pages touched) before the clock starts: on this kind of
    // virtual machine a fresh page's fault costs tens of microseconds, and reading 1 GB into a
    // fresh buffer took 10 s, which would measure the machine, not the pass.
    const auto read = Clock::now();
    const std::string raw = decompressedText(log);
    const simdjson::padded_string text(raw);
    BarePass result;
    result.bytes = double(text.size());
    std::fprintf(stderr, "  (bare pass: the text read into fresh memory in %.2f s, not counted)\n",
                 secondsSince(read));
    // The median of `runs` passes, as for the loads: one pass alone swings with this machine.
    std::vector<double> one, two;
    for (int pass = 0; pass < std::max(1, runs); ++pass) {
        size_t events = 0;
        auto t = Clock::now();
        const int64_t sum = barePass(text, events);
        one.push_back(secondsSince(t));
        std::fprintf(stderr, "  (bare pass: %zu events, checksum %lld)\n", events,
                     (long long)sum);
        // Two passes at once on two threads: what two cores of this machine do side by side
        // (virtual cores may share a physical one, and then no program speeds up 2x).
        t = Clock::now();
        size_t otherEvents = 0;
        std::thread other([&] { barePass(text, otherEvents); });
        barePass(text, events);
        other.join();
        two.push_back(secondsSince(t));
    }
    result.seconds = median(one);
    result.twoAtOnceSeconds = median(two);
    return result;
}

double readOnly(const fs::path& file, int runs) {
    std::vector<double> seconds;
    std::vector<char> buf(4 << 20);
    for (int run = 0; run < std::max(1, runs); ++run) {
        std::FILE* f = std::fopen(file.c_str(), "rb");
        if (!f) return -1;
        const auto t = Clock::now();
        while (std::fread(buf.data(), 1, buf.size(), f) > 0) {
        }
        seconds.push_back(secondsSince(t));
        std::fclose(f);
    }
    return median(seconds);
}

double zstdDecompressOnly(const fs::path& file) {
    struct Drop final : DecodeListener {
        void decoded(std::string_view) override {}
        void decodeIssue(const DecodeIssue&) override {}
    } sink;
    auto decoder = makeStreamDecoder(Codec::Zstd, sink);
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (!f) return -1;
    std::vector<std::byte> buf(1 << 20);
    const auto t = Clock::now();
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
        decoder->feed(std::span(buf.data(), n));
    decoder->finish();
    std::fclose(f);
    return secondsSince(t);
}

}  // namespace stagelight::bench
