#include "rest/RestJobs.h"

#include <algorithm>

#include "text/JsonWriter.h"

namespace stagelight {
namespace {

std::string_view jobStatus(const Job& j) {
    switch (j.result) {
        case JobResult::Succeeded:
            return "SUCCEEDED";
        case JobResult::Failed:
            return "FAILED";
        case JobResult::Running:
            return "RUNNING";
    }
    return "UNKNOWN";
}

void writeJob(JsonWriter& w, const Job& j) {
    const JobCounters& c = j.counters;
    w.beginObject();
    w.field("jobId", j.id).field("name", j.name);
    if (!j.description.empty()) w.field("description", j.description);
    if (j.submissionTime > 0) w.field("submissionTime", restDate(j.submissionTime));
    if (j.completionTime > 0) w.field("completionTime", restDate(j.completionTime));
    w.key("stageIds").beginArray();
    for (int32_t s : j.stageIds) w.value(s);
    w.endArray();
    if (!j.jobGroup.empty()) w.field("jobGroup", j.jobGroup);
    w.key("jobTags").beginArray();
    for (const std::string& t : j.tags) w.value(t);
    w.endArray();
    w.field("status", jobStatus(j));
    w.field("numTasks", c.numTasks).field("numActiveTasks", c.numActiveTasks);
    w.field("numCompletedTasks", c.numCompletedTasks).field("numSkippedTasks", c.numSkippedTasks);
    w.field("numFailedTasks", c.numFailedTasks).field("numKilledTasks", c.numKilledTasks);
    w.field("numCompletedIndices", int64_t(c.completedIndices.size()));
    w.field("numActiveStages", c.numActiveStages)
        .field("numCompletedStages", int64_t(c.completedStages.size()));
    w.field("numSkippedStages", int64_t(c.skippedStages.size()))
        .field("numFailedStages", c.numFailedStages);
    w.key("killedTasksSummary").beginObject();
    for (const auto& [reason, count] : c.killedTasksSummary) w.field(reason, count);
    w.endObject();
    w.endObject();
}

}  // namespace

RestResponse restJobs(const EventLogModel& model, const RestRequest& request, size_t next) {
    const auto& seg = request.segments;
    std::vector<const Job*> jobs;
    for (const Job& j : model.jobs)
        if (j.started) jobs.push_back(&j);
    if (next < seg.size()) {
        int32_t id = 0;
        try {
            id = std::stoi(seg[next]);
        } catch (...) {
            return {400, "job id must be a number: " + seg[next]};
        }
        for (const Job* j : jobs)
            if (j->id == id) {
                JsonWriter w;
                writeJob(w, *j);
                return {200, w.str() + "\n"};
            }
        return {404, "unknown job: " + seg[next]};
    }
    std::vector<std::string> statuses;
    for (const std::string& s : request.values("status")) {
        const std::string u = upperAscii(s);
        if (u != "RUNNING" && u != "SUCCEEDED" && u != "FAILED" && u != "UNKNOWN")
            return {kBadParameterStatus, "Illegal value for JobExecutionStatus: " + s};
        statuses.push_back(u);
    }
    // The History Server lists jobs newest (highest id) first.
    std::sort(jobs.begin(), jobs.end(), [](const Job* a, const Job* b) { return a->id > b->id; });
    JsonWriter w;
    w.beginArray();
    for (const Job* j : jobs)
        if (statuses.empty() || std::find(statuses.begin(), statuses.end(),
                                          std::string(jobStatus(*j))) != statuses.end())
            writeJob(w, *j);
    w.endArray();
    return {200, w.str() + "\n"};
}

}  // namespace stagelight
