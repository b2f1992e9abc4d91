#include "LogGenerator.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <random>

#include "AppEventJson.h"
#include "EventJson.h"
#include "PlanBuilder.h"
#include "TaskMetricsSim.h"

namespace stagelight::gen {

namespace {

std::string num(int64_t v) { return std::to_string(v); }

struct Executor {
    std::string id, host;
    int cores = 4;
    int64_t addTime = 0;
    bool idle = false;
    bool added = false;
    bool announced = true;  // false: its ExecutorAdded is written with the stage it joins
    bool removed = false;
    int64_t lastBusy = 0;  // when its last task finished
    int coldLeft = 0;      // tasks still to start on a cold JVM
};

struct StageResult {
    int64_t completion = 0;
    bool failed = false;
    std::vector<int> succeededPartitions;
    int64_t shuffleBytesWritten = 0;
    int tasks = 0;
};

class Generator {
public:
    Generator(const ScenarioConfig& c, FramedWriter& w, const GenerateOptions& o)
        : c_(c), w_(w), opt_(o), rng_(c.seed), now_(c.startTime) {}

    GenerateStats run() {
        header();
        for (size_t j = 0; j < c_.jobs.size(); ++j) {
            runJob(c_.jobs[j]);
            if (j == 0) addExecutors(true);
        }
        now_ += 1500;
        for (const Executor& e : executors_)
            if (e.idle && e.added && !e.removed) {
                line(executorRemovedJson(now_, e.id, "Executor killed by driver (idle timeout)."),
                     true);
                now_ += 20;
            }
        if (opt_.complete) {
            line("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + num(now_ + 300) +
                     ",\"ExitCode\":0}",
                 true);
            w_.close();
        } else {
            w_.flush();
        }
        return stats_;
    }

private:
    void line(std::string s, bool flush) {
        s += '\n';
        stats_.bytes += int64_t(s.size());
        w_.write(s);
        if (flush) w_.flush();
    }
    double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng_); }
    double logNormal(double sigma) { return std::exp(std::normal_distribution<double>(0, sigma)(rng_)); }

    void header() {
        line("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":" +
                 escapeJson(c_.sparkVersion) + "}",
             true);
        if (!c_.spark1) line(resourceProfileJson(c_), true);  // resource profiles: Spark 3.1+
        line(
            "{\"Event\":\"SparkListenerBlockManagerAdded\",\"Block Manager ID\":{\"Executor "
            "ID\":\"driver\","
            "\"Host\":\"driver.cluster\",\"Port\":40123},\"Maximum "
            "Memory\":2101975449,\"Timestamp\":" +
                num(now_ + 150) +
                ",\"Maximum Onheap Memory\":2101975449,\"Maximum Offheap Memory\":0}",
            true);
        line(environmentJson(c_), false);
        line("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":" + escapeJson(c_.appName) +
                 ",\"App ID\":" + escapeJson(c_.appId) + ",\"Timestamp\":" + num(now_) +
                 ",\"User\":" + escapeJson(c_.user) + "}",
             true);
        for (int i = 0; i < c_.executors; ++i) {
            Executor e;
            e.id = num(i + 1);
            e.host = "worker-" + num(i % 8 + 1) + ".cluster";
            e.cores = c_.coresPerExecutor;
            e.idle = i >= c_.executors - c_.idleExecutors;
            const bool late = i >= c_.executors - c_.idleExecutors - c_.lateExecutors && !e.idle;
            e.addTime = late ? -1 : now_ + c_.firstExecutorDelayMs + i * c_.executorStaggerMs;
            executors_.push_back(e);
        }
        addExecutors(false);
    }

