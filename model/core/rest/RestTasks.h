// Tasks of a stage attempt: TaskData objects, taskList and taskSummary.
#pragma once

#include <cstdint>
#include <vector>

#include "figures/TaskSummary.h"
#include "model/EventLogModel.h"
#include "text/JsonWriter.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

namespace stagelight {

void writeTaskData(JsonWriter& w, const EventLogModel& model, uint32_t row);
void writeTaskSummary(JsonWriter& w, const TaskSummary& summary);
void writePeakMetrics(JsonWriter& w, const std::array<int64_t, kExecutorMetricCount>& values);

// Task statuses of a "status"/"taskStatus" query (upper case); 400 text in `error` if invalid.
std::vector<std::string> taskStatusFilter(const std::vector<std::string>& values,
                                          std::string& error);
// Comma-separated quantiles; false (and `error`) when one is not a number.
bool parseQuantiles(const std::string& text, std::vector<double>& out, std::string& error);

RestResponse restTaskList(const EventLogModel& model, const RestRequest& request, int32_t stageId,
                          int32_t attemptId);
RestResponse restTaskSummary(const EventLogModel& model, const RestRequest& request,
                             int32_t stageId, int32_t attemptId);

}  // namespace stagelight
