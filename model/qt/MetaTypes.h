// The snapshot and analysis pointers as Qt meta types, so they travel through queued signals.
// Views include this, not the load session.
#pragma once

#include <QMetaType>
#include <QObject>

#include "diagnosis/Analyzer.h"
#include "model/EventLogModel.h"

Q_DECLARE_METATYPE(stagelight::ModelPtr)
Q_DECLARE_METATYPE(stagelight::AnalysisPtr)
