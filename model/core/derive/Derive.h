// Computes EventLogModel::derived once a log has been read: the one place where stage rows,
// stage totals, the application span and totals, core timeline, lanes and cached RDDs are
// defined (model/Derived.h says what each figure means).
#pragma once

#include "model/EventLogModel.h"

namespace stagelight {

void deriveFigures(EventLogModel& model);

// The parts, in the order deriveFigures runs them (each reads what the earlier ones wrote).
AppSpan deriveSpan(const EventLogModel& model);
StageRowIndex deriveStageRows(const EventLogModel& model);
std::vector<StageTotals> deriveStageTotals(const EventLogModel& model);
CoreTimeline deriveCoreTimeline(const EventLogModel& model);
void deriveLanes(EventLogModel& model);
AppTotals deriveAppTotals(const EventLogModel& model);
std::vector<CachedRdd> deriveCachedRdds(const EventLogModel& model);

}  // namespace stagelight
