// Structure-aware mutation of event-log text for libFuzzer (LLVMFuzzerCustomMutator): picks a
// line and one of its values (or keys) and replaces it with another JSON type, an edge of its
// range, deeper nesting or hostile UTF-8, so mutants stay lines the decoder parses far into
// instead of failing at the first flipped brace. Byte-level mutation is libFuzzer's own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>

namespace stagelight::fuzz {

// Mutates `text` in place (one structural edit, sometimes a few); false when it holds no JSON
// value to change (the caller then mutates bytes).
bool mutateJsonText(std::string& text, std::mt19937& rng);

}  // namespace stagelight::fuzz
