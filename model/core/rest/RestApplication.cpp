#include "rest/RestApplication.h"
#include "model/Numeric.h"

#include <algorithm>

namespace stagelight {

void writeApplicationAttempt(JsonWriter& w, const EventLogModel& model) {
    const Application& app = model.application;
    // An application that has not ended reports end -1 and duration 0, as the History Server does.
    const int64_t end = app.sawApplicationEnd ? app.endTime : -1;
    w.beginObject();
    if (!app.attemptId.empty()) w.field("attemptId", app.attemptId);
    w.field("startTime", restDate(app.startTime)).field("endTime", restDate(end));
    // lastUpdated is the log's modification time when the History Server scanned it; its own test
    // suite blanks it (the expectations hold "" and 0), and an offline reader has no scan time.
    w.field("lastUpdated", "");
    w.field("duration", end >= 0 && app.startTime >= 0 ? jvmSub(end, app.startTime) : int64_t(0));
    w.field("sparkUser", app.user).field("completed", app.complete);
    w.field("appSparkVersion", app.sparkVersion);
    w.field("startTimeEpoch", app.startTime)
        .field("endTimeEpoch", end)
        .field("lastUpdatedEpoch", int64_t(0));
    w.endObject();
}

RestResponse restApplication(const EventLogModel& model) {
    JsonWriter w;
    w.beginObject();
    w.field("id", model.application.id).field("name", model.application.name);
    w.key("attempts").beginArray();
    writeApplicationAttempt(w, model);
    w.endArray();
    w.endObject();
    return {200, w.str() + "\n"};
}

namespace {

void writePairs(JsonWriter& w, std::string_view key, const Properties* props) {
    // Spark keeps these in a hash map, so its order is arbitrary; sorting keeps output stable.
    Properties sorted = props ? *props : Properties{};
    std::sort(sorted.begin(), sorted.end());
    w.key(key).beginArray();
    for (const auto& [k, v] : sorted) w.beginArray().value(k).value(v).endArray();
    w.endArray();
}

}  // namespace

RestResponse restEnvironment(const EventLogModel& model) {
    const Environment& env = model.environment;
    JsonWriter w;
    w.beginObject();
    w.key("runtime").beginObject();
    if (const Properties* jvm = env.section("JVM Information")) {
        // Absent values are omitted, as the History Server's JSON writer omits nulls.
        for (const auto& [from, to] :
             {std::pair<std::string_view, std::string_view>{"Java Version", "javaVersion"},
              {"Java Home", "javaHome"},
              {"Scala Version", "scalaVersion"}})
            for (const auto& [k, v] : *jvm)
                if (k == from) w.field(to, v);
    }
    w.endObject();
    writePairs(w, "sparkProperties", env.section("Spark Properties"));
    writePairs(w, "hadoopProperties", env.section("Hadoop Properties"));
    writePairs(w, "systemProperties", env.section("System Properties"));
    writePairs(w, "metricsProperties", env.section("Metrics Properties"));
    writePairs(w, "classpathEntries", env.section("Classpath Entries"));
    std::vector<const ResourceProfile*> profiles;
    for (const ResourceProfile& p : model.resourceProfiles) profiles.push_back(&p);
    std::stable_sort(profiles.begin(), profiles.end(),
                     [](auto* a, auto* b) { return a->id < b->id; });
    w.key("resourceProfiles").beginArray();
    for (const ResourceProfile* p : profiles) {
        w.beginObject().field("id", p->id);
        w.key("executorResources").beginObject();
        for (const ResourceRequest& r : p->executorResources) {
            w.key(r.name)
                .beginObject()
                .field("resourceName", r.name)
                .field("amount", saturatingInt64(r.amount));
            w.field("discoveryScript", r.discoveryScript).field("vendor", r.vendor).endObject();
        }
        w.endObject();
        w.key("taskResources").beginObject();
        for (const ResourceRequest& r : p->taskResources)
            w.key(r.name)
                .beginObject()
                .field("resourceName", r.name)
                .field("amount", r.amount)
                .endObject();
        w.endObject();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
