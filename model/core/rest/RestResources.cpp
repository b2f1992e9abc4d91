#include "rest/RestResources.h"

#include <algorithm>

#include "model/Numeric.h"
#include "rest/RestTasks.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace {

void writeMap(JsonWriter& w, std::string_view key,
              const std::vector<std::pair<std::string, std::string>>& entries) {
    w.key(key).beginObject();
    for (const auto& [k, v] : entries) w.field(k, v);
    w.endObject();
}

void writeStageIds(JsonWriter& w, std::string_view key, const std::set<int32_t>& ids) {
    w.key(key).beginArray();
    for (int32_t id : ids) w.value(id);
    w.endArray();
}

void writeExecutor(JsonWriter& w, const EventLogModel& model, const ExecutorFigures& e) {
    int64_t totalDuration = e.totalDuration, totalGcTime = e.totalGcTime;
    // AppStatusStore reports the driver with the application's run time and, when peaks were
    // logged, the JVM's total GC time. For an unfinished application Spark uses the wall clock
    // ("now"); the log's last event stands in for it here.
    if (e.id == "driver") {
        const Application& app = model.application;
        if (app.startTime > 0 && app.endTime > 0)
            totalDuration = jvmSub(app.endTime, app.startTime);
        else if (app.startTime > 0)
            totalDuration = jvmSub(app.lastEventTime, app.startTime);
        if (e.peak.isSet()) totalGcTime = e.peak.values[size_t(ExecutorMetric::TotalGCTime)];
    }
    w.beginObject();
    w.field("id", e.id).field("hostPort", e.hostPort.empty() ? e.host : e.hostPort);
    w.field("isActive", e.isActive).field("rddBlocks", e.rddBlocks);
    w.field("memoryUsed", e.memoryUsed).field("diskUsed", e.diskUsed);
    w.field("totalCores", e.totalCores).field("maxTasks", e.maxTasks);
    w.field("activeTasks", e.activeTasks).field("failedTasks", e.failedTasks);
    w.field("completedTasks", e.completedTasks).field("totalTasks", e.totalTasks);
    w.field("totalDuration", totalDuration).field("totalGCTime", totalGcTime);
    w.field("totalInputBytes", e.totalInputBytes).field("totalShuffleRead", e.totalShuffleRead);
    w.field("totalShuffleWrite", e.totalShuffleWrite).field("isBlacklisted", e.isExcluded);
    w.field("maxMemory", e.maxMemory).field("addTime", restDate(e.addTime));
    if (e.removeTime >= 0) w.field("removeTime", restDate(e.removeTime));
    if (e.removeReason) w.field("removeReason", *e.removeReason);
    writeMap(w, "executorLogs", e.executorLogs);
    if (e.hasMemoryInfo()) {
        w.key("memoryMetrics").beginObject();
        w.field("usedOnHeapStorageMemory", e.usedOnHeap)
            .field("usedOffHeapStorageMemory", e.usedOffHeap);
        w.field("totalOnHeapStorageMemory", e.totalOnHeap)
            .field("totalOffHeapStorageMemory", e.totalOffHeap);
        w.endObject();
    }
    writeStageIds(w, "blacklistedInStages", e.excludedInStages);
    if (e.peak.isSet()) {
        w.key("peakMemoryMetrics");
        writePeakMetrics(w, e.peak.values);
    }
    writeMap(w, "attributes", e.attributes);
    w.key("resources").beginObject();
    for (const auto& [name, addresses] : e.resources) {
        w.key(name).beginObject().field("name", name).key("addresses").beginArray();
        for (const std::string& a : addresses) w.value(a);
        w.endArray().endObject();
    }
    w.endObject();
    w.field("resourceProfileId", e.resourceProfileId).field("isExcluded", e.isExcluded);
    writeStageIds(w, "excludedInStages", e.excludedInStages);
    w.endObject();
}

void writeRdd(JsonWriter& w, const RddFigures& r, bool withDetails) {
    w.beginObject();
    w.field("id", r.id).field("name", r.name).field("numPartitions", r.numPartitions);
    w.field("numCachedPartitions", int64_t(r.partitions.size()));
    w.field("storageLevel", r.storageLevel);
    w.field("memoryUsed", r.memoryUsed).field("diskUsed", r.diskUsed);
    if (withDetails && !r.distributions.empty()) {
        w.key("dataDistribution").beginArray();
        for (const RddDistributionFigures& d : r.distributions) {
            w.beginObject().field("address", d.address).field("memoryUsed", d.memoryUsed);
            w.field("memoryRemaining", d.memoryRemaining).field("diskUsed", d.diskUsed);
            if (d.onHeapMemoryUsed) w.field("onHeapMemoryUsed", *d.onHeapMemoryUsed);
            if (d.offHeapMemoryUsed) w.field("offHeapMemoryUsed", *d.offHeapMemoryUsed);
            if (d.onHeapMemoryRemaining) w.field("onHeapMemoryRemaining", *d.onHeapMemoryRemaining);
            if (d.offHeapMemoryRemaining)
                w.field("offHeapMemoryRemaining", *d.offHeapMemoryRemaining);
            w.endObject();
        }
        w.endArray();
    }
    if (withDetails) {
        w.key("partitions").beginArray();
        for (const RddPartitionFigures& p : r.partitions) {
            w.beginObject().field("blockName", p.blockName).field("storageLevel", p.storageLevel);
            w.field("memoryUsed", p.memoryUsed).field("diskUsed", p.diskUsed);
            w.key("executors").beginArray();
            for (const std::string& e : p.executors) w.value(e);
            w.endArray().endObject();
        }
        w.endArray();
    }
    w.endObject();
}

}  // namespace

RestResponse restExecutors(const EventLogModel& model, bool activeOnly) {
    std::vector<const ExecutorFigures*> list;
    for (const auto& [id, e] : model.status.executors)
        // Spark hides the fallback storage's pseudo block manager.
        if (id != "fallback" && (!activeOnly || e.isActive)) list.push_back(&e);
    // Spark's "active" index is read in reverse for executors: highest id first.
    if (activeOnly) std::reverse(list.begin(), list.end());
    JsonWriter w;
    w.beginArray();
    for (const ExecutorFigures* e : list) writeExecutor(w, model, *e);
    w.endArray();
    return {200, w.str() + "\n"};
}

RestResponse restMiscellaneousProcesses(const EventLogModel& model) {
    JsonWriter w;
    w.beginArray();
    for (const auto& [id, p] : model.status.processes) {
        w.beginObject().field("id", p.id).field("hostPort", p.hostPort);
        w.field("isActive", p.isActive).field("totalCores", p.totalCores);
        w.field("addTime", restDate(p.addTime));
        writeMap(w, "processLogs", p.processLogs);
        w.endObject();
    }
    w.endArray();
    return {200, w.str() + "\n"};
}

RestResponse restRddList(const EventLogModel& model) {
    JsonWriter w;
    w.beginArray();
    for (const auto& [id, r] : model.status.rdds)
        if (!r.partitions.empty()) writeRdd(w, r, false);
    w.endArray();
    return {200, w.str() + "\n"};
}

RestResponse restRdd(const EventLogModel& model, const std::string& text) {
    int32_t id = -1;
    if (!text.empty() && text.size() < 10 &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        id = std::stoi(text);
    auto it = model.status.rdds.find(id);
    if (it == model.status.rdds.end()) return {404, "unknown rdd: " + text};
    JsonWriter w;
    writeRdd(w, it->second, true);
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
