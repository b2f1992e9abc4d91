// One libFuzzer executable per target: STAGELIGHT_FUZZ_TARGET names it at compile time.
#include <cstring>

#include "FuzzTargets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const auto* target = [] {
        for (const auto& t : stagelight::fuzz::targets())
            if (std::strcmp(t.name, STAGELIGHT_FUZZ_TARGET) == 0) return &t;
        __builtin_trap();
    }();
    target->run(data, size);
    return 0;
}
