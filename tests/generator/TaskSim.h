// One simulated task attempt: its timing and every metric the generator writes for it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stagelight::gen {

struct TaskSim {
    int64_t taskId = 0;
    int index = 0, attempt = 0, partition = 0;
    int executor = 0;
    int64_t launch = 0, finish = 0;
    bool speculative = false;
    std::string reason = "Success";  // Success, ExceptionFailure, FetchFailed, TaskKilled
    bool skewed = false;
    bool remote = false;  // ran away from its data (Locality ANY)
    int64_t deserialize = 0, deserializeCpu = 0, runTime = 0, cpuTime = 0, resultSize = 0,
            gcTime = 0, resultSerialization = 0, peakMemory = 0, memorySpilled = 0, diskSpilled = 0;
    int64_t remoteBlocks = 0, localBlocks = 0, fetchWait = 0, remoteBytes = 0, localBytes = 0,
            recordsRead = 0;
    int64_t shuffleBytesWritten = 0, shuffleWriteTimeNs = 0, shuffleRecordsWritten = 0;
    int64_t inputBytes = 0, inputRecords = 0, outputBytes = 0, outputRecords = 0;
    int64_t outputFiles = 0;
    bool cachedBlock = false, cachedInMemory = false;
    int64_t cachedBytes = 0;
    std::string readMethod;  // Input Metrics "Data Read Method" (Spark 1.x); empty: not written
    int64_t jvmHeap = 0;  // the executor's JVM heap peak while it ran; 0: a light default
};

}  // namespace stagelight::gen
