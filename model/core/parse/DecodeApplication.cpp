// Application, environment, executor, block manager, exclusion and storage events.
#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

namespace {
const OrderedKeyTable& executorMetricKeys() {
    static const OrderedKeyTable table = [] {
        std::vector<OrderedKeyTable::Entry> entries;
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            entries.push_back({executorMetricName(ExecutorMetric(i)), int(i)});
        return OrderedKeyTable(std::move(entries));
    }();
    return table;
}
}  // namespace

Executor& EventDecoder::executorFor(std::string_view id) {
    auto it = model_.executorIndex.find(std::string(id));
    if (it != model_.executorIndex.end()) return model_.executors[it->second];
    model_.executorIndex.emplace(std::string(id), model_.executors.size());
    Executor& e = model_.executors.emplace_back();
    e.id = std::string(id);
    return e;
}

void EventDecoder::readExecutorMetrics(Value v, std::array<int64_t, kExecutorMetricCount>& out) {
    if (isNull(v)) return;
    size_t hint = 0;
    forEachField(v, [&](JsonKey k, od::value val) {
        int slot = executorMetricKeys().find(k, hint);
        if (slot >= 0) out[size_t(slot)] = readInt(val, k, problems_);
    });
}

void EventDecoder::logStart(od::object& e) {
    for (auto f : e) {
        od::field field = unwrap(f);
        if (keyOf(field) == "Spark Version") {
            model_.application.sparkVersion =
                std::string(readString(field.value(), "Spark Version", problems_));
            model_.application.sparkVersionFromDatabricks = false;
        }
    }
}

void EventDecoder::applicationStart(od::object& e) {
    Application& app = model_.application;
    bool sawDriverLogs = false;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "App Name")
            app.name = std::string(readString(v, k, problems_));
        else if (k == "App ID")
            app.id = std::string(readString(v, k, problems_));
        else if (k == "Timestamp")
            noteTime(app.startTime = readInt(v, k, problems_, -1));
        else if (k == "User")
            app.user = std::string(readString(v, k, problems_));
        else if (k == "App Attempt ID")
            app.attemptId = std::string(readString(v, k, problems_));
        else if (k == "Driver Logs" && !isNull(v)) {
            app.driverLogs = readProperties(v, k, problems_);
            sawDriverLogs = true;
        } else if (k == "Driver Attributes")
            app.driverAttributes = readProperties(v, k, problems_);
    }
    if (sawDriverLogs) replay_.applicationStart(app.driverLogs, app.driverAttributes);
}

void EventDecoder::applicationEnd(od::object& e) {
    Application& app = model_.application;
    app.sawApplicationEnd = true;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Timestamp")
            noteTime(app.endTime = readInt(field.value(), k, problems_, -1));
        else if (k == "ExitCode")
            app.exitCode = readInt(field.value(), k, problems_);
    }
}

void EventDecoder::environmentUpdate(od::object& e) {
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Event") continue;
        model_.environment.sections.emplace_back(std::string(k.text()),
                                                 readProperties(field.value(), k, problems_));
    }
    // Databricks logs may lack LogStart: their runtime version is a Spark property.
    if (model_.application.sparkVersion.empty())
        if (auto v = model_.environment.sparkProperty(
                "spark.databricks.clusterUsageTags.sparkVersion")) {
            model_.application.sparkVersion = *v;
            model_.application.sparkVersionFromDatabricks = true;
        }
    if (auto cpus = model_.environment.sparkProperty("spark.task.cpus")) {
        int64_t n = 0;
        if (parseInt64(*cpus, n) && n > 0) replay_.cpusPerTask(int32_t(n));
    }
}

void EventDecoder::resourceProfileAdded(od::object& e) {
    ResourceProfile rp;
    auto readRequests = [&](od::value v, std::vector<ResourceRequest>& out, bool task) {
        forEachField(v, [&](JsonKey name, od::value req) {
            ResourceRequest r;
            r.name = std::string(name.text());
            forEachField(req, [&](JsonKey k, od::value val) {
                if (k == "Resource Name")
                    r.name = std::string(readString(val, k, problems_));
                else if (k == "Amount")
                    r.amount =
                        task ? readDouble(val, k, problems_) : double(readInt(val, k, problems_));
                else if (k == "Discovery Script")
                    r.discoveryScript = std::string(readString(val, k, problems_));
                else if (k == "Vendor")
                    r.vendor = std::string(readString(val, k, problems_));
            });
            out.push_back(std::move(r));
        });
    };
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Resource Profile Id")
            rp.id = int32_t(readInt(field.value(), k, problems_));
        else if (k == "Executor Resource Requests")
            readRequests(field.value(), rp.executorResources, false);
        else if (k == "Task Resource Requests")
            readRequests(field.value(), rp.taskResources, true);
    }
    replay_.resourceProfileAdded(rp);
    model_.resourceProfiles.push_back(std::move(rp));
}

