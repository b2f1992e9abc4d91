// Writes a realistic Spark 3.5-shaped event log for a ScenarioConfig: tasks are scheduled onto
// executor slots in simulated time, metrics follow from the planted problems, and SQL plans carry
// metric accumulators whose task updates add up the way Spark's do.
#pragma once

#include "Scenario.h"
#include "SparkFraming.h"

namespace stagelight::gen {

struct GenerateOptions {
    bool complete = true;  // false: stop before ApplicationEnd and leave the stream open
};

struct GenerateStats {
    int64_t jobs = 0, stages = 0, tasks = 0, failedTasks = 0, executors = 0, sqlExecutions = 0;
    int64_t bytes = 0;  // uncompressed
};

// Writes the log through `writer` (one line per event, flushes where Spark flushes).
GenerateStats generateLog(const ScenarioConfig& config, FramedWriter& writer,
                          const GenerateOptions& options = {});

// The whole log as uncompressed text.
std::string generateLogText(const ScenarioConfig& config, const GenerateOptions& options = {});

}  // namespace stagelight::gen
