// stagelight-fuzz-seeds DIR: writes DIR/<target>/<seed> for every fuzz target (tests/fuzz/run.sh).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "FuzzSeeds.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: stagelight-fuzz-seeds DIR\n");
        return 2;
    }
    namespace fs = std::filesystem;
    for (const auto& target : stagelight::fuzz::targets()) {
        const fs::path dir = fs::path(argv[1]) / target.name;
        fs::create_directories(dir);
        for (const auto& seed : stagelight::fuzz::seedsFor(target))
            std::ofstream(dir / ("seed-" + seed.name), std::ios::binary) << seed.bytes;
    }
    return 0;
}
