#include "TaskMetricsSim.h"

#include <algorithm>

namespace stagelight::gen {

const char* const kInternalMetricNames[kInternalMetricCount] = {"executorDeserializeTime",
                                                                "executorDeserializeCpuTime",
                                                                "executorRunTime",
                                                                "executorCpuTime",
                                                                "resultSize",
                                                                "jvmGCTime",
                                                                "resultSerializationTime",
                                                                "memoryBytesSpilled",
                                                                "diskBytesSpilled",
                                                                "peakExecutionMemory",
                                                                "shuffle.read.remoteBlocksFetched",
                                                                "shuffle.read.localBlocksFetched",
                                                                "shuffle.read.remoteBytesRead",
                                                                "shuffle.read.localBytesRead",
                                                                "shuffle.read.fetchWaitTime",
                                                                "shuffle.read.recordsRead",
                                                                "shuffle.write.bytesWritten",
                                                                "shuffle.write.recordsWritten",
                                                                "shuffle.write.writeTime",
                                                                "input.bytesRead",
                                                                "input.recordsRead",
                                                                "output.bytesWritten",
                                                                "output.recordsWritten"};

std::array<int64_t, kInternalMetricCount> internalValues(const TaskSim& t) {
    return {t.deserialize,
            t.deserializeCpu,
            t.runTime,
            t.cpuTime,
            t.resultSize,
            t.gcTime,
            t.resultSerialization,
            t.memorySpilled,
            t.diskSpilled,
            t.peakMemory,
            t.remoteBlocks,
            t.localBlocks,
            t.remoteBytes,
            t.localBytes,
            t.fetchWait,
            t.recordsRead,
            t.shuffleBytesWritten,
            t.shuffleRecordsWritten,
            t.shuffleWriteTimeNs,
            t.inputBytes,
            t.inputRecords,
            t.outputBytes,
            t.outputRecords};
}

int64_t roleValue(MetricRole role, const TaskSim& t) {
    switch (role) {
        case MetricRole::ScanFiles:
            return t.inputBytes > 0 ? 1 + t.inputBytes / (128LL << 20) : 0;
        case MetricRole::ScanBytes:
            return t.inputBytes;
        case MetricRole::ScanRows:
            return t.inputRecords;
        case MetricRole::ScanTime:
            return t.runTime / 3;
        case MetricRole::FilterRows:
            return t.inputRecords * 9 / 10;
        case MetricRole::AggRows:
            return t.recordsRead > 0 ? t.recordsRead / 20 : t.shuffleRecordsWritten;
        case MetricRole::AggBuildTime:
            return t.runTime / 4;
        case MetricRole::AggPeakMemory:
            return t.peakMemory;
        case MetricRole::AggSpill:
            return t.memorySpilled;
        case MetricRole::SortSpill:
            return t.memorySpilled;
        case MetricRole::SortTime:
            return t.runTime / 5;
        case MetricRole::ShuffleBytesWritten:
            return t.shuffleBytesWritten;
        case MetricRole::ShuffleRecordsWritten:
            return t.shuffleRecordsWritten;
        case MetricRole::ShuffleWriteTime:
            return t.shuffleWriteTimeNs;
        case MetricRole::ShuffleRemoteBytes:
            return t.remoteBytes;
        case MetricRole::ShuffleLocalBytes:
            return t.localBytes;
        case MetricRole::ShuffleRecordsRead:
            return t.recordsRead;
        case MetricRole::ShuffleFetchWait:
            return t.fetchWait;
        case MetricRole::JoinRows:
            return std::max(t.recordsRead, t.inputRecords) / 2;
        case MetricRole::PythonDataSent:
            return t.inputBytes / 3;
        case MetricRole::PythonDataReturned:
            return t.inputBytes / 5;
        case MetricRole::PythonExecTime:
            return t.runTime * 700'000;
        case MetricRole::CodegenDuration:
            return t.runTime * 3 / 4;
        default:
            return 0;
    }
}

void simulateTaskMetrics(TaskSim& t, const StageSpec& s, const UpstreamShuffle& upstream,
                         int64_t duration, int activeExecutors, std::mt19937_64& rng) {
    auto uniform = [&](double a, double b) {
        return std::uniform_real_distribution<double>(a, b)(rng);
    };
    const double mult = t.skewed ? s.skew : 1.0;
    // The task's own work: its duration less the planted wait on the driver.
    const int64_t work = std::max<int64_t>(1, duration - s.schedulerDelayMs);
    t.deserialize = std::min<int64_t>(work / 10, int64_t(uniform(2, 20)));
    t.deserializeCpu = t.deserialize * 800'000;
    t.resultSerialization = int64_t(uniform(0, 2.5));
    const int64_t schedulerDelay =
        duration - work + std::min<int64_t>(work / 8, int64_t(uniform(2, 12)));
    t.runTime =
        std::max<int64_t>(1, duration - t.deserialize - t.resultSerialization - schedulerDelay);
    const double cpu = uniform(0.55, 0.9);
    t.cpuTime = int64_t(double(t.runTime) * (s.cpuShare > 0 ? s.cpuShare : cpu) * 1e6);
    t.gcTime = int64_t(double(t.runTime) * s.gcFraction * uniform(0.8, 1.2));
    t.resultSize =
        s.writesShuffle ? 2400 + int64_t(uniform(0, 400)) : 9000 + int64_t(uniform(0, 4000));
    if (s.readsInput) {
        t.inputBytes = int64_t(double(s.inputBytesPerTask) * mult * uniform(0.9, 1.1));
        t.inputRecords = t.inputBytes / 120;
    }
    if (upstream.mapTasks > 0) {
        // Each reducer reads its share of everything the map side wrote.
        const int64_t per = upstream.bytesWritten / std::max(1, s.tasks);
        const int64_t total = int64_t(double(per) * mult * uniform(0.9, 1.1));
        t.localBytes = total / std::max(2, activeExecutors);
        t.remoteBytes = total - t.localBytes;
        t.remoteBlocks = upstream.mapTasks - upstream.mapTasks / 4;
        t.localBlocks = upstream.mapTasks / 4;
        t.fetchWait = t.runTime / 20;
        t.recordsRead = total / 90;
    }
    if (s.writesShuffle) {
        const double base =
            s.readsInput ? double(t.inputBytes) / 4.0 : double(s.shuffleWriteBytesPerTask) * mult;
        t.shuffleBytesWritten = int64_t(base * uniform(0.9, 1.1));
        t.shuffleWriteTimeNs = t.runTime * 40'000;
        t.shuffleRecordsWritten = t.shuffleBytesWritten / 90;
    }
    if (s.writesOutput) {
        t.outputBytes = s.outputBytesPerTask;
        t.outputRecords = s.outputBytesPerTask / 120;
        t.outputFiles = s.outputFilesPerTask;
    }
    t.peakMemory = int64_t(double(48LL << 20) * mult * uniform(0.8, 1.2));
    if (s.spillRatio > 0) {
        t.memorySpilled = int64_t(double(t.peakMemory) * s.spillRatio * mult);
        t.diskSpilled = t.memorySpilled / 3;
    }
    if (s.cacheOutput) {
        t.cachedBlock = true;
        t.cachedBytes = std::max<int64_t>(t.inputBytes, 16 << 20) * 3 / 2;
        t.cachedInMemory = double(t.partition) < s.cachedFraction * double(s.tasks);
    }
}

}  // namespace stagelight::gen
