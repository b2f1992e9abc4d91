#include "history/FleetScan.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "diagnosis/Analyzer.h"
#include "diagnosis/Slices.h"
#include "io/DirEntries.h"
#include "load/LogListing.h"
#include "load/Loader.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace fs = std::filesystem;

namespace {

double secondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

ScanLine errorLine(const fs::path& log, uint64_t bytes, const std::string& error) {
    JsonWriter w(false);
    w.beginObject().field("path", log.string()).field("bytes", bytes).field("error", error).endObject();
    return {ScanLine::Outcome::Failed, w.str()};
}


}  // namespace

std::vector<ScanTarget> scanTargets(const fs::path& dir, size_t* notLogs) {
    if (notLogs) *notLogs = 0;
    if (!isDirectoryOfLogs(dir)) return {{dir, {}}};
    std::vector<ScanTarget> out;
    for (const DirEntry& e : listDirectory(dir).entries) {
        if (looksLikeEventLog(e))
            out.push_back({e.path, {}});
        else if (!e.isRegular() && !e.isDirectory())
            out.push_back({e.path, skippedEntryNote(e)});
        else if (notLogs && e.isRegular())
            ++*notLogs;
    }
    return out;
}

ScanLine scanLine(const fs::path& log, const ScanOptions& options) {
    // The head first: cheap, and enough to skip what started before --since.
    const LogSummary head = summarizeLog(log);
    if (options.sinceMs >= 0 && head.error.empty() && head.startMs >= 0 &&
        head.startMs < options.sinceMs)
        return {ScanLine::Outcome::Skipped, {}};
    const auto started = std::chrono::steady_clock::now();
    LoadOptions load;
    load.threads = 1;  // many logs at once: one thread each
    LoadResult r = loadEventLog(log, load);
    if (!r.model) return errorLine(log, head.bytes, r.error);
    const EventLogModel& m = *r.model;
    if (std::string none = noSparkEventsError(m, log.string()); !none.empty())
        return errorLine(log, head.bytes, none);
    if (options.sinceMs >= 0 && m.application.startTime >= 0 && m.application.startTime < options.sinceMs)
        return {ScanLine::Outcome::Skipped, {}};
    const double loadSeconds = secondsSince(started);
    const auto analysing = std::chrono::steady_clock::now();
    const Analysis a = analyze(m, options.rules);
    const Application& app = m.application;
    JsonWriter w(false);
    w.beginObject()
        .field("path", log.string())
        .field("bytes", m.report.bytesOnDisk)
        .field("id", app.id)
        .field("attemptId", app.attemptId)
        .field("name", app.name)
        .field("user", app.user)
        .field("sparkVersion", app.sparkVersion)
        .field("startTime", app.startTime)
        .field("wallClockMs", a.time.wallClockMs)
        .field("status", std::string(app.complete               ? "completed"
                                     : m.source.inProgress      ? "in progress"
                                                                : "incomplete"));
    w.key("wallClockByCause").beginObject();
    for (const SliceCauseTotal& t : sliceTotalsByCause(a.time.slices))
        w.field(sliceCauseName(t.cause), t.ms);
    w.endObject();
    int64_t explained = 0;
    for (const Slice& s : a.time.slices) explained += s.explainedMs;
    w.field("explainedMs", explained);
    w.field("findingCount", int64_t(a.findings.size()));
    w.key("findings").beginArray();
    for (size_t i = 0; i < a.findings.size() && i < options.topFindings; ++i) {
        const Finding& f = a.findings[i];
        w.beginObject()
            .field("id", f.id)
            .field("rule", f.rule)
            .field("cause", f.cause)
            .field("severity", std::string(severityName(f.severity)))
            .field("estimatedCostMs", f.estimatedCostMs)
            .field("title", f.title)
            .field("fix", f.fix)
            .endObject();
    }
    w.endArray();
    w.field("warnings", uint64_t(m.report.warnings.size() + m.report.suppressedWarnings));
    w.field("loadSeconds", loadSeconds).field("analyzeSeconds", secondsSince(analysing));
    w.endObject();
    return {ScanLine::Outcome::Analysed, w.str()};
}

ScanTotals scanLogs(const std::vector<ScanTarget>& logs, const ScanOptions& options,
                    const std::function<void(const std::string&)>& out, size_t notLogs) {
    const auto started = std::chrono::steady_clock::now();
    ScanTotals totals;
    totals.logs = logs.size();
    totals.notLogs = notLogs;
    std::mutex lock;
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i; (i = next++) < logs.size();) {
            ScanLine line;
            try {
                line = logs[i].error.empty() ? scanLine(logs[i].path, options)
                                             : errorLine(logs[i].path, 0, logs[i].error);
            } catch (const std::exception& e) {  // one bad log never ends the scan
                line = errorLine(logs[i].path, 0, std::string("failed: ") + e.what());
            }
            std::lock_guard guard(lock);
            switch (line.outcome) {
                case ScanLine::Outcome::Skipped:
                    ++totals.skipped;
                    continue;
                case ScanLine::Outcome::Failed:
                    ++totals.failed;
                    break;
                case ScanLine::Outcome::Analysed:
                    ++totals.analysed;
                    break;
            }
            out(line.json);
        }
    };
    const unsigned jobs = std::max(1u, std::min<unsigned>(
                                           options.jobs ? options.jobs
                                                        : std::max(1u, std::thread::hardware_concurrency()),
                                           unsigned(std::max<size_t>(logs.size(), 1))));
    std::vector<std::thread> pool;
    for (unsigned j = 1; j < jobs; ++j) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    totals.seconds = secondsSince(started);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    totals.peakRssKb = usage.ru_maxrss;
    JsonWriter w(false);
    w.beginObject().key("summary").beginObject()
        .field("logs", uint64_t(totals.logs))
        .field("analysed", uint64_t(totals.analysed))
        .field("failed", uint64_t(totals.failed))
        .field("skipped", uint64_t(totals.skipped))
        .field("notLogs", uint64_t(totals.notLogs))
        .field("seconds", totals.seconds)
        .field("logsPerSecond", totals.seconds > 0 ? double(totals.analysed + totals.failed) / totals.seconds : 0.0)
        .field("jobs", int64_t(jobs))
        .field("peakRssMb", double(totals.peakRssKb) / 1024)
        .endObject()
        .endObject();
    out(w.str());
    return totals;
}

}  // namespace stagelight
