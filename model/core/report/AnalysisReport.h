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
// One piece of evidence as a line of text: "3 tasks of stage 1.0", "+17.2 s to +36.5 s (19.3 s)".
std::string evidenceText(const EventLogModel& model, const Evidence& evidence);

}  // namespace stagelight
