// driver-time: wall clock with no job running, before the first job, between jobs and after the
// last, one finding for each that holds at least 2 % of the wall clock (and 2 s). Sparklens
// reports it as "driver wall clock"; the executors can do nothing in it. Each says what the log
// shows there: SQL commands that ran no job, executors held idle (core time), an interactive
// session, the shutdown.
#include <algorithm>
#include <map>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

struct Part {
    Slice::Cause cause;
    const char* key;    // id suffix
    const char* where;  // "before the first job"
};

constexpr Part kParts[] = {
    {Slice::Cause::DriverBeforeFirstJob, "before-first-job", "before the first job"},
    {Slice::Cause::DriverBetweenJobs, "between-jobs", "between jobs"},
    {Slice::Cause::DriverAfterLastJob, "after-last-job", "after the last job"},
};

bool interactive(const RuleInput& in) {
    const auto name = sparkConf(in, "spark.app.name");
    const std::string n = name ? *name : in.ctx.model.application.name;
    return n == "Spark shell" || n == "PySparkShell" || n == "SparkR" || n == "sparklyr" ||
           n.rfind("Databricks Shell", 0) == 0 || sparkConf(in, "spark.databricks.clusterUsageTags.clusterId");
}

std::string coreTimeText(double coreMs) {
    return formatDuration(saturatingInt64(coreMs)) + " of core time";
}

// What ran on the driver in these slices, as far as the log tells.
std::string whatRan(const RuleInput& in, const std::vector<size_t>& which) {
    const EventLogModel& m = in.ctx.model;
    int64_t sqlMs = 0;
    std::vector<const SqlExecution*> sql;
    for (size_t i : which)
        for (int64_t id : in.time.slices[i].sqlWithoutJobs)
            if (const SqlExecution* q = m.sqlExecution(id)) {
                sql.push_back(q);
                if (q->endTime >= q->startTime)
                    sqlMs = saturatingAdd(sqlMs, saturatingSub(q->endTime, q->startTime));
            }
    std::string s;
    if (!sql.empty()) {
        std::map<std::string, int> kinds;  // "createOrReplaceTempView at …" → count
        for (const SqlExecution* q : sql) {
            std::string d = oneLine(std::string_view(q->description).substr(0, q->description.find(" at ")), 60);
            ++kinds[d.empty() ? std::string("(no description)") : d];
        }
        std::string list;
        for (const auto& [d, n] : kinds) {
            if (list.size() > 120) {
                list += ", …";
                break;
            }
            list += (list.empty() ? "" : ", ") + d + (n > 1 ? " ×" + std::to_string(n) : "");
        }
        s += " " + countText(int64_t(sql.size()), "SQL command", "SQL commands") +
             " ran here on the driver without starting a job (" + list + "; " +
             formatDuration(sqlMs) + " between their start and end).";
    }
    return s;
}

}  // namespace

namespace {

// How to stop holding executors while the driver works, or "" where nothing is held or it is
// already done: local mode has no executors, dynamic allocation may be on already, and before
// Spark 3.0 it needs the external shuffle service.
std::string releaseExecutors(const RuleInput& in) {
    if (in.ctx.run.localMode) return {};
    if (in.ctx.run.dynamicAllocation)
        return "dynamic allocation is on: a shorter spark.dynamicAllocation.executorIdleTimeout "
               "releases idle executors sooner";
    if (in.ctx.run.sparkMajor > 0 && !in.ctx.run.versionAtLeast(3, 0))
        return "let dynamic allocation release idle executors (spark.dynamicAllocation.enabled=true "
               "with the external shuffle service, spark.shuffle.service.enabled=true)";
    return "let dynamic allocation release idle executors (spark.dynamicAllocation.enabled=true "
           "with spark.dynamicAllocation.shuffleTracking.enabled=true or the external shuffle "
           "service)";
}

}  // namespace

