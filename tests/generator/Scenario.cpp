#include "Scenario.h"

#include <algorithm>
#include <cmath>

namespace stagelight::gen {

namespace {

int scaled(int tasks, double scale) {
    return std::max(1, int(std::lround(tasks * scale)));
}

// A scan stage feeding a reduce stage; `callSite` names the user code, as Spark's stage names do.
JobSpec aggregationJob(const std::string& what, int scanTasks, int reduceTasks, double scale,
                       const std::string& callSite = "Aggregate.scala",
                       const std::string& action = "collect") {
    JobSpec job;
    job.description = "SELECT region, sum(amount) FROM " + what + " GROUP BY region";
    StageSpec scan{.name = "parquet at " + callSite + ":41", .tasks = scaled(scanTasks, scale)};
    scan.readsInput = true;
    StageSpec reduce{.name = action + " at " + callSite + ":57",
                     .tasks = scaled(reduceTasks, scale)};
    reduce.writesShuffle = false;
    reduce.meanTaskMs = 500;
    job.stages = {scan, reduce};
    return job;
}

// Executors register right after the application starts and the first job follows, so a
// scenario shows only the problem planted in it (no driver time before the first job).
ScenarioConfig base(const std::string& name) {
    ScenarioConfig c;
    c.appName = "stagelight-" + name;
    c.firstExecutorDelayMs = 300;
    c.executorStaggerMs = 50;
    return c;
}

}  // namespace

std::vector<std::string> scenarioNames() {
    return {"demo",
            "healthy",
            "skew",
            "spill",
            "small-files",
            "tiny-tasks",
            "too-few-partitions",
            "idle-executors",
            "gc-pressure",
            "failures",
            "speculation",
            "cache",
            "cache-released",
            "missed-broadcast",
            "oversized-broadcast",
            "missing-pushdown",
            "python-udf",
            "cartesian",
            "cold-start",
            "slow-host",
            "locality",
            "wide-scan",
            "speculation-waste",
            "stage-wait",
            "driver-between-jobs",
            "driver-stall",
            "partition-discovery",
            "warm-up",
            "input-skew",
            "driver-sql-no-job",
            "cold-executor",
            "cache-miss",
            "executor-churn",
            "executor-churn-yarn",
            "two-partition-write",
            "cpu-bound",
            "bench"};
}

ScenarioConfig makeScenario(const std::string& name, double scale) {
    ScenarioConfig c = base(name);
    auto agg = [&](int scan, int reduce) { return aggregationJob("sales", scan, reduce, scale); };
    // Two different tables (no repeated scan), enough tasks to keep the cores busy.
    auto twoTables = [&] {
        c.jobs = {agg(64, 32), aggregationJob("orders", 64, 32, scale)};
        c.jobs[1].table = "orders";
    };
    if (name == "healthy") {
        // Executors up from the start, jobs back to back: no time in which nothing runs.
        twoTables();
        c.executorMemoryMb = 768;  // sized to the heap the tasks use
    } else if (name == "skew") {
        c.jobs = {agg(32, 32)};
        c.jobs[0].stages[1].skew = 12;
    } else if (name == "spill") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[1].spillRatio = 3;
    } else if (name == "small-files") {
        c.jobs = {agg(400, 16)};
        c.jobs[0].stages[0].inputBytesPerTask = 96 << 10;
        c.jobs[0].stages[0].meanTaskMs = 60;
        c.jobs[0].stages[1].writesOutput = true;
        c.jobs[0].stages[1].outputBytesPerTask = 200 << 10;
        c.jobs[0].stages[1].outputFilesPerTask = 8;
    } else if (name == "tiny-tasks") {
        c.jobs = {agg(32, 2000)};
        c.jobs[0].stages[1].meanTaskMs = 15;
    } else if (name == "too-few-partitions") {
        c.jobs = {agg(32, 3)};
        c.jobs[0].stages[1].meanTaskMs = 20000;
    } else if (name == "idle-executors") {
        c.executors = 8;
        c.idleExecutors = 5;
        c.jobs = {agg(24, 12)};
    } else if (name == "gc-pressure") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[1].gcFraction = 0.35;
    } else if (name == "failures") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[0].failureRate = 0.15;
        c.jobs[0].stages[1].fetchFailureRetry = true;
    } else if (name == "speculation") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[0].speculation = true;
        c.jobs[0].stages[0].skew = 6;
        c.jobs[0].stages[0].skewedFraction = 0.05;
    } else if (name == "cache") {
        c.jobs = {agg(32, 16), agg(32, 16)};
        c.jobs[0].stages[0].cacheOutput = true;
        c.jobs[0].stages[0].cachedFraction = 0.6;
    } else if (name == "cache-released") {  // cached, reused, then unpersisted
        c.jobs = {agg(32, 16), agg(32, 16), agg(16, 8)};
        c.jobs[0].stages[0].cacheOutput = true;
        c.jobs[1].unpersistAtEnd = true;
        c.jobs[1].stages[0].cacheOutput = true;
    } else if (name == "missed-broadcast") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].plan = PlanShape::SortMergeJoin;
        c.jobs[0].broadcastBytes = 4 << 20;
    } else if (name == "oversized-broadcast") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].plan = PlanShape::BroadcastJoin;
        c.jobs[0].broadcastBytes = 3LL << 30;
    } else if (name == "missing-pushdown") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].pushedFilters = false;
    } else if (name == "python-udf") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].plan = PlanShape::PythonUdf;
    } else if (name == "cartesian") {
        c.jobs = {agg(16, 16)};
        c.jobs[0].plan = PlanShape::Cartesian;
    } else if (name == "cold-start") {
        c.executorMemoryMb = 768;
        // The job is submitted at once and waits 45 s for its first executor.
        c.firstExecutorDelayMs = 45000;
        c.submitBeforeExecutors = true;
        c.jobs = {agg(32, 16)};
    } else if (name == "stage-wait") {
        c.executorMemoryMb = 768;
        // The scan stage is submitted, the cores are free, and no task launches for 8 s.
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[0].launchDelayMs = 8000;
    } else if (name == "driver-between-jobs") {
        c.executorMemoryMb = 768;
        // 15 s of driver-only work between two jobs (collecting, planning the next query).
        twoTables();
        c.jobs[1].driverGapBeforeMs = 15000;
    } else if (name == "driver-stall") {
        c.executorMemoryMb = 768;
        // The reduce stage's tasks each wait 3 s for the driver to take their results.
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[1].schedulerDelayMs = 3000;
    } else if (name == "partition-discovery") {
        c.executorMemoryMb = 768;
        // The table is read by path: Spark lists 2,000 partition directories in a job first.
        JobSpec listing;
        listing.listingPaths = 2000;
        listing.plan = PlanShape::None;
        StageSpec list{.name = "parquet at Aggregate.scala:38", .tasks = 16, .meanTaskMs = 4000};
        list.writesShuffle = false;
        listing.stages = {list};
        c.jobs = {listing, agg(32, 16)};
        c.jobs[1].driverGapBeforeMs = 200;
    } else if (name == "warm-up") {
        c.executorMemoryMb = 768;
        // The first wave of a 4-wave scan runs 6 x longer on the same data (JIT, caches).
        c.jobs = {agg(64, 16)};
        c.jobs[0].stages[0].warmUpFactor = 6;
    } else if (name == "input-skew") {
        c.executorMemoryMb = 768;
        // Two scan tasks read 10 x the others' input (uneven files).
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[0].skew = 10;
        c.jobs[0].stages[0].skewedFraction = 0.05;
    } else if (name == "driver-sql-no-job") {
        c.executorMemoryMb = 768;
        // 15 s between two jobs in which the driver creates temp views: SQL with no job.
        twoTables();
        c.jobs[1].driverGapBeforeMs = 15000;
        c.jobs[1].sqlCommandsBefore = {
            "createOrReplaceTempView at NativeMethodAccessorImpl.java:0",
            "createOrReplaceTempView at NativeMethodAccessorImpl.java:0",
            "createOrReplaceTempView at NativeMethodAccessorImpl.java:0"};
    } else if (name == "cold-executor") {
        c.executorMemoryMb = 768;
        // An executor joins 1.5 s into a scan; the first task on each of its cores spends 8 s
        // deserializing (a new JVM) against a few ms on the others.
        c.jobs = {agg(260, 16)};
        StageSpec& scan = c.jobs[0].stages[0];
        scan.meanTaskMs = 600;
        scan.joiningExecutors = 1;
        scan.joinAfterMs = 1500;
        scan.coldDeserializeMs = 8000;
    } else if (name == "cache-miss") {
        // Spark 1.6 (the last to log Input Metrics' Data Read Method), RDD jobs: the first caches
        // its input; the second reads the cache, but 3 of its 32 blocks are gone and are
        // recomputed from the source, 6 x slower.
        c.executorMemoryMb = 768;
        c.sparkVersion = "1.6.3";
        c.spark1 = true;
        JobSpec load;
        load.description = "count at Sessions.scala:31";
        load.sqlExecution = false;
        // 24 MiB splits: the 32 cached blocks (36 MiB each) fit the executors' storage memory.
        StageSpec read{.name = "count at Sessions.scala:31", .tasks = 32};
        read.readsInput = true;
        read.inputBytesPerTask = 24LL << 20;
        read.writesShuffle = false;
        read.cacheOutput = true;
        load.stages = {read};
        JobSpec reuse;
        reuse.description = "collect at Sessions.scala:47";
        reuse.sqlExecution = false;
        StageSpec cached{.name = "map at Sessions.scala:44", .tasks = 32};
        cached.readsInput = true;
        cached.inputBytesPerTask = 24LL << 20;
        cached.readsCache = true;
        cached.cacheMissEvery = 10;
        cached.cacheMissFactor = 6;
        StageSpec reduce{.name = "collect at Sessions.scala:47", .tasks = 16, .meanTaskMs = 500};
        reduce.writesShuffle = false;
        reuse.stages = {cached, reduce};
        c.jobs = {load, reuse};
    } else if (name == "executor-churn" || name == "executor-churn-yarn") {
        c.executorMemoryMb = 768;
        // Dynamic allocation with a 10 s idle timeout: a 10.5 s pause after the first job
        // releases every executor, and the next job waits 20 s for new ones. The scans wait on
        // storage (35 % CPU), so the long run has no busy phase of its own.
        c.executorIdleTimeoutMs = 10000;
        c.yarn = name == "executor-churn-yarn";
        for (int j = 0; j < 15; ++j) {
            c.jobs.push_back(aggregationJob("events_" + std::to_string(j), 64, 32, scale));
            JobSpec& job = c.jobs.back();
            job.table = "events_" + std::to_string(j);
            job.driverGapBeforeMs = 0;
            job.stages[0].meanTaskMs = 12000;
            job.stages[1].meanTaskMs = 4000;
            for (StageSpec& st : job.stages) st.cpuShare = 0.35;
        }
        c.jobs[1].driverGapBeforeMs = 10500;
        c.jobs[1].releaseExecutorsBefore = true;
        c.jobs[1].newExecutorsDelayMs = 20000;
    } else if (name == "two-partition-write") {
        c.executorMemoryMb = 768;
        // df.repartition(2).write: 2 GiB of shuffle written by 2 tasks while 14 cores idle.
        c.jobs = {aggregationJob("sales", 64, 2, scale, "WriteReport.scala", "save")};
        JobSpec& job = c.jobs[0];
        job.description = "INSERT INTO reports.sales_by_region SELECT * FROM sales";
        job.plan = PlanShape::RepartitionWrite;
        job.stages[1].meanTaskMs = 40000;
        job.stages[1].writesOutput = true;
        job.stages[1].outputBytesPerTask = 1LL << 30;
    } else if (name == "cpu-bound") {
        c.executorMemoryMb = 768;
        // A 20-wave scan computing on every core (CPU time 95 % of run time), nothing else wrong.
        c.jobs = {agg(320, 16)};
        c.jobs[0].stages[0].meanTaskMs = 2000;
        c.jobs[0].stages[0].cpuShare = 0.95;
    } else if (name == "slow-host") {
        c.jobs = {agg(32, 16)};
        c.slowExecutor = 1;
        c.slowExecutorFactor = 6;
    } else if (name == "locality") {
        c.jobs = {agg(64, 16)};
        c.jobs[0].stages[0].remoteShare = 0.4;
    } else if (name == "wide-scan") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].extraColumns = 120;
    } else if (name == "speculation-waste") {
        c.jobs = {agg(32, 16)};
        c.jobs[0].stages[0].speculation = true;
        c.jobs[0].stages[0].speculationLoses = true;
        c.jobs[0].stages[0].skew = 3;
        c.jobs[0].stages[0].skewedFraction = 0.2;
    } else if (name == "bench") {
        // Many mid-sized jobs; `scale` sets the size (1.0 is about 10k tasks).
        c.executors = 50;
        c.coresPerExecutor = 8;
        for (int j = 0; j < 20; ++j) {
            c.jobs.push_back(aggregationJob("events_" + std::to_string(j), 400, 100, scale));
            c.jobs.back().driverGapBeforeMs = 200;
        }
    } else if (name == "demo") {
        // Every problem Stagelight diagnoses, each in its own job so findings point apart.
        c.appName = "nightly-sales-rollup";
        c.executors = 6;
        c.idleExecutors = 1;
        c.lateExecutors = 2;
        c.firstExecutorDelayMs = 12000;
        c.executorStaggerMs = 400;
        c.dynamicAllocationWithoutShuffleService = true;
        c.javaSerializer = true;
        JobSpec ingest =
            aggregationJob("raw.sales_events", 400, 24, scale, "IngestSales.scala", "save");
        ingest.description = "INSERT INTO staging.sales SELECT * FROM raw.sales_events";
        ingest.stages[0].inputBytesPerTask = 180 << 10;
        ingest.stages[0].meanTaskMs = 70;
        ingest.stages[1].writesOutput = true;
        ingest.stages[1].outputBytesPerTask = 300 << 10;
        ingest.stages[1].outputFilesPerTask = 6;
        ingest.pushedFilters = false;
        JobSpec skewed =
            aggregationJob("staging.sales", 48, 48, scale, "CustomerRollup.scala", "collect");
        skewed.description =
            "SELECT customer_id, sum(amount) FROM staging.sales GROUP BY customer_id";
        skewed.stages[1].skew = 15;
        skewed.stages[1].spillRatio = 2.5;
        skewed.stages[1].gcFraction = 0.3;
        skewed.plan = PlanShape::SortMergeJoin;
        skewed.broadcastBytes = 6 << 20;
        skewed.stages[0].cacheOutput = true;
        skewed.stages[0].cachedFraction = 0.55;
        skewed.adaptive = true;
        JobSpec flaky = aggregationJob("staging.sales", 48, 24, scale, "StoreJoin.scala", "count");
        flaky.description = "SELECT * FROM staging.sales s JOIN dim.stores d ON s.store = d.id";
        flaky.plan = PlanShape::BroadcastJoin;
        flaky.broadcastBytes = 2LL << 30;
        flaky.stages[0].failureRate = 0.1;
        flaky.stages[1].fetchFailureRetry = true;
        flaky.stages[0].speculation = true;
        flaky.stages[0].skew = 5;
        flaky.stages[0].skewedFraction = 0.04;
        JobSpec udf =
            aggregationJob("staging.sales", 48, 3, scale, "/jobs/address_cleanup.py", "collect");
        udf.description = "SELECT normalize_address(addr) FROM staging.sales";
        udf.plan = PlanShape::PythonUdf;
        udf.stages[1].meanTaskMs = 9000;
        udf.driverGapBeforeMs = 15000;
        JobSpec tiny =
            aggregationJob("staging.sales", 24, 1200, scale, "DailyCounts.scala", "show");
        tiny.description = "SELECT day, count(*) FROM staging.sales GROUP BY day";
        tiny.stages[1].meanTaskMs = 12;
        JobSpec cross =
            aggregationJob("dim.stores", 16, 16, scale, "CalendarFill.scala", "collect");
        cross.description = "SELECT * FROM dim.stores CROSS JOIN dim.calendar";
        cross.plan = PlanShape::Cartesian;
        c.jobs = {ingest, skewed, flaky, udf, tiny, cross};
    } else {
        c.jobs = {agg(32, 16), agg(32, 16)};
    }
    return c;
}

}  // namespace stagelight::gen
