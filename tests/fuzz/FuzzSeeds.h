// Seed inputs for each fuzz target: from the project's own generated logs (the first lines of a
// few scenarios, every kind of event the generator writes) or from given log texts (the real-log
// excerpts of tests/fuzz/corpus/eventlog), shaped for the target: framed with its codec, zipped,
// laid out as a log directory, or REST paths into the log.
#pragma once

#include <string>
#include <vector>

#include "FuzzTargets.h"

namespace stagelight::fuzz {

struct Seed {
    std::string name, bytes;
};
std::vector<Seed> generatedLogs();
std::vector<Seed> seedsFor(const Target& target, const std::vector<Seed>& logs);
std::vector<Seed> seedsFor(const Target& target);  // from generatedLogs()

}  // namespace stagelight::fuzz
