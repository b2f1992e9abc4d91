// JSON lines of the events the generator writes, in Spark 3.5's key order.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "TaskSim.h"

namespace stagelight::gen {

struct GenAccumulable {
    int64_t id;
    std::string name;
    int64_t update, value;
    bool internal;
};

struct GenStageInfo {
    int stageId = 0, attempt = 0, numTasks = 0, rddId = 0;
    std::string name;
    std::vector<int> parentIds;
    int64_t submissionTime = -1, completionTime = -1;
    std::string failureReason;
    bool cached = false;
    int cachedPartitions = 0;
    int64_t cachedMemory = 0;
    std::vector<GenAccumulable> accumulables;  // StageCompleted totals
};

std::string stageInfoJson(const GenStageInfo& s, bool withCompletion);
std::string taskInfoJson(const TaskSim& t, int stageId, int attempt, const std::string& executorId,
                         const std::string& host, bool finished,
                         const std::vector<GenAccumulable>& accumulables);
std::string taskEndJson(const TaskSim& t, int stageId, int attempt, bool resultTask,
                        const std::string& executorId, const std::string& host,
                        const std::vector<GenAccumulable>& accumulables, int rddId);
std::string escapeJson(const std::string& s);

}  // namespace stagelight::gen
