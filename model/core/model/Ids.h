// Typed identifiers of Spark's entities, and the one way a stage attempt is written ("3.1").
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace stagelight {

// A stage attempt: Spark's (Stage ID, Stage Attempt ID).
struct StageKey {
    int32_t stage = -1, attempt = -1;

    bool valid() const { return stage >= 0; }
    std::string str() const;    // "3.1"
    std::string label() const;  // "stage 3.1"
    friend auto operator<=>(const StageKey&, const StageKey&) = default;
};

// A SQL execution id (SQLExecutionStart "executionId").
struct ExecutionId {
    int64_t value = -1;
    bool valid() const { return value >= 0; }
    friend auto operator<=>(const ExecutionId&, const ExecutionId&) = default;
};

// An RDD id (RDD Info "RDD ID").
struct RddId {
    int32_t value = -1;
    bool valid() const { return value >= 0; }
    friend auto operator<=>(const RddId&, const RddId&) = default;
};

// An executor id as Spark writes it ("3", "driver").
struct ExecutorId {
    std::string value;
    bool valid() const { return !value.empty(); }
    friend auto operator<=>(const ExecutorId&, const ExecutorId&) = default;
};

}  // namespace stagelight
