// What consumes decoded events: one method per event kind, called in log order. The decoder
// knows only this interface; ModelBuilder and StatusReplay are the two sinks a load runs.
#pragma once

#include "events/Events.h"

namespace stagelight {

class EventSink {
public:
    virtual ~EventSink() = default;

    // A sink overrides the events it consumes; the rest are ignored.
    virtual void logStart(const events::LogStart&) {}
    virtual void applicationStart(const events::ApplicationStart&) {}
    virtual void applicationEnd(const events::ApplicationEnd&) {}
    virtual void environmentUpdate(const events::EnvironmentUpdate&) {}
    virtual void resourceProfileAdded(const ResourceProfile&) {}
    virtual void miscellaneousProcessAdded(const events::MiscellaneousProcessAdded&) {}

    virtual void executorAdded(const events::ExecutorAdded&) {}
    virtual void executorRemoved(const events::ExecutorRemoved&) {}
    virtual void blockManagerAdded(const events::BlockManager&) {}
    virtual void blockManagerRemoved(const events::BlockManager&) {}
    virtual void executorExcluded(const events::Exclusion&) {}
    virtual void executorExcludedForStage(const events::Exclusion&) {}
    virtual void executorUnexcluded(const events::Exclusion&) {}
    virtual void nodeExcluded(const events::Exclusion&) {}
    virtual void nodeExcludedForStage(const events::Exclusion&) {}
    virtual void nodeUnexcluded(const events::Exclusion&) {}
    virtual void executorMetricsUpdate(const events::ExecutorMetricsUpdate&) {}
    virtual void stageExecutorMetrics(const events::StageExecutorMetrics&) {}

    virtual void jobStart(const events::JobStart&) {}
    virtual void jobEnd(const events::JobEnd&) {}
    virtual void stageSubmitted(const events::Stage&) {}
    virtual void stageCompleted(const events::Stage&) {}
    virtual void taskStart(const events::TaskStart&) {}
    virtual void taskGettingResult(const events::TaskGettingResult&) {}
    virtual void taskEnd(const events::TaskEnd&) {}

    virtual void blockUpdated(const BlockUpdate&) {}
    virtual void unpersistRdd(const events::UnpersistRdd&) {}

    virtual void sqlExecutionStart(const events::SqlExecutionStart&) {}
    virtual void sqlExecutionEnd(const events::SqlExecutionEnd&) {}
    virtual void sqlAdaptiveExecutionUpdate(const events::SqlAdaptiveExecutionUpdate&) {}
    virtual void sqlAdaptiveMetricUpdates(const events::SqlAdaptiveMetricUpdates&) {}
    virtual void driverAccumUpdates(const events::DriverAccumUpdates&) {}

    // After the last line.
    virtual void endOfLog() {}
};

}  // namespace stagelight
