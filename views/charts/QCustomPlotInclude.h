// qcustomplot.h uses the `signals`, `slots`, `emit` and `foreach` keywords, which this project
// turns off (QT_NO_KEYWORDS, QT_NO_FOREACH); they are mapped to Qt's macros for that header only.
// Files that include it are compiled with QT_NO_FOREACH undefined (views/CMakeLists.txt).
#pragma once

#include <QtGlobal>

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
