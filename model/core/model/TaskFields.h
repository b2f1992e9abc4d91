// Every per-task field the model keeps, as one list: the task table stores one packed column per
// entry, and names/units come from the same list so nothing can drift apart.
#pragma once

#include <cstdint>
#include <string_view>

namespace stagelight {

// X(enumerator, Spark JSON key (Task Metrics or Task Info), unit)
#define STAGELIGHT_TASK_INFO_FIELDS(X)                   \
    X(TaskId, "Task ID", Count)                          \
    X(StageId, "Stage ID", Count)                        \
    X(StageAttemptId, "Stage Attempt ID", Count)         \
    X(Index, "Index", Count)                             \
    X(Attempt, "Attempt", Count)                         \
    X(PartitionId, "Partition ID", Count)                \
    X(LaunchTime, "Launch Time", EpochMs)                \
    X(FinishTime, "Finish Time", EpochMs)                \
    X(GettingResultTime, "Getting Result Time", EpochMs) \
    X(ExecutorId, "Executor ID", StringRef)              \
    X(Host, "Host", StringRef)                           \
    X(Locality, "Locality", Enum)                        \
    X(Flags, "Flags", Enum)                              \
    X(TaskType, "Task Type", StringRef)                  \
    X(EndReason, "Task End Reason", Enum)                \
    X(InputReadMethod, "Data Read Method", Enum)         \
    X(FailureDetail, "Failure Detail", Count)            \
    X(SourcePart, "Source Part", Count)                  \
    X(SourceOffset, "Source Offset", Bytes)              \
    X(AccumulablesBegin, "Accumulables", Count)

#define STAGELIGHT_TASK_METRIC_FIELDS(X)                                       \
    X(ExecutorDeserializeTime, "Executor Deserialize Time", Millis)            \
    X(ExecutorDeserializeCpuTime, "Executor Deserialize CPU Time", Nanos)      \
    X(ExecutorRunTime, "Executor Run Time", Millis)                            \
    X(ExecutorCpuTime, "Executor CPU Time", Nanos)                             \
    X(PeakExecutionMemory, "Peak Execution Memory", Bytes)                     \
    X(PeakOnHeapExecutionMemory, "Peak On Heap Execution Memory", Bytes)       \
    X(PeakOffHeapExecutionMemory, "Peak Off Heap Execution Memory", Bytes)     \
    X(ResultSize, "Result Size", Bytes)                                        \
    X(JvmGcTime, "JVM GC Time", Millis)                                        \
    X(ResultSerializationTime, "Result Serialization Time", Millis)            \
    X(MemoryBytesSpilled, "Memory Bytes Spilled", Bytes)                       \
    X(DiskBytesSpilled, "Disk Bytes Spilled", Bytes)                           \
    X(ShuffleRemoteBlocksFetched, "Remote Blocks Fetched", Count)              \
    X(ShuffleLocalBlocksFetched, "Local Blocks Fetched", Count)                \
    X(ShuffleFetchWaitTime, "Fetch Wait Time", Millis)                         \
    X(ShuffleRemoteBytesRead, "Remote Bytes Read", Bytes)                      \
    X(ShuffleRemoteBytesReadToDisk, "Remote Bytes Read To Disk", Bytes)        \
    X(ShuffleLocalBytesRead, "Local Bytes Read", Bytes)                        \
    X(ShuffleRecordsRead, "Total Records Read", Count)                         \
    X(ShuffleRemoteReqsDuration, "Remote Requests Duration", Millis)           \
    X(PushCorruptMergedBlockChunks, "Corrupt Merged Block Chunks", Count)      \
    X(PushMergedFetchFallbackCount, "Merged Fetch Fallback Count", Count)      \
    X(PushMergedRemoteBlocksFetched, "Merged Remote Blocks Fetched", Count)    \
    X(PushMergedLocalBlocksFetched, "Merged Local Blocks Fetched", Count)      \
    X(PushMergedRemoteChunksFetched, "Merged Remote Chunks Fetched", Count)    \
    X(PushMergedLocalChunksFetched, "Merged Local Chunks Fetched", Count)      \
    X(PushMergedRemoteBytesRead, "Merged Remote Bytes Read", Bytes)            \
    X(PushMergedLocalBytesRead, "Merged Local Bytes Read", Bytes)              \
    X(PushMergedRemoteReqsDuration, "Merged Remote Requests Duration", Millis) \
    X(ShuffleBytesWritten, "Shuffle Bytes Written", Bytes)                     \
    X(ShuffleWriteTime, "Shuffle Write Time", Nanos)                           \
    X(ShuffleRecordsWritten, "Shuffle Records Written", Count)                 \
    X(InputBytesRead, "Bytes Read", Bytes)                                     \
    X(InputRecordsRead, "Records Read", Count)                                 \
    X(OutputBytesWritten, "Bytes Written", Bytes)                              \
    X(OutputRecordsWritten, "Records Written", Count)

// Executor memory/GC metrics (ExecutorMetricType.scala order): per-task peaks in TaskEnd and
// per-stage peaks in StageExecutorMetrics.
#define STAGELIGHT_EXECUTOR_METRICS(X)                                                             \
    X(JVMHeapMemory)                                                                               \
    X(JVMOffHeapMemory) X(OnHeapExecutionMemory) X(OffHeapExecutionMemory) X(OnHeapStorageMemory)  \
        X(OffHeapStorageMemory) X(OnHeapUnifiedMemory) X(OffHeapUnifiedMemory) X(DirectPoolMemory) \
            X(MappedPoolMemory) X(ProcessTreeJVMVMemory) X(ProcessTreeJVMRSSMemory)                \
                X(ProcessTreePythonVMemory) X(ProcessTreePythonRSSMemory)                          \
                    X(ProcessTreeOtherVMemory) X(ProcessTreeOtherRSSMemory) X(MinorGCCount)        \
                        X(MinorGCTime) X(MajorGCCount) X(MajorGCTime) X(TotalGCTime)               \
                            X(ConcurrentGCCount) X(ConcurrentGCTime)

enum class Unit : uint8_t { Count, EpochMs, Millis, Nanos, Bytes, StringRef, Enum };

enum class TaskField : uint16_t {
#define STAGELIGHT_ENUM(name, key, unit) name,
    STAGELIGHT_TASK_INFO_FIELDS(STAGELIGHT_ENUM) STAGELIGHT_TASK_METRIC_FIELDS(STAGELIGHT_ENUM)
#undef STAGELIGHT_ENUM
        Count_
};
constexpr size_t kTaskFieldCount = static_cast<size_t>(TaskField::Count_);
constexpr TaskField kFirstTaskMetric = TaskField::ExecutorDeserializeTime;

enum class ExecutorMetric : uint8_t {
#define STAGELIGHT_ENUM(name) name,
    STAGELIGHT_EXECUTOR_METRICS(STAGELIGHT_ENUM)
#undef STAGELIGHT_ENUM
        Count_
};
constexpr size_t kExecutorMetricCount = static_cast<size_t>(ExecutorMetric::Count_);

std::string_view taskFieldName(TaskField field);  // the enumerator's name, e.g. "ExecutorRunTime"
std::string_view taskFieldJsonKey(TaskField field);
Unit taskFieldUnit(TaskField field);
std::string_view executorMetricName(ExecutorMetric metric);

// Task Info flags packed in TaskField::Flags.
enum TaskFlag : uint8_t {
    kSpeculative = 1,
    kFailed = 2,
    kKilled = 4,
    kHasMetrics = 8,  // a "Task Metrics" object was present in TaskEnd
    kFinished = 16,   // a TaskEnd was seen (otherwise the task is still running)
    kSawStart = 32,   // a TaskStart was seen (the History Server keeps only such tasks)
};

enum class Locality : uint8_t { Unknown, ProcessLocal, NodeLocal, NoPref, RackLocal, Any };
std::string_view localityName(Locality locality);
Locality localityFromName(std::string_view name);

// Input Metrics "Data Read Method": where a task's input came from (Memory or Disk: a cached
// block; Hadoop: recomputed or read from the source; Network: a remote block).
enum class ReadMethod : uint8_t { Unknown, Memory, Disk, Hadoop, Network };
std::string_view readMethodName(ReadMethod method);
ReadMethod readMethodFromName(std::string_view name);

enum class EndReason : uint8_t {
    Running,  // no TaskEnd yet
    Success,
    Resubmitted,
    FetchFailed,
    ExceptionFailure,
    TaskResultLost,
    TaskKilled,
    TaskCommitDenied,
    ExecutorLostFailure,
    UnknownReason,
};
std::string_view endReasonName(EndReason reason);
EndReason endReasonFromName(std::string_view name);

}  // namespace stagelight
