#include "style/Palette.h"

namespace stagelight::palette {

QColor shareBar() {
    return QColor(0x4C, 0x8B, 0xD6, 70);
}

}  // namespace stagelight::palette