    void addExecutors(bool late) {
        for (Executor& e : executors_) {
            if (e.added) continue;
            if (late)
                e.addTime = now_ + c_.lateExecutorDelayMs;
            else if (e.addTime < 0)
                continue;
            e.added = true;
            announce(e);
        }
        // The first job starts once the first executors are up.
        int64_t first = INT64_MAX;
        for (const Executor& e : executors_)
            if (e.added && !e.idle) first = std::min(first, e.addTime);
        if (first != INT64_MAX && !(c_.submitBeforeExecutors && !late))
            now_ = std::max(now_, first);
    }

    // An executor registering (its ExecutorAdded and BlockManagerAdded).
    void announce(const Executor& e) {
        ++stats_.executors;
        line(executorAddedJson(c_, e.id, e.host, e.cores, e.addTime), true);
        line(blockManagerAddedJson(c_, e.id, e.host, e.addTime + 40), true);
    }

    // A new executor (dynamic allocation, or joining a running stage); its ExecutorAdded is
    // written with the stage it joins, in time order.
    Executor& newExecutor(int64_t addTime) {
        Executor e;
        e.id = num(int64_t(executors_.size()) + 1);
        e.host = "worker-" + num(int64_t(executors_.size()) % 8 + 1) + ".cluster";
        e.cores = c_.coresPerExecutor;
        e.addTime = addTime;
        e.added = true;
        e.announced = false;
        executors_.push_back(e);
        return executors_.back();
    }

    // Dynamic allocation releasing the executors idle for the idle timeout within the gap
    // before `until`, and SQL commands that ran on the driver meanwhile, in time order.
    void driverGap(const JobSpec& job, int64_t until) {
        std::vector<std::pair<int64_t, std::string>> events;
        if (job.releaseExecutorsBefore && c_.executorIdleTimeoutMs > 0)
            for (Executor& e : executors_) {
                if (!e.added || e.removed) continue;
                const int64_t at = std::max(e.lastBusy, e.addTime) + c_.executorIdleTimeoutMs;
                if (at >= until) continue;
                e.removed = true;
                // The reason Spark logs for executors it releases: ExecutorKilled's message, or
                // on YARN YarnAllocator's for a container the driver asked it to release.
                const std::string container = std::to_string(1000000 + std::stoi(e.id)).substr(1);
                events.push_back(
                    {at, executorRemovedJson(
                             at, e.id,
                             c_.yarn ? "Container container_1767268800000_0001_01_" + container +
                                           " exited from explicit termination request."
                                     : "Executor killed by driver.")});
            }
        const int64_t n = int64_t(job.sqlCommandsBefore.size());
        for (int64_t i = 0; i < n; ++i) {
            const std::string& d = job.sqlCommandsBefore[size_t(i)];
            const int64_t id = stats_.sqlExecutions++;
            const int64_t start = now_ + (until - now_) * (i + 1) / (n + 1);
            events.push_back({start, tempViewStartJson(id, d, start)});
            events.push_back({start + 35, sqlExecutionEndJson(id, start + 35)});
        }
        std::stable_sort(events.begin(), events.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [at, text] : events) line(std::move(text), true);
    }

