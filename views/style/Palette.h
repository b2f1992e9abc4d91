// Colours shared by every view and the PDF report, so a phase or a severity looks the same
// everywhere. Task phases follow Spark's stage-page legend.
#pragma once

#include <QColor>

namespace stagelight::palette {

inline const QColor kSchedulerDelay{0x80, 0xB1, 0xD3};
inline const QColor kDeserialization{0xFB, 0x80, 0x72};
inline const QColor kShuffleRead{0xFD, 0xB4, 0x62};
inline const QColor kComputing{0xB3, 0xDE, 0x69};
inline const QColor kShuffleWrite{0xFF, 0xED, 0x6F};
inline const QColor kResultSerialization{0xBC, 0x80, 0xBD};
inline const QColor kGettingResult{0x8D, 0xD3, 0xC7};
inline const QColor kCritical{0xC6, 0x28, 0x28};
inline const QColor kWarning{0xEF, 0x8F, 0x00};
inline const QColor kInfo{0x15, 0x65, 0xC0};
// Tasks the user picked from a histogram bar: apart from a finding's (critical) and the phases.
inline const QColor kChosen{0x28, 0x35, 0x93};

QColor shareBar();  // the bar drawn behind a duration share

}  // namespace stagelight::palette
