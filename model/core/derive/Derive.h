// Computes EventLogModel::derived once a log has been read: the one place where stage rows,
// stage totals, the application span and totals, core timeline, lanes and cached RDDs are
// defined (model/Derived.h says what each figure means).
#pragma once

#include "model/EventLogModel.h"

namespace stagelight {

void deriveFigures(EventLogModel& model);

// The parts, in the order deriveFigures runs them (each reads what the earlier ones wrote).
std::vector<int64_t> deriveRelativeTaskTimes(const EventLogModel& model,
                                             std::vector<LogQualityNote>& notes);
AppSpan deriveSpan(const EventLogModel& model, std::vector<LogQualityNote>& notes);
std::vector<JobSpan> deriveJobSpans(const EventLogModel& model, std::vector<LogQualityNote>& notes);
StageRowIndex deriveStageRows(const EventLogModel& model);
std::vector<StageTotals> deriveStageTotals(const EventLogModel& model);
CoreTimeline deriveCoreTimeline(const EventLogModel& model, bool& inferred,
                                std::vector<LogQualityNote>& notes);
void deriveLanes(EventLogModel& model);
AppTotals deriveAppTotals(const EventLogModel& model);
std::vector<CachedRdd> deriveCachedRdds(const EventLogModel& model);

}  // namespace stagelight