RuleDef driverTimeRule() {
    RuleDef r;
    r.name = "driver-time";
    r.precedence = 10;
    r.checks = "wall clock with no job running: before the first job, between jobs, after the last";
    r.defaults = {{"minShare", 0.02}, {"minMs", 2000}, {"registeredWaitMs", 1000}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const int64_t wall = in.ctx.wallMs;
        if (wall <= 0) return RuleRun::notRun("the log has no wall clock");
        const bool shell = interactive(in);
        for (const Part& part : kParts) {
            const std::vector<size_t> which = causeSlices(in, {part.cause});
            const int64_t ms = slicesMs(in, which);
            if (double(ms) < p["minMs"] || double(ms) < p["minShare"] * double(wall)) continue;
            double coreMs = 0;
            const Slice* longest = nullptr;
            for (size_t i : which) {
                coreMs += in.time.slices[i].coreMs;
                if (!longest || in.time.slices[i].durationMs() > longest->durationMs())
                    longest = &in.time.slices[i];
            }
            Finding f;
            f.id = std::string("driver-time:") + part.key;
            f.cause = std::string(sliceCauseName(part.cause));
            const int share = int(100.0 * double(ms) / double(wall) + 0.5);
            f.title = formatDuration(ms) + " (" + std::to_string(share) + " %) with no job running " +
                      part.where;
            std::string d;
            bool startup = false;  // the wait was for executors to start
            if (part.cause == Slice::Cause::DriverBeforeFirstJob) {
                d = "The first job started " + sinceStart(in, longest->endMs) +
                    " after the application started.";
                int64_t firstExecutor = -1;
                for (const Executor& e : in.ctx.model.executors)
                    if (e.added && e.addTime > 0 && in.ctx.model.derived.span.plausible(e.addTime) &&
                        (firstExecutor < 0 || e.addTime < firstExecutor))
                        firstExecutor = e.addTime;
                // On YARN and Kubernetes SparkContext waits for 80 % of the requested executors
                // (spark.scheduler.minRegisteredResourcesRatio) before the first job can start:
                // a first job right after the first executor is that wait, not the driver's.
                const std::string& master = in.ctx.run.master;
                const bool waitsForExecutors =
                    master.rfind("yarn", 0) == 0 || master.rfind("k8s", 0) == 0;
                if (in.ctx.run.localMode) {
                    // The "executor" is the driver itself.
                } else if (firstExecutor > 0 && waitsForExecutors &&
                           longest->endMs - firstExecutor <= p["registeredWaitMs"]) {
                    startup = true;
                    d += " The first executor registered at " + sinceStart(in, firstExecutor) +
                         " and the first job followed " +
                         formatDuration(longest->endMs - firstExecutor) +
                         " later: on " + (master.rfind("k8s", 0) == 0 ? "Kubernetes" : "YARN") +
                         " SparkContext waits for executors to register "
                         "(spark.scheduler.minRegisteredResourcesRatio) before the first job, so "
                         "most of this was executor start-up.";
                } else if (firstExecutor > 0 && firstExecutor < longest->endMs) {
                    d += " The first executor registered at " + sinceStart(in, firstExecutor) +
                         ", so the cluster waited for the driver, not the other way round.";
                }
            } else if (part.cause == Slice::Cause::DriverBetweenJobs) {
                d = countText(int64_t(which.size()), "gap", "gaps") +
                    " between jobs; the longest, " + formatDuration(longest->durationMs()) +
                    ", from " + sinceStart(in, longest->startMs) + " to " +
                    sinceStart(in, longest->endMs) + ".";
            } else {
                d = "The last job ended at " + sinceStart(in, longest->startMs) +
                    "; the application ended " + formatDuration(ms) + " later.";
            }
            d += whatRan(in, which);
            if (coreMs > 0 && !in.ctx.run.localMode)
                d += " Executors were held meanwhile: " + coreTimeText(coreMs) + " idle.";
            if (shell)
                d += " This is an interactive session: the time between commands is the user's.";
            f.detail = d;
            f.costMethod = "the time no job ran " + std::string(part.where);
            const std::string release = releaseExecutors(in);
            if (part.cause == Slice::Cause::DriverAfterLastJob)
                f.fix = "Look at what the driver does after its last action: writing results on "
                        "the driver, a sleep or an unclosed SparkSession keep the application " +
                        std::string(in.ctx.run.localMode ? "" : "(and its executors) ") +
                        "alive; call spark.stop() when the work is done";
            else if (startup)
                f.fix = "Shorten executor start-up: smaller or pre-pulled images and free capacity "
                        "in the cluster or queue; or lower spark.scheduler.minRegisteredResourcesRatio "
                        "to start with fewer executors";
            else if (shell)
                f.fix = "Run the work as a batch job (spark-submit) rather than a session" +
                        (release.empty() ? std::string() : ", or " + release);
            else
                f.fix = "Find what the driver does here (driver-side code, schema inference, "
                        "file listing, collect() and local processing, sleeps); keep it short or "
                        "move it into Spark jobs" +
                        (release.empty() ? std::string() : "; meanwhile " + release);
            // The longest first: the one the text names, and the one the window zooms to.
            std::vector<size_t> byLength = which;
            std::stable_sort(byLength.begin(), byLength.end(), [&](size_t a, size_t b) {
                return in.time.slices[a].durationMs() > in.time.slices[b].durationMs();
            });
            for (size_t i : byLength)
                if (f.evidence.size() < 8 && in.time.slices[i].durationMs() >= ms / 20)
                    f.evidence.push_back(sliceWindow(in.time.slices[i], "no job running"));
            claimAll(f, in, which);
            out.push_back(std::move(f));
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
