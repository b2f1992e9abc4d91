// One libFuzzer executable per target: STAGELIGHT_FUZZ_TARGET names it at compile time. Targets
// fed event-log text (STAGELIGHT_FUZZ_JSON) also mutate it structurally: a third of the time
// libFuzzer's byte mutations, otherwise values and keys of its JSON lines (JsonMutator.h).
#include <cstring>
#include <random>
#include <string>

#include "FuzzTargets.h"
#include "JsonMutator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const auto* target = [] {
        for (const auto& t : stagelight::fuzz::targets())
            if (std::strcmp(t.name, STAGELIGHT_FUZZ_TARGET) == 0) return &t;
        __builtin_trap();
    }();
    target->run(data, size);
    return 0;
}

#ifdef STAGELIGHT_FUZZ_JSON
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t maxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize,
                                          unsigned int seed) {
    std::mt19937 rng(seed);
    if (rng() % 3 == 0) return LLVMFuzzerMutate(data, size, maxSize);
    std::string text(reinterpret_cast<const char*>(data), size);
    if (!stagelight::fuzz::mutateJsonText(text, rng) || text.size() > maxSize)
        return LLVMFuzzerMutate(data, size, maxSize);
    std::memcpy(data, text.data(), text.size());
    return text.size();
}
#endif
