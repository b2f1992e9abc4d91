#include "AppEventJson.h"

#include "EventJson.h"

namespace stagelight::gen {

namespace {
std::string num(int64_t v) {
    return std::to_string(v);
}
}  // namespace

std::string resourceProfileJson(const ScenarioConfig& c) {
    return "{\"Event\":\"SparkListenerResourceProfileAdded\",\"Resource Profile Id\":0,\"Executor "
           "Resource Requests\":"
           "{\"cores\":{\"Resource Name\":\"cores\",\"Amount\":" +
           num(c.coresPerExecutor) +
           ",\"Discovery Script\":\"\",\"Vendor\":\"\"},\"memory\":{\"Resource "
           "Name\":\"memory\",\"Amount\":" +
           num(c.executorMemoryMb) +
           ",\"Discovery Script\":\"\",\"Vendor\":\"\"},\"offHeap\":{\"Resource Name\":"
           "\"offHeap\",\"Amount\":0,\"Discovery Script\":\"\",\"Vendor\":\"\"}},\"Task "
           "Resource Requests\":"
           "{\"cpus\":{\"Resource Name\":\"cpus\",\"Amount\":1.0}}}";
}

std::string environmentJson(const ScenarioConfig& c) {
    // Dynamic allocation with an idle timeout runs with the external shuffle service.
    const bool releases = c.executorIdleTimeoutMs > 0;
    const std::string props =
        "\"spark.app.name\":" + escapeJson(c.appName) + ",\"spark.app.id\":" + escapeJson(c.appId) +
        ",\"spark.master\":\"" + (c.yarn ? "yarn" : "spark://master.cluster:7077") +
        "\",\"spark.executor.memory\":\"" + num(c.executorMemoryMb / 1024) +
        "g\",\"spark.executor.cores\":\"" + num(c.coresPerExecutor) +
        "\",\"spark.driver.memory\":\"4g\",\"spark.sql.shuffle.partitions\":\"200\","
        "\"spark.sql.adaptive.enabled\":\"true\",\"spark.sql.autoBroadcastJoinThreshold\":"
        "\"10485760\","
        "\"spark.dynamicAllocation.enabled\":\"" +
        (c.dynamicAllocationWithoutShuffleService || releases ? "true" : "false") +
        "\",\"spark.shuffle.service.enabled\":\"" + (releases ? "true" : "false") +
        "\",\"spark.serializer\":\"" +
        (c.javaSerializer ? "org.apache.spark.serializer.JavaSerializer"
                          : "org.apache.spark.serializer.KryoSerializer") +
        "\",\"spark.eventLog.enabled\":\"true\",\"spark.eventLog.dir\":\"/tmp/spark-events\","
        "\"spark.hadoop.fs.s3a.secret.key\":\"*********(redacted)\"" +
        (releases ? ",\"spark.dynamicAllocation.executorIdleTimeout\":\"" +
                        num(c.executorIdleTimeoutMs / 1000) + "s\""
                  : std::string());
    return "{\"Event\":\"SparkListenerEnvironmentUpdate\",\"JVM Information\":{\"Java "
           "Home\":\"/usr/lib/jvm/java-17\","
           "\"Java Version\":\"17.0.9 (Eclipse Adoptium)\",\"Scala Version\":\"version 2.12.18\"},"
           "\"Spark Properties\":{" +
           props +
           "},\"Hadoop Properties\":{\"fs.defaultFS\":\"file:///\","
           "\"io.file.buffer.size\":\"65536\"},\"System "
           "Properties\":{\"java.vm.name\":\"OpenJDK 64-Bit Server VM\","
           "\"user.timezone\":\"UTC\"},\"Metrics "
           "Properties\":{\"*.sink.servlet.path\":\"/metrics/json\"},"
           "\"Classpath Entries\":{\"/opt/spark/jars/spark-core_2.12-" +
           c.sparkVersion + ".jar\":\"System Classpath\"}}";
}

std::string executorAddedJson(const ScenarioConfig& c, const std::string& id,
                              const std::string& host, int cores, int64_t time) {
    return "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + num(time) +
           ",\"Executor ID\":" + escapeJson(id) +
           ",\"Executor Info\":{\"Host\":" + escapeJson(host) + ",\"Total Cores\":" + num(cores) +
           ",\"Log Urls\":{\"stdout\":\"http://" + host + ":8081/logPage/?appId=" + c.appId +
           "&executorId=" + id +
           "&logType=stdout\"},\"Attributes\":{},\"Resources\":{},\"Resource Profile "
           "Id\":0,"
           "\"Registration Time\":" +
           num(time) + ",\"Request Time\":" + num(time - 1200) + "}}";
}

std::string blockManagerAddedJson(const ScenarioConfig& c, const std::string& id,
                                  const std::string& host, int64_t time) {
    const int64_t memory = c.executorMemoryMb * 1048576 * 6 / 10;
    return "{\"Event\":\"SparkListenerBlockManagerAdded\",\"Block Manager ID\":{\"Executor "
           "ID\":" +
           escapeJson(id) + ",\"Host\":" + escapeJson(host) +
           ",\"Port\":" + num(35000 + std::stoi(id)) + "},\"Maximum Memory\":" + num(memory) +
           ",\"Timestamp\":" + num(time) + ",\"Maximum Onheap Memory\":" + num(memory) +
           ",\"Maximum Offheap Memory\":0}";
}

std::string executorRemovedJson(int64_t time, const std::string& id, const std::string& reason) {
    return "{\"Event\":\"SparkListenerExecutorRemoved\",\"Timestamp\":" + num(time) +
           ",\"Executor ID\":" + escapeJson(id) + ",\"Removed Reason\":" + escapeJson(reason) + "}";
}

std::string tempViewStartJson(int64_t executionId, const std::string& description, int64_t time) {
    const std::string node = "Execute CreateViewCommand";
    return "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\","
           "\"executionId\":" +
           num(executionId) + ",\"rootExecutionId\":" + num(executionId) +
           ",\"description\":" + escapeJson(description) + ",\"details\":" +
           escapeJson("org.apache.spark.sql.Dataset.createOrReplaceTempView(Dataset.scala:3575)") +
           ",\"physicalPlanDescription\":" + escapeJson("== Physical Plan ==\n" + node + "\n") +
           ",\"sparkPlanInfo\":{\"nodeName\":" + escapeJson(node) +
           ",\"simpleString\":" + escapeJson(node) +
           ",\"children\":[],\"metadata\":{},\"metrics\":[]},\"time\":" + num(time) +
           ",\"modifiedConfigs\":{},\"jobTags\":[]}";
}

std::string sqlExecutionEndJson(int64_t executionId, int64_t time) {
    return "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\","
           "\"executionId\":" +
           num(executionId) + ",\"time\":" + num(time) + ",\"errorMessage\":\"\"}";
}

}  // namespace stagelight::gen
