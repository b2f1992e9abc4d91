// Sizes of a join's inputs as the SQL plan measured them.
#pragma once

#include <optional>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

// The first "data size" (or "size of files read") met going down from `node`: what flowed in.
std::optional<int64_t> inputSize(const RuleInput& in, const SqlPlan& plan, int32_t node);

}  // namespace stagelight::rules