    void runJob(const JobSpec& job) {
        if (job.releaseExecutorsBefore || !job.sqlCommandsBefore.empty())
            driverGap(job, now_ + job.driverGapBeforeMs);
        now_ += job.driverGapBeforeMs;
        const int jobId = int(stats_.jobs++);
        if (job.listingPaths > 0) return runListingJob(job, jobId);
        if (!job.sqlExecution) return runRddJob(job, jobId);
        const int64_t sqlId = stats_.sqlExecutions++;
        const GenPlan plan = buildPlan(job, nextAccumulator_, job.table);
        const std::vector<GenMetric> metrics = plan.allMetrics();
        const GenPlan started = job.adaptive ? initialAdaptivePlan(plan) : plan;
        line(
            "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\","
            "\"executionId\":" +
                num(sqlId) + ",\"rootExecutionId\":" + num(sqlId) +
                ",\"description\":" + escapeJson(job.description) +
                ",\"details\":\"org.apache.spark.sql.Dataset.collect(Dataset.scala:3575)\","
                "\"physicalPlanDescription\":" +
                escapeJson(started.description) +
                ",\"sparkPlanInfo\":" + planInfoJson(started.root) + ",\"time\":" + num(now_) +
                ",\"modifiedConfigs\":{},\"jobTags\":[]}",
            true);
        now_ += 40;
        const std::vector<GenStageInfo> infos = makeStageInfos(job);
        props_ = "{\"spark.sql.execution.id\":\"" + num(sqlId) +
                 "\",\"spark.sql.execution.root.id\":\"" + num(sqlId) +
                 "\",\"spark.job.description\":" + escapeJson(job.description) +
                 ",\"spark.jobGroup.id\":\"nightly\",\"spark.rdd.scope.noOverride\":\"true\"}";
        jobStart(jobId, infos);
        runStages(job, infos, metrics, sqlId, &plan);
        jobEnd(jobId);
        driverMetrics(sqlId, job, metrics);
        now_ += 30;
        line(sqlExecutionEndJson(sqlId, now_), true);
        // Spark logs an unpersist without a time, after the events around it.
        if (job.unpersistAtEnd)
            for (size_t i = 0; i < job.stages.size(); ++i)
                if (job.stages[i].cacheOutput)
                    line("{\"Event\":\"SparkListenerUnpersistRDD\",\"RDD ID\":" +
                             num(infos[i].rddId) + "}",
                         true);
    }

    void jobStart(int jobId, const std::vector<GenStageInfo>& infos) {
        std::string stageInfos, stageIds;
        for (size_t i = 0; i < infos.size(); ++i) {
            stageInfos += (i ? "," : "") + stageInfoJson(infos[i], false);
            stageIds += (i ? "," : "") + num(infos[i].stageId);
        }
        line("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + num(jobId) +
                 ",\"Submission Time\":" + num(now_) + ",\"Stage Infos\":[" + stageInfos +
                 "],\"Stage IDs\":[" + stageIds + "],\"Properties\":" + props_ + "}",
             true);
    }
    void jobEnd(int jobId) {
        line("{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":" + num(jobId) +
                 ",\"Completion Time\":" + num(now_ + 5) +
                 ",\"Job Result\":{\"Result\":\"JobSucceeded\"}}",
             true);
    }

    // The job's stages: a chain, each reading the previous one's shuffle; a stage reading a
    // cache shares the cached RDD's id.
    std::vector<GenStageInfo> makeStageInfos(const JobSpec& job) {
        const int firstStage = nextStage_;
        nextStage_ += int(job.stages.size());
        std::vector<GenStageInfo> infos;
        for (size_t i = 0; i < job.stages.size(); ++i) {
            GenStageInfo s;
            s.stageId = firstStage + int(i);
            s.numTasks = job.stages[i].tasks;
            s.name = job.stages[i].name;
            s.rddId = job.stages[i].readsCache && cachedRdd_ > 0 ? cachedRdd_ : (nextRdd_ += 3);
            if (job.stages[i].cacheOutput) cachedRdd_ = s.rddId;
            if (i > 0) s.parentIds = {s.stageId - 1};
            infos.push_back(s);
        }
        return infos;
    }

    // An RDD job (no SQL execution): its stages between JobStart and JobEnd.
    void runRddJob(const JobSpec& job, int jobId) {
        const std::vector<GenStageInfo> infos = makeStageInfos(job);
        props_ = "{\"spark.job.description\":" + escapeJson(job.description) +
                 ",\"spark.rdd.scope.noOverride\":\"true\"}";
        jobStart(jobId, infos);
        runStages(job, infos, {}, -1, nullptr);
        jobEnd(jobId);
        now_ += 30;
    }

