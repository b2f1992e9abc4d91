// Small helpers shared by the rule files.
#pragma once

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "diagnosis/Rule.h"

namespace stagelight::rules {

// Average cores alive while the stage ran (at least 1): wall-clock equivalent of task time.
inline double averageSlots(const StageFacts& s) {
    return s.durationMs > 0 ? std::max(1.0, s.availableCoreMs / double(s.durationMs)) : 1.0;
}

// How many tasks a finding lists as evidence (the task table lists them first).
inline constexpr size_t kEvidenceTasks = 100;

// Task ids of `rows`, the `limit` largest by `key` first (ties in row order); no `key`: the
// first `limit` rows as given (a slow-task group is already longest first).
std::vector<int64_t> rankedTaskIds(const DiagnosisContext& ctx, std::vector<uint32_t> rows,
                                   const std::function<int64_t(uint32_t)>& key,
                                   size_t limit = kEvidenceTasks);
// The evidence note for `total` tasks of which `listed` are listed: "the slow tasks", or "the
// 100 longest of the 123 slow tasks" (`ranked` "longest"), so its count matches the text's.
std::string listedNote(std::string_view tasks, size_t listed, size_t total,
                       std::string_view ranked);

// Task ids of the stage's rows that satisfy `keep`, the `limit` largest by `key` first.
std::vector<int64_t> topTasks(const DiagnosisContext& ctx, const StageFacts& s, size_t limit,
                              const std::function<int64_t(uint32_t)>& key,
                              const std::function<bool(uint32_t)>& keep = {});

Evidence stageWindow(const StageFacts& s, std::string note = "the stage's run");

// Time-accounting slices (indices into in.time.slices) of one stage attempt, or of some causes;
// `causes` empty: any cause.
std::vector<size_t> stageSlices(const RuleInput& in, StageKey stage,
                                std::initializer_list<Slice::Cause> causes = {});
std::vector<size_t> causeSlices(const RuleInput& in, std::initializer_list<Slice::Cause> causes);
int64_t slicesMs(const RuleInput& in, const std::vector<size_t>& which);
// Asks for up to `ms` of the slices `which` (longest first, none past its length).
void claim(Finding& f, const RuleInput& in, const std::vector<size_t>& which, int64_t ms);
// Asks for every millisecond of the slices `which`.
void claimAll(Finding& f, const RuleInput& in, const std::vector<size_t>& which);
// "+1 min 12.0 s": a time as an offset from the application's start (formatOffset).
std::string sinceStart(const RuleInput& in, int64_t epochMs);
// The window of a slice as evidence.
Evidence sliceWindow(const Slice& s, std::string note);

// A SQL metric of a plan node, summed like the SQL tab shows it; nullopt when the node has none.
std::optional<int64_t> nodeMetric(const RuleInput& in, const PlanNode& node, std::string_view name);
// A timing metric of a plan node in ms (Spark's "nsTiming" metrics are in nanoseconds).
std::optional<int64_t> nodeTimeMs(const RuleInput& in, const PlanNode& node, std::string_view name);
// The node's value for a metadata key (FileScan's PushedFilters, ...).
std::optional<std::string> nodeMetadata(const PlanNode& node, std::string_view key);

// Every plan node of every SQL execution with its index.
void forEachPlanNode(const EventLogModel& model,
                     const std::function<void(const SqlExecution&, int32_t, const PlanNode&)>& fn);

// A Spark property of the application, or nullopt.
std::optional<std::string> sparkConf(const RuleInput& in, std::string_view key);
// Sizes like "4g", "512m", "1024" (MiB when no unit, as Spark's memory settings) in bytes.
std::optional<int64_t> memoryBytes(std::string_view text);

}  // namespace stagelight::rules
