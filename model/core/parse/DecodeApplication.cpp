// Application, environment, resource profile, executor metrics and storage events.
#include "parse/EventDecoder.h"
#include "parse/KeyTables.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;


void EventDecoder::readExecutorMetrics(Value v, ExecutorMetricValues& out) {
    if (isNull(v)) return;
    size_t hint = 0;
    forEachField(v, [&](JsonKey k, od::value val) {
        int slot = executorMetricKeys().find(k, hint);
        if (slot >= 0) out[size_t(slot)] = readInt(val, k, problems_);
    });
}

void EventDecoder::logStart(Object& e, const SourceRef&) {
    events::LogStart ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        if (keyOf(field) == "Spark Version")
            ev.sparkVersion = std::string(readString(field.value(), "Spark Version", problems_));
    }
    emit(&EventSink::logStart, ev);
}

void EventDecoder::applicationStart(Object& e, const SourceRef&) {
    events::ApplicationStart ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "App Name")
            ev.name = std::string(readString(v, k, problems_));
        else if (k == "App ID")
            ev.id = std::string(readString(v, k, problems_));
        else if (k == "Timestamp")
            ev.startTime = readInt(v, k, problems_, -1);
        else if (k == "User")
            ev.user = std::string(readString(v, k, problems_));
        else if (k == "App Attempt ID")
            ev.attemptId = std::string(readString(v, k, problems_));
        else if (k == "Driver Logs" && !isNull(v))
            ev.driverLogs = readProperties(v, k, problems_);
        else if (k == "Driver Attributes")
            ev.driverAttributes = readProperties(v, k, problems_);
    }
    emit(&EventSink::applicationStart, ev);
}

void EventDecoder::applicationEnd(Object& e, const SourceRef&) {
    events::ApplicationEnd ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Timestamp")
            ev.endTime = readInt(field.value(), k, problems_, -1);
        else if (k == "ExitCode")
            ev.exitCode = readInt(field.value(), k, problems_);
    }
    emit(&EventSink::applicationEnd, ev);
}

void EventDecoder::environmentUpdate(Object& e, const SourceRef&) {
    events::EnvironmentUpdate ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Event") continue;
        ev.sections.emplace_back(std::string(k.text()),
                                 readProperties(field.value(), k, problems_));
    }
    emit(&EventSink::environmentUpdate, ev);
}

void EventDecoder::resourceProfileAdded(Object& e, const SourceRef&) {
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
    emit(&EventSink::resourceProfileAdded, rp);
}

void EventDecoder::miscellaneousProcessAdded(Object& e, const SourceRef&) {
    events::MiscellaneousProcessAdded ev;
    ProcessFigures& p = ev.process;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "time") {
            p.addTime = readInt(v, k, problems_);
            ev.hasTime = true;
        } else if (k == "processId")
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
    emit(&EventSink::miscellaneousProcessAdded, ev);
}

void EventDecoder::stageExecutorMetrics(Object& e, const SourceRef&) {
    events::StageExecutorMetrics ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Executor ID" || k == "execId")
            ev.executorId = std::string(readString(v, k, problems_));
        else if (k == "Stage ID" || k == "stageId")
            ev.stageId = int32_t(readInt(v, k, problems_));
        else if (k == "Stage Attempt ID" || k == "stageAttemptId")
            ev.attemptId = int32_t(readInt(v, k, problems_));
        else if (k == "Executor Metrics" || k == "executorMetrics")
            readExecutorMetrics(v, ev.metrics);
    }
    emit(&EventSink::stageExecutorMetrics, ev);
}

void EventDecoder::executorMetricsUpdate(Object& e, const SourceRef&) {
    events::ExecutorMetricsUpdate ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Executor ID")
            ev.executorId = std::string(readString(v, k, problems_));
        else if (k == "Executor Metrics Updated" && !isNull(v)) {
            forEachElement(v, [&](od::value entry) {
                // The stage may follow the metrics: fill it in once the entry is read.
                const size_t first = ev.peaks.size();
                int32_t stageId = -1, attemptId = -1;
                forEachField(entry, [&](JsonKey ek, od::value value) {
                    if (ek == "Stage ID")
                        stageId = int32_t(readInt(value, ek, problems_));
                    else if (ek == "Stage Attempt ID")
                        attemptId = int32_t(readInt(value, ek, problems_));
                    else if (ek == "Executor Metrics")
                        readExecutorMetrics(value, ev.peaks.emplace_back().metrics);
                });
                for (size_t i = first; i < ev.peaks.size(); ++i) {
                    ev.peaks[i].stageId = stageId;
                    ev.peaks[i].attemptId = attemptId;
                }
            });
        }
    }
    if (!ev.peaks.empty()) emit(&EventSink::executorMetricsUpdate, ev);
}

void EventDecoder::blockUpdated(Object& e, const SourceRef&) {
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
        emit(&EventSink::blockUpdated, u);
    }
}

void EventDecoder::unpersistRdd(Object& e, const SourceRef&) {
    for (auto f : e) {
        od::field field = unwrap(f);
        if (keyOf(field) == "RDD ID")
            emit(&EventSink::unpersistRdd,
                 events::UnpersistRdd{int32_t(readInt(field.value(), "RDD ID", problems_))});
    }
}

}  // namespace stagelight
