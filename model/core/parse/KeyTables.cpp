#include "parse/KeyTables.h"

#include <vector>

namespace stagelight {

using json::OrderedKeyTable;

// Task Info keys in Spark's order (JsonProtocol.taskInfoToJson); column keys come from
// TaskFields.h.
const OrderedKeyTable& taskInfoKeys() {
    static const OrderedKeyTable t = [] {
        auto column = [](TaskField f) {
            return OrderedKeyTable::Entry{taskFieldJsonKey(f), int(f)};
        };
        return OrderedKeyTable({column(TaskField::TaskId),
                                column(TaskField::Index),
                                column(TaskField::Attempt),
                                column(TaskField::PartitionId),
                                column(TaskField::LaunchTime),
                                column(TaskField::ExecutorId),
                                column(TaskField::Host),
                                column(TaskField::Locality),
                                {"Speculative", kSpeculativeSlot},
                                column(TaskField::GettingResultTime),
                                column(TaskField::FinishTime),
                                {"Failed", kFailedSlot},
                                {"Killed", kKilledSlot},
                                column(TaskField::AccumulablesBegin)});
    }();
    return t;
}

// Every metric key of Task Metrics and its nested objects, in Spark's order.
const OrderedKeyTable& taskMetricKeys() {
    static const OrderedKeyTable t = [] {
        std::vector<OrderedKeyTable::Entry> entries;
        // Spark's order, with the nested objects where they open, so a hint miss is rare.
        auto containerBefore = [](TaskField f) -> std::vector<std::string_view> {
            switch (f) {
                case TaskField::ShuffleRemoteBlocksFetched:
                    return {"Shuffle Read Metrics"};
                case TaskField::PushCorruptMergedBlockChunks:
                    return {"Push Based Shuffle", "Shuffle Push Read Metrics"};
                case TaskField::ShuffleBytesWritten:
                    return {"Shuffle Write Metrics"};
                case TaskField::InputBytesRead:
                    return {"Input Metrics"};
                case TaskField::OutputBytesWritten:
                    return {"Output Metrics"};
                default:
                    return {};
            }
        };
        for (size_t f = size_t(kFirstTaskMetric); f < kTaskFieldCount; ++f) {
            for (std::string_view nested : containerBefore(TaskField(f)))
                entries.push_back({nested, kNestedSlot});
            entries.push_back({taskFieldJsonKey(TaskField(f)), int(f)});
            // Spark 3.2 spelled the push-based fallback count without "Fetch".
            if (TaskField(f) == TaskField::PushMergedFetchFallbackCount)
                entries.push_back({"Merged Fallback Count", int(f)});
        }
        entries.push_back({"Updated Blocks", kNestedSlot});
        return OrderedKeyTable(std::move(entries));
    }();
    return t;
}

const OrderedKeyTable& executorMetricKeys() {
    static const OrderedKeyTable table = [] {
        std::vector<OrderedKeyTable::Entry> entries;
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            entries.push_back({executorMetricName(ExecutorMetric(i)), int(i)});
        return OrderedKeyTable(std::move(entries));
    }();
    return table;
}

}  // namespace stagelight
