// Seed inputs for each fuzz target, from the project's own generated logs: the first lines of a
// few scenarios (every kind of event the generator writes), framed with the target's codec.
#pragma once

#include <string>
#include <vector>

#include "FuzzTargets.h"

namespace stagelight::fuzz {

struct Seed {
    std::string name, bytes;
};
std::vector<Seed> seedsFor(const Target& target);

}  // namespace stagelight::fuzz