    void runStages(const JobSpec& job, const std::vector<GenStageInfo>& infos,
                   const std::vector<GenMetric>& metrics, int64_t sqlId, const GenPlan* plan) {
        // Dynamic allocation asks for executors again once the job needs them.
        if (job.releaseExecutorsBefore)
            for (int i = 0; i < c_.executors; ++i)
                newExecutor(now_ + job.newExecutorsDelayMs + i * c_.executorStaggerMs);
        StageResult prev;
        for (size_t i = 0; i < job.stages.size(); ++i) {
            const StageSpec& spec = job.stages[i];
            std::vector<int> all(size_t(spec.tasks));
            for (int p = 0; p < spec.tasks; ++p) all[size_t(p)] = p;
            StageResult r = runStage(spec, infos[i], 0, all, prev, metrics, int(i),
                                     spec.fetchFailureRetry && i > 0);
            if (r.failed) {
                // The lost map output is recomputed by a retry of the parent, then this stage
                // retries.
                std::vector<int> lost;
                for (int p = 0; p < job.stages[i - 1].tasks; p += 4) lost.push_back(p);
                runStage(job.stages[i - 1], infos[i - 1], 1, lost, StageResult{}, metrics,
                         int(i - 1), false);
                std::vector<int> rest;
                for (int p : all)
                    if (!std::binary_search(r.succeededPartitions.begin(),
                                            r.succeededPartitions.end(), p))
                        rest.push_back(p);
                r = runStage(spec, infos[i], 1, rest, prev, metrics, int(i), false);
            }
            prev = r;
            if (i == 0 && job.adaptive && plan)  // the first query stage done: AQE re-plans
                line(
                    "{\"Event\":\"org.apache.spark.sql.execution.ui."
                    "SparkListenerSQLAdaptiveExecutionUpdate\",\"executionId\":" +
                        num(sqlId) +
                        ",\"physicalPlanDescription\":" + escapeJson(plan->description) +
                        ",\"sparkPlanInfo\":" + planInfoJson(plan->root) + "}",
                    true);
        }
    }

    // InMemoryFileIndex's parallel listing: a job with no SQL execution id, one stage of a
    // parallelized path list, no input, no shuffle.
    void runListingJob(const JobSpec& job, int jobId) {
        const std::string description = "Listing leaf files and directories for " +
                                        num(job.listingPaths) + " paths:<br/>s3://warehouse/" +
                                        job.table + "/day=2026-01-01, ...";
        GenStageInfo s;
        s.stageId = nextStage_++;
        s.numTasks = job.stages.front().tasks;
        s.name = job.stages.front().name;
        s.rddId = nextRdd_ += 3;
        props_ = "{\"spark.job.description\":" + escapeJson(description) +
                 ",\"spark.rdd.scope.noOverride\":\"true\"}";
        jobStart(jobId, {s});
        std::vector<int> all(size_t(s.numTasks));
        for (int p = 0; p < s.numTasks; ++p) all[size_t(p)] = p;
        runStage(job.stages.front(), s, 0, all, StageResult{}, {}, 0, false);
        jobEnd(jobId);
        now_ += 30;
    }

    void driverMetrics(int64_t sqlId, const JobSpec& job, const std::vector<GenMetric>& metrics) {
        std::string updates;
        int64_t files = 0, bytes = 0;
        for (const StageSpec& s : job.stages)
            if (s.writesOutput) {
                files += int64_t(s.tasks) * s.outputFilesPerTask;
                bytes += int64_t(s.tasks) * s.outputBytesPerTask;
            }
        for (const GenMetric& m : metrics) {
            int64_t v = -1;
            if (m.role == MetricRole::WrittenFiles)
                v = files;
            else if (m.role == MetricRole::WrittenBytes)
                v = bytes;
            else if (m.role == MetricRole::WrittenRows)
                v = bytes / 120;
            else if (m.role == MetricRole::BroadcastDataSize)
                v = job.broadcastBytes;
            else if (m.role == MetricRole::BroadcastRows)
                v = job.broadcastBytes / 64;
            else if (m.role == MetricRole::BroadcastBuildTime)
                v = 200 + job.broadcastBytes / (8 << 20);
            if (v >= 0)
                updates += (updates.empty() ? "[" : ",") +
                           ("[" + num(m.accumulatorId) + "," + num(v) + "]");
        }
        if (updates.empty()) return;
        line(
            "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\","
            "\"executionId\":" +
                num(sqlId) + ",\"accumUpdates\":" + updates + "]}",
            true);
    }

