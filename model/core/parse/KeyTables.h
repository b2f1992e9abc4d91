// The key tables of the task events' objects, in the order Spark writes their keys: shared by the
// On-Demand readers (DecodeTask.cpp, DecodeApplication.cpp) and the text readers of Spark's own
// form (CanonicalTaskEnd.cpp).
#pragma once

#include <string_view>

#include "model/TaskFields.h"
#include "parse/Json.h"

namespace stagelight {

// Slots of Task Metrics' table that are not columns: a nested metrics object, Updated Blocks.
constexpr int kNestedSlot = -2;

// Task Info keys beyond the TaskFields.h columns: flags packed into TaskField::Flags.
enum TaskInfoFlagSlot : int {
    kSpeculativeSlot = int(kTaskFieldCount),
    kFailedSlot,
    kKilledSlot,
};

// Accumulables named so duplicate Task Metrics: both readers skip them by name.
constexpr std::string_view kInternalMetricPrefix = "internal.metrics.";

const json::OrderedKeyTable& taskInfoKeys();       // slots: TaskField columns and the flags
const json::OrderedKeyTable& taskMetricKeys();     // slots: TaskField metrics, kNestedSlot
const json::OrderedKeyTable& executorMetricKeys();  // slots: ExecutorMetric

}  // namespace stagelight
