// The diagnosis as JSON (`stagelight analyze --json`, schema documented in the README) and as
// plain text for the terminal.
#pragma once

#include <string>

#include "diagnosis/Analyzer.h"
#include "model/EventLogModel.h"

namespace stagelight {

constexpr int kAnalysisSchemaVersion = 1;

std::string analysisJson(const EventLogModel& model, const Analysis& analysis);
std::string analysisText(const EventLogModel& model, const Analysis& analysis);

}  // namespace stagelight
