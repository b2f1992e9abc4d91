// JSON lines of the application-level events the generator writes (Spark 3.5's key order):
// the environment, the resource profile, executors coming and going, SQL commands run on the
// driver.
#pragma once

#include <cstdint>
#include <string>

#include "Scenario.h"

namespace stagelight::gen {

std::string resourceProfileJson(const ScenarioConfig& c);
std::string environmentJson(const ScenarioConfig& c);
std::string executorAddedJson(const ScenarioConfig& c, const std::string& id,
                              const std::string& host, int cores, int64_t time);
std::string blockManagerAddedJson(const ScenarioConfig& c, const std::string& id,
                                  const std::string& host, int64_t time);
std::string executorRemovedJson(int64_t time, const std::string& id, const std::string& reason);
// createOrReplaceTempView: a SQL execution of a command that runs no job.
std::string tempViewStartJson(int64_t executionId, const std::string& description, int64_t time);
std::string sqlExecutionEndJson(int64_t executionId, int64_t time);

}  // namespace stagelight::gen
