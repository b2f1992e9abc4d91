#include "model/Ids.h"

namespace stagelight {

std::string StageKey::str() const {
    return std::to_string(stage) + "." + std::to_string(attempt);
}

std::string StageKey::label() const {
    return "stage " + str();
}

}  // namespace stagelight
