// A stage attempt as the window writes it, from the one formatter (StageKey): "3.1", "stage 3.1".
#pragma once

#include <QString>

#include "model/Ids.h"

namespace stagelight {

inline QString stageIdText(StageKey k) {
    return QString::fromStdString(k.str());
}
inline QString stageIdText(int32_t stage, int32_t attempt) {
    return stageIdText(StageKey{stage, attempt});
}

}  // namespace stagelight
