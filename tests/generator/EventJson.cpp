#include "EventJson.h"

#include "text/JsonWriter.h"

namespace stagelight::gen {

std::string escapeJson(const std::string& s) {
    std::string out;
    JsonWriter::escape(out, s);
    return out;
}

namespace {
std::string num(int64_t v) {
    return std::to_string(v);
}

std::string storageLevel(bool cached) {
    return cached
               ? R"({"Use Disk":true,"Use Memory":true,"Use Off Heap":false,"Deserialized":true,"Replication":1})"
               : R"({"Use Disk":false,"Use Memory":false,"Use Off Heap":false,"Deserialized":false,"Replication":1})";
}

std::string accumulablesJson(const std::vector<GenAccumulable>& accs, bool withUpdate) {
    std::string out = "[";
    for (size_t i = 0; i < accs.size(); ++i) {
        const GenAccumulable& a = accs[i];
        if (i) out += ",";
        out += "{\"ID\":" + num(a.id) + ",\"Name\":" + escapeJson(a.name);
        // Internal metrics are numbers; SQL metrics are strings of their value (Spark 2.0+).
        auto v = [&](int64_t x) { return a.internal ? num(x) : "\"" + num(x) + "\""; };
        if (withUpdate) out += ",\"Update\":" + v(a.update);
        out += ",\"Value\":" + v(a.value) + ",\"Internal\":" + (a.internal ? "true" : "false") +
               ",\"Count Failed Values\":true";
        if (!a.internal) out += ",\"Metadata\":\"sql\"";
        out += "}";
    }
    return out + "]";
}
}  // namespace

std::string stageInfoJson(const GenStageInfo& s, bool withCompletion) {
    std::string parents = "[";
    for (size_t i = 0; i < s.parentIds.size(); ++i) parents += (i ? "," : "") + num(s.parentIds[i]);
    parents += "]";
    const std::string scope = escapeJson("{\"id\":\"" + num(s.rddId) + "\",\"name\":\"Exchange\"}");
    std::string rdd =
        "{\"RDD ID\":" + num(s.rddId) + ",\"Name\":\"MapPartitionsRDD\",\"Scope\":" + scope +
        ",\"Callsite\":" + escapeJson(s.name) + ",\"Parent IDs\":[" +
        (s.rddId > 0 ? num(s.rddId - 1) : std::string()) +
        "],\"Storage Level\":" + storageLevel(s.cached) +
        ",\"Barrier\":false,\"DeterministicLevel\":\"DETERMINATE\"," +
        "\"Number of Partitions\":" + num(s.numTasks) +
        ",\"Number of Cached Partitions\":" + num(withCompletion ? s.cachedPartitions : 0) +
        ",\"Memory Size\":" + num(withCompletion ? s.cachedMemory : 0) + ",\"Disk Size\":0}";
    std::string out =
        "{\"Stage ID\":" + num(s.stageId) + ",\"Stage Attempt ID\":" + num(s.attempt) +
        ",\"Stage Name\":" + escapeJson(s.name) + ",\"Number of Tasks\":" + num(s.numTasks) +
        ",\"RDD Info\":[" + rdd + "],\"Parent IDs\":" + parents + ",\"Details\":" +
        escapeJson("org.apache.spark.sql.Dataset.collect(Dataset.scala:3575)\n" + s.name);
    if (s.submissionTime >= 0) out += ",\"Submission Time\":" + num(s.submissionTime);
    if (withCompletion && s.completionTime >= 0)
        out += ",\"Completion Time\":" + num(s.completionTime);
    if (withCompletion && !s.failureReason.empty())
        out += ",\"Failure Reason\":" + escapeJson(s.failureReason);
    out += ",\"Accumulables\":" +
           (withCompletion ? accumulablesJson(s.accumulables, false) : std::string("[]"));
    out +=
        ",\"Resource Profile Id\":0,\"Shuffle Push Enabled\":false,\"Shuffle Push Mergers "
        "Count\":0}";
    return out;
}

std::string taskInfoJson(const TaskSim& t, int, int, const std::string& executorId,
                         const std::string& host, bool finished,
                         const std::vector<GenAccumulable>& accumulables) {
    const bool failed = finished && t.reason != "Success" && t.reason != "TaskKilled";
    return "{\"Task ID\":" + num(t.taskId) + ",\"Index\":" + num(t.index) +
           ",\"Attempt\":" + num(t.attempt) + ",\"Partition ID\":" + num(t.partition) +
           ",\"Launch Time\":" + num(t.launch) + ",\"Executor ID\":" + escapeJson(executorId) +
           ",\"Host\":" + escapeJson(host) + ",\"Locality\":\"" +
           (t.remote           ? "ANY"
            : t.index % 7 == 0 ? "NODE_LOCAL"
                               : "PROCESS_LOCAL") +
           "\",\"Speculative\":" + (t.speculative ? "true" : "false") +
           ",\"Getting Result Time\":0,\"Finish Time\":" + num(finished ? t.finish : 0) +
           ",\"Failed\":" + (failed ? "true" : "false") +
           ",\"Killed\":" + (finished && t.reason == "TaskKilled" ? "true" : "false") +
           ",\"Accumulables\":" +
           (finished ? accumulablesJson(accumulables, true) : std::string("[]")) + "}";
}

std::string taskEndJson(const TaskSim& t, int stageId, int attempt, bool resultTask,
                        const std::string& executorId, const std::string& host,
                        const std::vector<GenAccumulable>& accumulables, int rddId) {
    std::string reason;
    if (t.reason == "Success")
        reason = "{\"Reason\":\"Success\"}";
    else if (t.reason == "TaskKilled")
        reason =
            "{\"Reason\":\"TaskKilled\",\"Kill Reason\":\"another attempt "
            "succeeded\",\"Accumulator Updates\":[]}";
    else if (t.reason == "FetchFailed")
        reason =
            "{\"Reason\":\"FetchFailed\",\"Block Manager Address\":{\"Executor "
            "ID\":\"2\",\"Host\":\"worker-2.cluster\",\"Port\":7337},"
            "\"Shuffle ID\":0,\"Map ID\":17,\"Map Index\":3,\"Reduce ID\":" +
            num(t.partition) +
            ",\"Message\":\"org.apache.spark.shuffle.FetchFailedException: Failed to connect to "
            "worker-2.cluster:7337\"}";
    else
        reason =
            "{\"Reason\":\"ExceptionFailure\",\"Class "
            "Name\":\"java.io.IOException\",\"Description\":"
            "\"Connection reset by peer\",\"Stack Trace\":[{\"Declaring "
            "Class\":\"org.apache.spark.rdd.RDD\","
            "\"Method Name\":\"iterator\",\"File Name\":\"RDD.scala\",\"Line Number\":329}],"
            "\"Full Stack Trace\":\"java.io.IOException: Connection reset by peer\\n\\tat "
            "org.apache.spark.rdd.RDD.iterator(RDD.scala:329)\\n\","
            "\"Accumulator Updates\":[]}";
    const int64_t heap = t.jvmHeap > 0 ? t.jvmHeap : 600'000'000 + t.peakMemory / 2;
    std::string execMetrics =
        "{\"JVMHeapMemory\":" + num(heap) +
        ",\"JVMOffHeapMemory\":98000000,\"OnHeapExecutionMemory\":" + num(t.peakMemory) +
        ",\"OffHeapExecutionMemory\":0,\"OnHeapStorageMemory\":" + num(t.cachedBytes) +
        ",\"OffHeapStorageMemory\":0,\"OnHeapUnifiedMemory\":" + num(t.peakMemory + t.cachedBytes) +
        ",\"OffHeapUnifiedMemory\":0,\"DirectPoolMemory\":12582912,\"MappedPoolMemory\":0,"
        "\"ProcessTreeJVMVMemory\":0,\"ProcessTreeJVMRSSMemory\":0,\"ProcessTreePythonVMemory\":0,"
        "\"ProcessTreePythonRSSMemory\":0,\"ProcessTreeOtherVMemory\":0,"
        "\"ProcessTreeOtherRSSMemory\":0,"
        "\"MinorGCCount\":" +
        num(4 + t.gcTime / 40) + ",\"MinorGCTime\":" + num(t.gcTime * 3 / 4) +
        ",\"MajorGCCount\":" + num(t.gcTime / 200) + ",\"MajorGCTime\":" + num(t.gcTime / 4) +
        ",\"TotalGCTime\":" + num(t.gcTime) + ",\"ConcurrentGCCount\":0,\"ConcurrentGCTime\":0}";
    std::string blocks = "[]";
    if (t.cachedBlock && t.reason == "Success")
        blocks = "[{\"Block ID\":\"rdd_" + num(rddId) + "_" + num(t.partition) +
                 "\",\"Status\":{\"Storage Level\":" + storageLevel(true) +
                 ",\"Memory Size\":" + num(t.cachedInMemory ? t.cachedBytes : 0) +
                 ",\"Disk Size\":" + num(t.cachedInMemory ? 0 : t.cachedBytes) + "}}]";
    std::string metrics =
        "{\"Executor Deserialize Time\":" + num(t.deserialize) +
        ",\"Executor Deserialize CPU Time\":" + num(t.deserializeCpu) +
        ",\"Executor Run Time\":" + num(t.runTime) + ",\"Executor CPU Time\":" + num(t.cpuTime) +
        ",\"Peak Execution Memory\":" + num(t.peakMemory) +
        ",\"Result Size\":" + num(t.resultSize) + ",\"JVM GC Time\":" + num(t.gcTime) +
        ",\"Result Serialization Time\":" + num(t.resultSerialization) +
        ",\"Memory Bytes Spilled\":" + num(t.memorySpilled) +
        ",\"Disk Bytes Spilled\":" + num(t.diskSpilled) +
        ",\"Shuffle Read Metrics\":{\"Remote Blocks Fetched\":" + num(t.remoteBlocks) +
        ",\"Local Blocks Fetched\":" + num(t.localBlocks) +
        ",\"Fetch Wait Time\":" + num(t.fetchWait) +
        ",\"Remote Bytes Read\":" + num(t.remoteBytes) + ",\"Remote Bytes Read To Disk\":0," +
        "\"Local Bytes Read\":" + num(t.localBytes) +
        ",\"Total Records Read\":" + num(t.recordsRead) +
        ",\"Remote Requests Duration\":" + num(t.fetchWait / 2) +
        ",\"Push Based Shuffle\":{\"Corrupt Merged Block Chunks\":0,\"Merged Fetch Fallback "
        "Count\":0,"
        "\"Merged Remote Blocks Fetched\":0,\"Merged Local Blocks Fetched\":0,\"Merged Remote "
        "Chunks Fetched\":0,"
        "\"Merged Local Chunks Fetched\":0,\"Merged Remote Bytes Read\":0,\"Merged Local Bytes "
        "Read\":0,"
        "\"Merged Remote Requests Duration\":0}},\"Shuffle Write Metrics\":{\"Shuffle Bytes "
        "Written\":" +
        num(t.shuffleBytesWritten) + ",\"Shuffle Write Time\":" + num(t.shuffleWriteTimeNs) +
        ",\"Shuffle Records Written\":" + num(t.shuffleRecordsWritten) + "},\"Input Metrics\":{" +
        (t.readMethod.empty() ? std::string()
                              : "\"Data Read Method\":" + escapeJson(t.readMethod) + ",") +
        "\"Bytes Read\":" + num(t.inputBytes) + ",\"Records Read\":" + num(t.inputRecords) +
        "},\"Output Metrics\":{\"Bytes Written\":" + num(t.outputBytes) +
        ",\"Records Written\":" + num(t.outputRecords) + "},\"Updated Blocks\":" + blocks + "}";
    return "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":" + num(stageId) +
           ",\"Stage Attempt ID\":" + num(attempt) + ",\"Task Type\":\"" +
           (resultTask ? "ResultTask" : "ShuffleMapTask") + "\",\"Task End Reason\":" + reason +
           ",\"Task Info\":" +
           taskInfoJson(t, stageId, attempt, executorId, host, true, accumulables) +
           ",\"Task Executor Metrics\":" + execMetrics + ",\"Task Metrics\":" + metrics + "}";
}

}  // namespace stagelight::gen