    StageResult runStage(const StageSpec& spec, GenStageInfo info, int attempt,
                         const std::vector<int>& partitions, const StageResult& upstream,
                         const std::vector<GenMetric>& metrics, int stageIndex, bool fetchFailure) {
        ++stats_.stages;
        info.attempt = attempt;
        info.numTasks = int(partitions.size());
        info.submissionTime = now_ + 3;
        const int64_t firstLaunch = info.submissionTime + spec.launchDelayMs;
        info.cached = spec.cacheOutput || spec.readsCache;
        for (int k = 0; k < spec.joiningExecutors; ++k)
            newExecutor(info.submissionTime + spec.joinAfterMs + k * c_.executorStaggerMs)
                .coldLeft = spec.coldDeserializeMs > 0 ? c_.coresPerExecutor : 0;
        line("{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":" +
                 stageInfoJson(info, false) + ",\"Properties\":" + props_ + "}",
             false);
        // Slots of executors that are up, earliest free first.
        using Slot = std::pair<int64_t, int>;
        std::priority_queue<Slot, std::vector<Slot>, std::greater<>> slots;
        for (size_t e = 0; e < executors_.size(); ++e)
            if (executors_[e].added && !executors_[e].idle && !executors_[e].removed)
                for (int k = 0; k < executors_[e].cores; ++k)
                    slots.push({std::max(firstLaunch, executors_[e].addTime), int(e)});
        const int64_t internalBase = nextAccumulator_;
        nextAccumulator_ += int64_t(kInternalMetricCount);
        std::vector<TaskSim> tasks;
        const int every =
            spec.skew > 1 ? std::max(1, int(std::lround(1.0 / spec.skewedFraction))) : 0;
        auto launch = [&](TaskSim t, int64_t notBefore, int64_t duration) {
            Slot slot = slots.top();
            slots.pop();
            t.taskId = nextTask_++;
            t.executor = slot.second;
            if (t.executor == c_.slowExecutor)
                duration = int64_t(double(duration) * c_.slowExecutorFactor);
            t.launch = std::max(slot.first, notBefore) + int64_t(uniform(1, 6));
            t.finish = t.launch + duration;
            simulateTaskMetrics(t, spec, {upstream.shuffleBytesWritten, upstream.tasks}, duration,
                                c_.executors - c_.idleExecutors, rng_);
            if (Executor& ex = executors_[size_t(t.executor)]; ex.coldLeft > 0) {
                // A new JVM: loading classes and the task's dependencies before it runs.
                --ex.coldLeft;
                t.deserialize += spec.coldDeserializeMs;
                t.deserializeCpu += spec.coldDeserializeMs * 700'000;
                t.finish += spec.coldDeserializeMs;
            }
            if (c_.spark1 && spec.readsInput && !spec.readsCache) t.readMethod = "Hadoop";
            if (spec.readsCache && t.readMethod != "Hadoop") {
                // The cached block (deserialized, 1.5 x the source), from the block manager.
                t.readMethod = "Memory";
                t.inputBytes = t.inputBytes * 3 / 2;
                t.cachedBytes = t.inputBytes;
                t.cachedInMemory = true;
            } else if (spec.readsCache) {  // recomputed from the source, then cached again
                t.cachedBlock = true;
                t.cachedInMemory = true;
                t.cachedBytes = t.inputBytes * 3 / 2;
            }
            // Spilling or GC-bound stages run with the heap nearly full.
            if (spec.spillRatio > 0 || spec.gcFraction >= 0.2)
                t.jvmHeap = c_.executorMemoryMb * 1048576 * 85 / 100;
            slots.push({t.finish + 1, slot.second});
            tasks.push_back(t);
            return tasks.size() - 1;
        };
        int64_t fetchFailedAt = INT64_MAX;
        for (size_t i = 0; i < partitions.size(); ++i) {
            TaskSim t;
            t.index = int(i);
            t.partition = partitions[i];
            t.skewed = every > 0 && t.partition % every == every / 2;
            t.remote = double(t.partition % 100) < spec.remoteShare * 100.0;
            int64_t d = std::max<int64_t>(
                3, int64_t(spec.meanTaskMs * logNormal(0.25) * (t.skewed ? spec.skew : 1.0)));
            if (spec.warmUpFactor > 1 && slots.top().first <= firstLaunch)  // the first wave
                d = int64_t(double(d) * spec.warmUpFactor);
            if (spec.readsCache && spec.cacheMissEvery > 0 &&
                t.partition % spec.cacheMissEvery == spec.cacheMissEvery / 2) {
                t.readMethod = "Hadoop";  // the block is gone: recomputed from the source
                d = int64_t(double(d) * spec.cacheMissFactor);
            }
            d += spec.schedulerDelayMs;
            if (slots.top().first >= fetchFailedAt) break;  // the stage has already failed
            if (uniform(0, 1) < spec.failureRate) {
                t.reason = "ExceptionFailure";
                const size_t failed = launch(t, info.submissionTime, d / 3 + 1);
                TaskSim retry = tasks[failed];
                retry.reason = "Success";
                retry.attempt = 1;
                launch(retry, tasks[failed].finish + 1, d);
                continue;
            }
            if (fetchFailure && i == partitions.size() / 3) {
                t.reason = "FetchFailed";
                const size_t f = launch(t, info.submissionTime, d / 2 + 1);
                fetchFailedAt = tasks[f].finish;
                continue;
            }
            const size_t idx = launch(t, info.submissionTime, d);
            if (spec.speculation && t.skewed) {
                TaskSim copy = tasks[idx];
                copy.speculative = true;
                copy.attempt = 1;
                const int64_t copyDuration =
                    spec.speculationLoses ? d * 2 : int64_t(spec.meanTaskMs * 1.1);
                const size_t c =
                    launch(copy, tasks[idx].launch + int64_t(spec.meanTaskMs * 1.5), copyDuration);
                TaskSim& orig = tasks[idx];
                TaskSim& spec2 = tasks[c];
                (spec2.finish < orig.finish ? orig : spec2).reason = "TaskKilled";
                (spec2.finish < orig.finish ? orig : spec2).finish =
                    std::min(orig.finish, spec2.finish);
            }
        }
        StageResult result;
        result.tasks = int(partitions.size());
        // Events in time order: starts at launch, ends at finish.
        std::vector<std::pair<int64_t, std::pair<int, size_t>>> events;
        for (size_t i = 0; i < tasks.size(); ++i) {
            if (fetchFailedAt != INT64_MAX && tasks[i].launch > fetchFailedAt) continue;
            events.push_back({tasks[i].launch, {0, i}});
            events.push_back({tasks[i].finish, {1, i}});
        }
        for (size_t e = 0; e < executors_.size(); ++e)  // executors joining meanwhile
            if (executors_[e].added && !executors_[e].announced) {
                executors_[e].announced = true;
                events.push_back({executors_[e].addTime, {2, e}});
            }
        std::stable_sort(events.begin(), events.end());
        std::array<int64_t, kInternalMetricCount> totals{};
        std::map<int64_t, int64_t> sqlTotals;
        int64_t end = info.submissionTime;
        for (const auto& [time, what] : events) {
            if (what.first == 2) {
                announce(executors_[what.second]);
                continue;
            }
            TaskSim& t = tasks[what.second];
            const Executor& ex = executors_[size_t(t.executor)];
            end = std::max(end, time);
            if (what.first == 0) {
                line("{\"Event\":\"SparkListenerTaskStart\",\"Stage ID\":" + num(info.stageId) +
                         ",\"Stage Attempt ID\":" + num(attempt) + ",\"Task Info\":" +
                         taskInfoJson(t, info.stageId, attempt, ex.id, ex.host, false, {}) + "}",
                     false);
                continue;
            }
            ++stats_.tasks;
            if (t.reason != "Success") ++stats_.failedTasks;
            std::vector<GenAccumulable> accs;
            const auto values = internalValues(t);
            for (size_t k = 0; k < kInternalMetricCount; ++k) {
                if (values[k] == 0) continue;  // executors report non-zero internal metrics only
                totals[k] += values[k];
                accs.push_back({internalBase + int64_t(k),
                                std::string("internal.metrics.") + kInternalMetricNames[k],
                                values[k], totals[k], true});
            }
            for (const GenMetric& m : metrics) {
                if (m.stage != stageIndex) continue;
                const int64_t v = roleValue(m.role, t);
                sqlTotals[m.accumulatorId] += v;
                accs.push_back({m.accumulatorId, m.name, v, sqlTotals[m.accumulatorId], false});
            }
            std::sort(accs.begin(), accs.end(), [](auto& a, auto& b) { return a.id < b.id; });
            executors_[size_t(t.executor)].lastBusy =
                std::max(executors_[size_t(t.executor)].lastBusy, t.finish);
            if (t.reason == "Success") {
                result.succeededPartitions.push_back(t.partition);
                result.shuffleBytesWritten += t.shuffleBytesWritten;
                if (t.cachedBlock || spec.readsCache) {
                    ++info.cachedPartitions;
                    if (t.cachedInMemory) info.cachedMemory += t.cachedBytes;
                }
            }
            line(taskEndJson(t, info.stageId, attempt, !spec.writesShuffle, ex.id, ex.host, accs,
                             info.rddId),
                 false);
        }
        std::sort(result.succeededPartitions.begin(), result.succeededPartitions.end());
        info.completionTime = end + 4;
        for (size_t k = 0; k < kInternalMetricCount; ++k)
            if (totals[k] != 0)
                info.accumulables.push_back(
                    {internalBase + int64_t(k),
                     std::string("internal.metrics.") + kInternalMetricNames[k], 0, totals[k],
                     true});
        for (const auto& [id, total] : sqlTotals)
            for (const GenMetric& m : metrics)
                if (m.accumulatorId == id)
                    info.accumulables.push_back({id, m.name, 0, total, false});
        if (fetchFailedAt != INT64_MAX) {
            result.failed = true;
            info.failureReason =
                "org.apache.spark.shuffle.FetchFailedException: Failed to connect to "
                "worker-2.cluster:7337";
        }
        line("{\"Event\":\"SparkListenerStageCompleted\",\"Stage Info\":" +
                 stageInfoJson(info, true) + "}",
             true);
        now_ = info.completionTime + 10;
        result.completion = info.completionTime;
        return result;
    }

    const ScenarioConfig& c_;
    FramedWriter& w_;
    GenerateOptions opt_;
    GenerateStats stats_;
    std::mt19937_64 rng_;
    int64_t now_;
    int64_t nextTask_ = 0, nextAccumulator_ = 1;
    int nextStage_ = 0, nextRdd_ = 0;
    std::vector<Executor> executors_;
    std::string props_;
    int cachedRdd_ = 0;  // the RDD the last caching stage persisted
};

}  // namespace

GenerateStats generateLog(const ScenarioConfig& config, FramedWriter& writer,
                          const GenerateOptions& options) {
    return Generator(config, writer, options).run();
}

std::string generateLogText(const ScenarioConfig& config, const GenerateOptions& options) {
    StringOutput out;
    auto writer = makeFramedWriter(Codec::Plain, out);
    generateLog(config, *writer, options);
    return std::move(out.data);
}

}  // namespace stagelight::gen
