// stagelight-gen: writes a generated Spark event log (any scenario, size and codec).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "LogGenerator.h"

using namespace stagelight;

namespace {
int usage() {
    std::fputs(
        "usage: stagelight-gen [--scenario NAME] [--scale X] [--codec "
        "plain|zstd|lz4|snappy|lzf|gz]\n"
        "                      [--incomplete] [--seed N] -o FILE\n"
        "       stagelight-gen --list\n",
        stderr);
    return 1;
}
}  // namespace

int main(int argc, char** argv) {
    std::string scenario = "demo", out, codecName = "plain";
    double scale = 1.0;
    bool complete = true;
    uint64_t seed = 0;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--scenario")
            scenario = next();
        else if (a == "--scale")
            scale = std::atof(next().c_str());
        else if (a == "--codec")
            codecName = next();
        else if (a == "--incomplete")
            complete = false;
        else if (a == "--seed")
            seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "-o")
            out = next();
        else if (a == "--list") {
            for (const auto& n : gen::scenarioNames()) std::puts(n.c_str());
            return 0;
        } else
            return usage();
    }
    if (out.empty() || scale <= 0) return usage();
    const Codec codec = codecName == "plain" ? Codec::Plain : codecFromFileName("x." + codecName);
    if (codecName != "plain" && codec == Codec::Plain) return usage();
    gen::ScenarioConfig config = gen::makeScenario(scenario, scale);
    if (seed) config.seed = seed;
    gen::FileOutput file(out);
    if (!file.ok()) {
        std::fprintf(stderr, "stagelight-gen: cannot write %s\n", out.c_str());
        return 2;
    }
    auto writer = gen::makeFramedWriter(codec, file);
    const gen::GenerateStats s = gen::generateLog(config, *writer, {complete});
    std::fprintf(stderr,
                 "%s: %lld jobs, %lld stage attempts, %lld tasks (%lld failed), %lld executors, "
                 "%lld bytes uncompressed\n",
                 out.c_str(), (long long)s.jobs, (long long)s.stages, (long long)s.tasks,
                 (long long)s.failedTasks, (long long)s.executors, (long long)s.bytes);
    return file.ok() ? 0 : 2;
}
