// stagelight-fuzz-seeds DIR: writes DIR/<target>/seed-* for every fuzz target from generated logs.
// stagelight-fuzz-seeds --corpus CORPUS: writes CORPUS/<target>/ for every target but eventlog
// from the real-log excerpts in CORPUS/eventlog/ (tests/fuzz/run.sh --make-corpus).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "FuzzSeeds.h"

namespace fs = std::filesystem;
using namespace stagelight::fuzz;

namespace {

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void write(const fs::path& dir, const std::vector<Seed>& seeds, const std::string& prefix) {
    fs::create_directories(dir);
    for (const Seed& seed : seeds)
        std::ofstream(dir / (prefix + seed.name), std::ios::binary) << seed.bytes;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::strcmp(argv[1], "--corpus") == 0) {
        const fs::path corpus = argv[2];
        // The excerpts other targets' seeds are made of: a whole small log and the lines the
        // decoder treats specially (a minimised set: each codec frames these few).
        std::vector<Seed> logs;
        for (const char* name : {"whole-app", "push-based-shuffle", "push-based-shuffle-3.2",
                                 "non-utf8-app-name", "sql-plan", "aqe-update",
                                 "DBCEventLoggingListenerMetadata", "task-failed"}) {
            const fs::path p = corpus / "eventlog" / (std::string(name) + ".json");
            if (fs::exists(p)) logs.push_back({name, readAll(p)});
        }
        if (logs.empty()) {
            std::fprintf(stderr, "no excerpts in %s/eventlog (run make_corpus.py)\n", argv[2]);
            return 1;
        }
        for (const Target& t : targets()) {
            if (std::string(t.name) == "eventlog") continue;
            std::error_code ec;
            fs::remove_all(corpus / t.name, ec);
            std::vector<Seed> seeds = seedsFor(t, logs);
            if (std::string(t.name) == "zip" || std::string(t.name) == "locator")
                seeds = seedsFor(t, {logs.front()});
            if (std::string(t.name) == "rest")  // paths into the target's own models
                seeds = seedsFor(t, generatedLogs());
            write(corpus / t.name, seeds, "");
        }
        return 0;
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: stagelight-fuzz-seeds DIR | --corpus CORPUS\n");
        return 2;
    }
    for (const Target& target : targets())
        write(fs::path(argv[1]) / target.name, seedsFor(target), "seed-");
    return 0;
}