void EventDecoder::executorAdded(od::object& e) {
    int64_t time = -1;
    std::string id;
    Executor info;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Timestamp")
            time = readInt(v, k, problems_, -1);
        else if (k == "Executor ID")
            id = std::string(readString(v, k, problems_));
        else if (k == "Executor Info") {
            forEachField(v, [&](JsonKey ik, od::value iv) {
                if (ik == "Host")
                    info.host = std::string(readString(iv, ik, problems_));
                else if (ik == "Total Cores")
                    info.totalCores = int32_t(readInt(iv, ik, problems_));
                else if (ik == "Log Urls")
                    info.logUrls = readProperties(iv, ik, problems_);
                else if (ik == "Attributes")
                    info.attributes = readProperties(iv, ik, problems_);
                else if (ik == "Resource Profile Id")
                    info.resourceProfileId = int32_t(readInt(iv, ik, problems_));
                else if (ik == "Registration Time")
                    info.registrationTime = readInt(iv, ik, problems_);
                else if (ik == "Request Time")
                    info.requestTime = readInt(iv, ik, problems_);
                else if (ik == "Resources" && !isNull(iv)) {
                    forEachField(iv, [&](JsonKey name, od::value res) {
                        std::vector<std::string> addresses;
                        forEachField(res, [&](JsonKey rk, od::value rv) {
                            if (rk == "addresses")
                                forEachElement(rv, [&](od::value a) {
                                    addresses.emplace_back(readString(a, rk, problems_));
                                });
                        });
                        info.resources.emplace_back(std::string(name.text()), std::move(addresses));
                    });
                }
            });
        }
    }
    noteTime(time);
    replay_.executorAdded(id, time,
                          {info.host, info.totalCores, info.resourceProfileId, info.logUrls,
                           info.attributes, info.resources});
    Executor& ex = executorFor(id);
    ex.host = info.host;
    ex.totalCores = info.totalCores;
    ex.logUrls = std::move(info.logUrls);
    ex.attributes = std::move(info.attributes);
    ex.resources = std::move(info.resources);
    ex.resourceProfileId = info.resourceProfileId;
    ex.registrationTime = info.registrationTime;
    ex.requestTime = info.requestTime;
    ex.addTime = time;
    ex.added = true;
}

void EventDecoder::executorRemoved(od::object& e) {
    int64_t time = -1;
    std::string id, reason;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Timestamp")
            time = readInt(field.value(), k, problems_, -1);
        else if (k == "Executor ID")
            id = std::string(readString(field.value(), k, problems_));
        else if (k == "Removed Reason")
            reason = std::string(readString(field.value(), k, problems_));
    }
    noteTime(time);
    replay_.executorRemoved(id, time, reason);
    Executor& ex = executorFor(id);
    ex.removeTime = time;
    ex.removeReason = std::move(reason);
}

void EventDecoder::blockManagerAdded(od::object& e, bool added) {
    std::string id, host;
    int32_t port = 0;
    int64_t time = -1, maxMem = 0, onHeap = -1, offHeap = -1;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Block Manager ID") {
            forEachField(v, [&](JsonKey bk, od::value bv) {
                if (bk == "Executor ID")
                    id = std::string(readString(bv, bk, problems_));
                else if (bk == "Host")
                    host = std::string(readString(bv, bk, problems_));
                else if (bk == "Port")
                    port = int32_t(readInt(bv, bk, problems_));
            });
        } else if (k == "Maximum Memory")
            maxMem = readInt(v, k, problems_);
        else if (k == "Timestamp")
            time = readInt(v, k, problems_, -1);
        else if (k == "Maximum Onheap Memory")
            onHeap = readInt(v, k, problems_);
        else if (k == "Maximum Offheap Memory")
            offHeap = readInt(v, k, problems_);
    }
    noteTime(time);
    if (added)
        replay_.blockManagerAdded(id, time, host + ":" + std::to_string(port), maxMem,
                                  onHeap >= 0 ? std::optional<int64_t>(onHeap) : std::nullopt,
                                  offHeap >= 0 ? std::optional<int64_t>(offHeap) : std::nullopt);
    Executor& ex = executorFor(id);
    if (ex.host.empty()) ex.host = host;
    if (added) {
        ex.blockManagerAddTime = time;
        ex.blockManagerPort = port;
        ex.maxMemory = maxMem;
        if (onHeap >= 0) ex.maxOnHeapMemory = onHeap;
        if (offHeap >= 0) ex.maxOffHeapMemory = offHeap;
    } else {
        ex.blockManagerRemoveTime = time;
    }
}

void EventDecoder::exclusion(od::object& e, bool node, bool excluded, bool forStage) {
    ExclusionEvent ev;
    ev.excluded = excluded;
    std::string who;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "time")
            ev.time = readInt(v, k, problems_);
        else if (k == "executorId" || k == "hostId")
            who = std::string(readString(v, k, problems_));
        else if (k == "taskFailures" || k == "executorFailures")
            ev.failures = readInt(v, k, problems_);
        else if (k == "stageId" && forStage)
            ev.stageId = int32_t(readInt(v, k, problems_));
        else if (k == "stageAttemptId" && forStage)
            ev.stageAttemptId = int32_t(readInt(v, k, problems_));
    }
    noteTime(ev.time);
    if (forStage && node)
        replay_.nodeExcludedForStage(who, ev.stageId, ev.stageAttemptId);
    else if (forStage)
        replay_.executorExcludedForStage(who, ev.stageId, ev.stageAttemptId);
    else if (node)
        replay_.nodeExcluded(who, excluded);
    else
        replay_.executorExcluded(who, excluded);
    if (node)
        model_.nodeExclusions.push_back({who, ev});
    else
        executorFor(who).exclusions.push_back(ev);
}

