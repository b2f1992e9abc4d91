// What a generated application looks like: cluster, jobs, stages and the problems planted in them.
// Presets cover each problem Stagelight diagnoses; the demo preset plants all of them at once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stagelight::gen {

enum class PlanShape {
    None,
    ScanAggregate,
    SortMergeJoin,
    BroadcastJoin,
    PythonUdf,
    Cartesian,
    RepartitionWrite,  // scan → repartition(N) (RoundRobinPartitioning, REPARTITION_BY_NUM) → write
};

struct StageSpec {
    std::string name;
    int tasks = 16;
    double meanTaskMs = 800;
    double skew = 1.0;             // duration and shuffle-read multiplier of the skewed tasks
    double skewedFraction = 0.02;  // share of tasks that are skewed
    bool readsInput = false;       // reads files (scan stage)
    int64_t inputBytesPerTask = 128LL << 20;
    bool writesShuffle = true;  // ShuffleMapTask; false: ResultTask
    int64_t shuffleWriteBytesPerTask = 32LL << 20;
    bool writesOutput = false;
    int64_t outputBytesPerTask = 64LL << 20;
    int outputFilesPerTask = 1;
    double spillRatio = 0;           // memory spilled per task as a multiple of peak memory
    double gcFraction = 0.03;        // JVM GC time as a share of run time
    double failureRate = 0;          // share of tasks whose first attempt fails (ExceptionFailure)
    bool fetchFailureRetry = false;  // a FetchFailed makes the stage run a second attempt
    bool speculation = false;        // stragglers get a speculative copy
    bool speculationLoses = false;   // the speculative copies lose the race (wasted)
    double remoteShare = 0;          // share of tasks that run away from their data (ANY)
    bool cacheOutput = false;        // persists its RDD (Updated Blocks, storage level)
    double cachedFraction = 1.0;     // share of partitions that fit in memory
    int64_t launchDelayMs = 0;       // submitted, but no task launches before this (stage wait)
    int64_t schedulerDelayMs = 0;    // each task waits this long on the driver (driver stall)
    double warmUpFactor = 1.0;       // the first wave's tasks take this many times longer
    double cpuShare = 0;             // executor CPU time as a share of run time; 0: 55 to 90 %
    // Executors added while the stage runs (joinAfterMs after it is submitted): the first task on
    // each of their cores spends coldDeserializeMs more deserializing (a new JVM).
    int joiningExecutors = 0;
    int64_t joinAfterMs = 0;
    int64_t coldDeserializeMs = 0;
    // Reads the RDD the job's last caching stage persisted: its tasks report Data Read Method
    // Memory, except every cacheMissEvery-th partition, whose block is gone: read from Hadoop
    // (recomputed) in cacheMissFactor × the time, and cached again.
    bool readsCache = false;
    int cacheMissEvery = 0;
    double cacheMissFactor = 1.0;
};

struct JobSpec {
    std::string description;
    std::vector<StageSpec> stages;  // a chain: each stage reads the previous one's shuffle
    PlanShape plan = PlanShape::ScanAggregate;
    bool pushedFilters = true;  // false: scans show empty PushedFilters (missing pushdown)
    int64_t broadcastBytes = 8LL << 20;
    int64_t driverGapBeforeMs = 500;  // driver-only time before the job
    std::string table = "sales";      // what the plan's scans read
    int extraColumns = 0;             // more columns in the scans' ReadSchema (a wide table)
    bool unpersistAtEnd = false;      // unpersists the RDDs its stages cached once it ends
    bool adaptive = false;  // AQE: starts with the initial plan, updated to the final plan
    // Spark's partition-discovery job ("Listing leaf files and directories for N paths"): no
    // SQL execution of its own, one stage of parallelized paths.
    int listingPaths = 0;
    // Temp views created on the driver in the gap before the job, SQL executions that start no
    // job: their descriptions ("createOrReplaceTempView at …").
    std::vector<std::string> sqlCommandsBefore;
    // Dynamic allocation: in the gap before the job the driver releases the executors idle for
    // ScenarioConfig::executorIdleTimeoutMs, and the job requests new ones, which register
    // newExecutorsDelayMs after it is submitted.
    bool releaseExecutorsBefore = false;
    int64_t newExecutorsDelayMs = 0;
    bool sqlExecution = true;  // false: an RDD job (no SQL execution, no plan)
};

struct ScenarioConfig {
    uint64_t seed = 42;
    std::string appName = "stagelight-demo";
    std::string appId = "app-20260101120000-0001";
    std::string sparkVersion = "3.5.1";
    std::string user = "analyst";
    int64_t startTime = 1767268800000;  // 2026-01-01T12:00:00Z
    int executors = 4;
    int coresPerExecutor = 4;
    int64_t executorMemoryMb = 4096;
    int64_t firstExecutorDelayMs = 2500;  // allocation delay before the first executor
    // The first job is submitted before the executors register (a cold start) instead of
    // once the first one is up.
    bool submitBeforeExecutors = false;
    int64_t executorStaggerMs = 400;  // between executor registrations
    int lateExecutors = 0;            // executors that arrive only after the first job
    int64_t lateExecutorDelayMs = 20000;
    int idleExecutors = 0;  // registered but never given a task
    int slowExecutor = -1;  // an executor (index) whose tasks run slowExecutorFactor × longer
    double slowExecutorFactor = 1.0;
    bool dynamicAllocationWithoutShuffleService = false;
    bool javaSerializer = false;
    // Dynamic allocation with the external shuffle service, executors released after this idle
    // time (spark.dynamicAllocation.executorIdleTimeout); 0: off.
    int64_t executorIdleTimeoutMs = 0;
    bool yarn = false;  // master yarn (executors released as YARN containers)
    // Spark 1.x: Input Metrics carry "Data Read Method", no resource profile (the other events
    // keep their Spark 3.5 fields, which a reader of 1.x logs finds absent or ignores).
    bool spark1 = false;
    std::vector<JobSpec> jobs;
};

// Preset names: demo, healthy, skew, spill, small-files, tiny-tasks, too-few-partitions,
// idle-executors, gc-pressure, failures, speculation, cache, cache-released, missed-broadcast,
// oversized-broadcast, missing-pushdown, python-udf, cartesian, cold-start, slow-host, locality,
// wide-scan, speculation-waste, stage-wait, driver-between-jobs, driver-stall,
// partition-discovery, warm-up, input-skew, driver-sql-no-job, cold-executor, cache-miss,
// executor-churn, executor-churn-yarn, two-partition-write, cpu-bound, bench.
std::vector<std::string> scenarioNames();
// `scale` multiplies task counts (bench uses it to reach a target size). Unknown name: healthy.
ScenarioConfig makeScenario(const std::string& name, double scale = 1.0);

}  // namespace stagelight::gen
