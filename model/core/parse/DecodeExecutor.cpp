// Executor, block manager and exclusion events.
#include "parse/EventDecoder.h"

namespace stagelight {

namespace od = simdjson::ondemand;
using namespace json;

void EventDecoder::executorAdded(Object& e, const SourceRef&) {
    events::ExecutorAdded ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Timestamp")
            ev.time = readInt(v, k, problems_, -1);
        else if (k == "Executor ID")
            ev.id = std::string(readString(v, k, problems_));
        else if (k == "Executor Info") {
            forEachField(v, [&](JsonKey ik, od::value iv) {
                if (ik == "Host")
                    ev.host = std::string(readString(iv, ik, problems_));
                else if (ik == "Total Cores")
                    ev.totalCores = int32_t(readInt(iv, ik, problems_));
                else if (ik == "Log Urls")
                    ev.logUrls = readProperties(iv, ik, problems_);
                else if (ik == "Attributes")
                    ev.attributes = readProperties(iv, ik, problems_);
                else if (ik == "Resource Profile Id")
                    ev.resourceProfileId = int32_t(readInt(iv, ik, problems_));
                else if (ik == "Registration Time")
                    ev.registrationTime = readInt(iv, ik, problems_);
                else if (ik == "Request Time")
                    ev.requestTime = readInt(iv, ik, problems_);
                else if (ik == "Resources" && !isNull(iv)) {
                    forEachField(iv, [&](JsonKey name, od::value res) {
                        std::vector<std::string> addresses;
                        forEachField(res, [&](JsonKey rk, od::value rv) {
                            if (rk == "addresses")
                                forEachElement(rv, [&](od::value a) {
                                    addresses.emplace_back(readString(a, rk, problems_));
                                });
                        });
                        ev.resources.emplace_back(std::string(name.text()), std::move(addresses));
                    });
                }
            });
        }
    }
    emit(&EventSink::executorAdded, ev);
}

void EventDecoder::executorRemoved(Object& e, const SourceRef&) {
    events::ExecutorRemoved ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        if (k == "Timestamp")
            ev.time = readInt(field.value(), k, problems_, -1);
        else if (k == "Executor ID")
            ev.id = std::string(readString(field.value(), k, problems_));
        else if (k == "Removed Reason")
            ev.reason = std::string(readString(field.value(), k, problems_));
    }
    emit(&EventSink::executorRemoved, ev);
}

events::BlockManager EventDecoder::readBlockManager(Object& e) {
    events::BlockManager ev;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "Block Manager ID") {
            forEachField(v, [&](JsonKey bk, od::value bv) {
                if (bk == "Executor ID")
                    ev.executorId = std::string(readString(bv, bk, problems_));
                else if (bk == "Host")
                    ev.host = std::string(readString(bv, bk, problems_));
                else if (bk == "Port")
                    ev.port = int32_t(readInt(bv, bk, problems_));
            });
        } else if (k == "Maximum Memory")
            ev.maxMemory = readInt(v, k, problems_);
        else if (k == "Timestamp")
            ev.time = readInt(v, k, problems_, -1);
        else if (k == "Maximum Onheap Memory")
            ev.maxOnHeap = readInt(v, k, problems_);
        else if (k == "Maximum Offheap Memory")
            ev.maxOffHeap = readInt(v, k, problems_);
    }
    return ev;
}

void EventDecoder::blockManagerAdded(Object& e, const SourceRef&) {
    emit(&EventSink::blockManagerAdded, readBlockManager(e));
}

void EventDecoder::blockManagerRemoved(Object& e, const SourceRef&) {
    emit(&EventSink::blockManagerRemoved, readBlockManager(e));
}

events::Exclusion EventDecoder::readExclusion(Object& e, bool excluded, bool forStage) {
    events::Exclusion ev;
    ev.event.excluded = excluded;
    for (auto f : e) {
        od::field field = unwrap(f);
        JsonKey k = keyOf(field);
        od::value v = field.value();
        if (k == "time")
            ev.event.time = readInt(v, k, problems_);
        else if (k == "executorId" || k == "hostId")
            ev.who = std::string(readString(v, k, problems_));
        else if (k == "taskFailures" || k == "executorFailures")
            ev.event.failures = readInt(v, k, problems_);
        else if (k == "stageId" && forStage)
            ev.event.stageId = int32_t(readInt(v, k, problems_));
        else if (k == "stageAttemptId" && forStage)
            ev.event.stageAttemptId = int32_t(readInt(v, k, problems_));
    }
    return ev;
}

void EventDecoder::executorExcluded(Object& e, const SourceRef&) {
    emit(&EventSink::executorExcluded, readExclusion(e, true, false));
}

void EventDecoder::executorExcludedForStage(Object& e, const SourceRef&) {
    emit(&EventSink::executorExcludedForStage, readExclusion(e, true, true));
}

void EventDecoder::executorUnexcluded(Object& e, const SourceRef&) {
    emit(&EventSink::executorUnexcluded, readExclusion(e, false, false));
}

void EventDecoder::nodeExcluded(Object& e, const SourceRef&) {
    emit(&EventSink::nodeExcluded, readExclusion(e, true, false));
}

void EventDecoder::nodeExcludedForStage(Object& e, const SourceRef&) {
    emit(&EventSink::nodeExcludedForStage, readExclusion(e, true, true));
}

void EventDecoder::nodeUnexcluded(Object& e, const SourceRef&) {
    emit(&EventSink::nodeUnexcluded, readExclusion(e, false, false));
}

}  // namespace stagelight