void EventDecoder::stageExecutorMetrics(od::object& e) {
    std::string id;
    int32_t stageId = -1, attemptId = 0;
    std::array<int64_t, kExecutorMetricCount> metrics{};
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Executor ID" || k == "execId")
            id = std::string(readString(v, k, problems_));
        else if (k == "Stage ID" || k == "stageId")
            stageId = int32_t(readInt(v, k, problems_));
        else if (k == "Stage Attempt ID" || k == "stageAttemptId")
            attemptId = int32_t(readInt(v, k, problems_));
        else if (k == "Executor Metrics" || k == "executorMetrics")
            readExecutorMetrics(v, metrics);
    }
    replay_.stageExecutorMetrics(id, stageId, attemptId, metrics);
    auto& peaks = stageFor(stageId, attemptId).executorPeaks[id];
    Executor& ex = executorFor(id);
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
        peaks[i] = std::max(peaks[i], metrics[i]);
        ex.peakMetrics[i] = std::max(ex.peakMetrics[i], metrics[i]);
    }
    ex.hasPeakMetrics = true;
}

void EventDecoder::executorMetricsUpdate(od::object& e) {
    std::string id;
    std::vector<std::array<int64_t, kExecutorMetricCount>> updates;
    std::vector<std::pair<int32_t, int32_t>> stages;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Executor ID")
            id = std::string(readString(v, k, problems_));
        else if (k == "Executor Metrics Updated" && !isNull(v)) {
            forEachElement(v, [&](od::value entry) {
                std::pair<int32_t, int32_t> stage{-1, -1};
                forEachField(entry, [&](JsonKey ek, od::value ev) {
                    if (ek == "Stage ID")
                        stage.first = int32_t(readInt(ev, ek, problems_));
                    else if (ek == "Stage Attempt ID")
                        stage.second = int32_t(readInt(ev, ek, problems_));
                    else if (ek == "Executor Metrics")
                        readExecutorMetrics(ev, updates.emplace_back());
                });
                if (stages.size() < updates.size()) stages.push_back(stage);
            });
        }
    }
    if (updates.empty()) return;
    for (size_t i = 0; i < updates.size(); ++i)
        replay_.executorMetricsUpdate(id, stages[i].first, stages[i].second, updates[i]);
    Executor& ex = executorFor(id);
    for (const auto& m : updates)
        for (size_t i = 0; i < kExecutorMetricCount; ++i)
            ex.peakMetrics[i] = std::max(ex.peakMetrics[i], m[i]);
    ex.hasPeakMetrics = true;
}

void EventDecoder::blockUpdated(od::object& e) {
    for (auto f : e) {
        od::field field = unwrap(f);
        if (keyOf(field) != "Block Updated Info") continue;
        BlockUpdate u;
        forEachField(field.value(), [&](JsonKey k, od::value v) {
            if (k == "Block Manager ID")
                forEachField(v, [&](JsonKey bk, od::value bv) {
                    if (bk == "Executor ID")
                        u.executorId = std::string(readString(bv, bk, problems_));
                });
            else if (k == "Block ID")
                u.blockId = std::string(readString(v, k, problems_));
            else if (k == "Storage Level")
                u.storageLevel = readStorageLevel(v);
            else if (k == "Memory Size")
                u.memorySize = readInt(v, k, problems_);
            else if (k == "Disk Size")
                u.diskSize = readInt(v, k, problems_);
        });
        replay_.blockUpdated(u);
        model_.blockUpdates.push_back(std::move(u));
    }
}

void EventDecoder::unpersistRdd(od::object& e) {
    for (auto f : e) {
        od::field field = unwrap(f);
        if (keyOf(field) == "RDD ID") {
            const int32_t id = int32_t(readInt(field.value(), "RDD ID", problems_));
            replay_.unpersistRdd(id);
            model_.unpersistedRdds.push_back({id, model_.application.lastEventTime});
        }
    }
}

void EventDecoder::miscellaneousProcessAdded(od::object& e) {
    ProcessFigures p;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "time")
            noteTime(p.addTime = readInt(v, k, problems_));
        else if (k == "processId")
            p.id = std::string(readString(v, k, problems_));
        else if (k == "info")
            forEachField(v, [&](JsonKey ik, od::value iv) {
                if (ik == "hostPort")
                    p.hostPort = std::string(readString(iv, ik, problems_));
                else if (ik == "cores")
                    p.totalCores = readInt(iv, ik, problems_);
                else if (ik == "logUrlInfo")
                    p.processLogs = readProperties(iv, ik, problems_);
            });
    }
    replay_.miscellaneousProcessAdded(std::move(p));
}

}  // namespace stagelight
