#include "cli/FollowCommand.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "cli/AnalyzeCommand.h"
#include "cli/SummaryCommand.h"
#include "load/LogFollower.h"
#include "model/Ids.h"
#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight::cli {
namespace {

void emit(const std::string& line, bool json) {
    if (json)
        std::fwrite(line.data(), 1, line.size(), stdout);  // JSON escapes control characters
    else
        printText(stdout, line);
    std::fflush(stdout);  // a line as soon as it is known, also into a pipe
}

std::string stageLine(const EventLogModel& m, const StageTotals& st, bool json) {
    const StageAttempt& s = m.stages[st.stage];
    const int64_t start = m.derived.span.startMs;
    const int64_t spill = st.sum(TaskField::MemoryBytesSpilled) + st.sum(TaskField::DiskBytesSpilled);
    if (json) {
        JsonWriter w(false);
        w.beginObject()
            .field("event", "stageCompleted")
            .field("stageId", s.stageId)
            .field("stageAttemptId", s.attemptId)
            .field("status", std::string(stageStatusName(s.status())))
            .field("name", s.name)
            .field("completionTime", s.completionTime)
            .field("durationMs", st.durationMs)
            .field("tasks", int64_t(st.attempts))
            .field("failedTasks", int64_t(st.failedTasks))
            .field("inputBytes", st.sum(TaskField::InputBytesRead))
            .field("shuffleReadBytes", st.shuffleReadBytes())
            .field("shuffleWriteBytes", st.sum(TaskField::ShuffleBytesWritten))
            .field("spillBytes", spill)
            .endObject();
        return w.str() + "\n";
    }
    std::string line = formatOffset(s.completionTime - start) + "  " +
                       StageKey{s.stageId, s.attemptId}.label() + " " +
                       (s.status() == StageStatus::Failed ? "failed" : "completed") + " in " +
                       formatDuration(st.durationMs) + " · " + st.progressText() + " tasks";
    if (const int64_t in = st.sum(TaskField::InputBytesRead); in > 0)
        line += " · input " + formatBytes(in);
    if (const int64_t r = st.shuffleReadBytes(); r > 0) line += " · shuffle read " + formatBytes(r);
    if (const int64_t w = st.sum(TaskField::ShuffleBytesWritten); w > 0)
        line += " · shuffle write " + formatBytes(w);
    if (spill > 0) line += " · spill " + formatBytes(spill);
    return line + " — " + s.name + "\n";
}

std::string endLine(const EventLogModel& m, bool json) {
    if (json) {
        JsonWriter w(false);
        w.beginObject()
            .field("event", "applicationEnded")
            .field("id", m.application.id)
            .field("wallClockMs", m.derived.span.wallMs())
            .endObject();
        return w.str() + "\n";
    }
    return "application " + m.application.id + " ended: wall clock " +
           formatDuration(m.derived.span.wallMs()) + "\n";
}

}  // namespace

int runSummaryFollow(const std::string& path, bool json, double intervalSeconds) {
    LogFollower follower(path);
    std::set<std::pair<int32_t, int32_t>> told;
    bool started = false;
    size_t warned = 0;         // the load warnings printed so far
    bool unreadable = false;   // said that the log cannot be read now
    const auto interval = std::chrono::milliseconds(
        int64_t(std::clamp(intervalSeconds, 0.01, 3600.0) * 1000));
    for (;;) {
        const LogFollower::Poll poll = follower.poll();
        if (!poll.error.empty() && !started) {
            printLoadError(path, poll.error);
            return kUnreadable;
        }
        // Said once, not at every look: a log deleted or moved away while followed.
        if (!poll.error.empty() && !unreadable)
            printError(poll.error + "; waiting for it to come back");
        else if (poll.error.empty() && unreadable)
            printError(path + ": readable again");
        unreadable = !poll.error.empty();
        if (poll.restarted) {
            // What was printed was another log's (or an earlier version's): start over.
            printError(path + ": rewritten, not appended to; reading it again from its start");
            if (json) emit("{\"event\":\"logRewritten\"}\n", json);
            told.clear();
            started = false;
            warned = 0;
        }
        if (poll.bytesRead > 0 || poll.restarted || follower.ended()) {
            const auto m = follower.snapshot();
            const auto& warnings = m->report.warnings;
            for (; warned < warnings.size(); ++warned)
                printError("warning: " + warnings[warned].toString());
            if (!started && !m->application.id.empty() && !json) {
                printText(stdout, "following " + m->application.name + " (" + m->application.id +
                                      "), Spark " +
                                      (m->application.sparkVersion.empty() ? std::string("unknown")
                                                                           : m->application.sparkVersion) +
                                      "\n");
                std::fflush(stdout);
            }
            started = started || !m->application.id.empty();
            // Stages in the order they completed, each once.
            std::vector<const StageTotals*> done;
            for (const StageTotals& st : m->derived.stageTotals) {
                const StageAttempt& s = m->stages[st.stage];
                if (s.completed && !told.count({s.stageId, s.attemptId})) done.push_back(&st);
            }
            std::sort(done.begin(), done.end(), [&](const StageTotals* a, const StageTotals* b) {
                return m->stages[a->stage].completionTime < m->stages[b->stage].completionTime;
            });
            for (const StageTotals* st : done) {
                const StageAttempt& s = m->stages[st->stage];
                told.insert({s.stageId, s.attemptId});
                emit(stageLine(*m, *st, json), json);
            }
            if (follower.ended()) {
                emit(endLine(*m, json), json);
                return kOk;
            }
        }
        std::this_thread::sleep_for(interval);
    }
}

}  // namespace stagelight::cli
