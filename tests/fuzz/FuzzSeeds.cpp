#include "FuzzSeeds.h"

#include "LogGenerator.h"
#include "SparkFraming.h"

namespace stagelight::fuzz {
namespace {

// The first lines of a log, up to about `bytes` (whole lines), so seeds stay small and fast.
std::string head(const std::string& text, size_t bytes) {
    size_t end = 0;
    while (end < text.size() && end < bytes) {
        const size_t nl = text.find('\n', end);
        if (nl == std::string::npos) return text;
        end = nl + 1;
    }
    return text.substr(0, end);
}

}  // namespace

std::vector<Seed> seedsFor(const Target& target) {
    std::vector<Seed> out;
    for (const char* scenario : {"healthy", "failures", "cache-released", "python-udf", "demo"}) {
        gen::ScenarioConfig config = gen::makeScenario(scenario, 0.05);
        const std::string text = head(gen::generateLogText(config), 24 << 10);
        out.push_back({std::string(scenario), target.seedCodec == Codec::Plain
                                                  ? text
                                                  : gen::frame(target.seedCodec, text, 8)});
    }
    // The tail of a log too: job, stage and SQL ends, application end.
    const std::string whole = gen::generateLogText(gen::makeScenario("skew", 0.05));
    const std::string tail =
        whole.substr(whole.size() > (16 << 10) ? whole.size() - (16 << 10) : 0);
    const std::string lines = tail.substr(tail.find('\n') + 1);
    out.push_back({"skew-tail", target.seedCodec == Codec::Plain
                                    ? lines
                                    : gen::frame(target.seedCodec, lines, 8)});
    return out;
}

}  // namespace stagelight::fuzz
