#!/usr/bin/env python3
"""Writes ../expectations.json. Every number here was measured with evlib/profile/timeslices/busy
(see README.md); verify_expectations.py recomputes the wall clocks, windows and the key figures."""
import json
import os

NV = "NVIDIA__spark-rapids-tools/"
Q = NV + "spark-events-qualification/"
P = NV + "spark-events-profiling/"
SW = "shuffle-works__spark-event-corpus-data/"
AS = "ApplicationStart timestamp"

LISTING_Q66 = "13|19|21|23|25|27|29"

E = []


def entry(log, wall, origin, expected, must_not, notes):
    E.append({"log": log, "wallClockMs": wall, "timeOrigin": origin, "expected": expected,
              "mustNotClaim": [{"pattern": p, "why": w} for p, w in must_not], "notes": notes})


def x(cause, cost, tol, top, evidence, stage=None, jobs=None, window=None):
    d = {"cause": cause, "stage": stage}
    if jobs is not None:
        d["jobs"] = jobs
    if window is not None:
        d["windowMs"] = window
    d.update({"costMs": cost, "costToleranceMs": tol, "mustBeInTop": top, "evidence": evidence})
    return d


GENERIC = [(r"stage stage", "B20: doubled evidence kind and label"),
           (r"\+-\d", "B20: broken offset (task times relative, offset against application.startTime)"),
           (r"\b1 tasks\b", "B20: grammar ('1 tasks')")]

# 1 ---------------------------------------------------------------- q66
entry(P + "nds_q66_gpu.zstd", 109540, AS, [
    x("stage-wait", 19257, 500, 3,
      "Stage 0.0 (load, 1 task) was submitted at +17235 ms but its only task launched at +36492 ms "
      "(19.26 s later) although 8 executors x 16 cores = 128 cores were registered by +15073 ms; the "
      "task itself ran 2657 ms. REST: submissionTime 19:11:14.172, firstTaskLaunchedTime 19:11:33.429.",
      stage="0.0", jobs=[0], window=[17235, 36492]),
    x("driver-before-first-job", 17214, 300, 4,
      "ApplicationStart -> JobStart 0 at +17214 ms; the 8 executors registered at +14722..+15073 ms "
      "and waited ~2.1 s for the first job.", window=[0, 17214]),
    x("driver-between-jobs", 15426, 800, 5,
      "36 driver-only gaps between the 37 jobs sum to 15426 ms (largest 39164->43082, 3.9 s); SQL "
      "executions 0-23 are createOrReplaceTempView with no job.", window=[39164, 43082]),
    x("partition-discovery", 13000, 3000, 6,
      "Jobs 13,19,21,23,25,27,29 are 'Listing leaf files and directories for 2004/261/2104/2185/1824/"
      "1837/1824 paths' (parallelize/mapPartitions RDDs, 0 input/shuffle bytes); their stages last "
      "2724+212+1580+5215+1104+801+1853 = 13489 ms.", stage="23.0", jobs=[13, 19, 21, 23, 25, 27, 29]),
    x("driver-stall", 11300, 1000, 5,
      "SQL 24's 5 concurrent broadcast-exchange jobs 31-35 (stages 31.0-35.0, 1 task each on 5 "
      "executors) span +84841..+96982 (12.1 s); each task ran 543-676 ms (deserialize 179-207 ms) but "
      "HSS schedulerDelay is 11237-11398 ms and all five Finish Times are 1701371553913/553914 (+96976/"
      "+96977): the driver processed the results ~11.3 s late.", stage="31.0", jobs=[31, 32, 33, 34, 35],
      window=[84841, 96982]),
], [
    (r"stage 3[1-5]\.0.*(repartition|too few partitions|on 128 cores)",
     "B1-1: stages 31-35 are a driver stall (scheduler delay 11.4 s), not a partition count"),
    (r"stage (%s)\.0.*spark\.sql\.shuffle\.partitions" % LISTING_Q66,
     "B2-1: these are partition-discovery (listing) stages; shuffle partitions do not set their size"),
    (r"adaptive\.coalescePartitions\.enabled=true",
     "B2-2: spark.sql.adaptive.enabled=true is already set in this log"),
    (r"stage (13|23)\.0.*without reading more data",
     "B3-2: listing stages log 0 input/shuffle bytes, the comparison is vacuous"),
] + GENERIC,
    "Costs are non-overlapping: stage-wait is inside job 0, driver-stall inside jobs 31-35, listing "
    "inside jobs 13..29. The 5 broadcast stages must be ONE finding (not 5 x 12 s). Audit figures "
    "verified: wall 109.5 s, driver-only 32700 ms, 17.2 s before the first job, 19.3 s stage-0 wait, "
    "238 tasks >= 3x median in stage 13 and 119 in stage 23, stage-13 top tasks on executor 5 "
    "launched 1-17 ms after the stage's first launch with ~950 ms deserialization (cold JVM), "
    "what-if modelError -19946 ms. The 10.2 s 'straggler tails' is the tool's stragglerTail sum "
    "(10244 ms).")

# 2 ---------------------------------------------------------------- q88
entry(Q + "nds_q88_photon_db_13_3.zstd", 417750,
      AS + " (no ApplicationEnd: end = last event, BlockManagerRemoved of executor 1 at +417750)", [
    x("driver-before-first-job", 91344, 500, 2,
      "Executors 1 and 0 (8 cores each, 16 in all) registered at +20410/+22165 ms; SQL 0 (sql at "
      "DriverLocal) ran +64807..+68458 with no job, SQL 1 at +81877; JobStart 0 only at +91344: ~70 s "
      "of 16 cores held idle.", window=[0, 91344]),
    x("cpu-bound", 120000, 30000, 2,
      "Jobs 41-54 of query88 (+161130..+399595, 238.5 s): 3801.8 s of task time in the window = 15.94 "
      "of 16 cores busy; concurrency was exactly 16 for 234.2 s (16.0/16 from 180 to 320 s). Total task "
      "time 4347.1 s = 72.5 min. Doubling cores would halve this phase (~119 s; tool what-if 200 % = "
      "283027 ms).", jobs=list(range(41, 55)), window=[161130, 399595]),
    x("partition-discovery", 30000, 5000, 4,
      "Jobs 13,19,21,23,25,27,29 'Listing leaf files and directories for 2004/261/2104/2185/1824/1837/"
      "1824 paths' (s3://ndsv2-data/...), 200 tasks each, 0 input bytes; stage durations 5697+794+5265+"
      "5476+4599+4719+4552 = 31102 ms.", stage="13.0", jobs=[13, 19, 21, 23, 25, 27, 29]),
    x("driver-between-jobs", 18435, 1000, 5,
      "Driver-only gaps between jobs sum to 18435 ms (largest +146394..+152404, 6.0 s before query88's "
      "first job).", window=[146394, 152404]),
    x("driver-after-last-job", 16405, 300, 5,
      "Last JobEnd (job 56) at +401345, SQL 26 ends +401454, last event +417750.",
      window=[401345, 417750]),
], [
    (r"stage (%s)\.0.*spark\.sql\.shuffle\.partitions" % LISTING_Q66,
     "B2-1: listing (partition-discovery) stages"),
    (r"stage 44\.0.*\bidle\b",
     "B0-6: stage 44 was queued behind 7 concurrent stages on saturated cores, not idle"),
] + GENERIC,
    "Wall clock: the tool says 417750 (7.0 min), equal to the last event (BlockManagerRemoved); "
    "ExecutorRemoved is 8 ms earlier. In-job idle is ~0 in the saturated phase: the 31 % idle the "
    "tool reports is driver time. Audit figures verified: executors at 20-22 s, first SQL 64.8 s, "
    "first job 91.3 s, 16.4 s after the last job, 72.5 min task time, stage 44 191.4 s = 45.8 % of "
    "wall. Many query88 stages waited 50-214 s between submission and first launch: that is "
    "queueing for busy cores (not stage-wait).")

# 3 ---------------------------------------------------------------- tasks_executors_fail
entry(P + "tasks_executors_fail_compressed_eventlog.zstd", 97482, AS, [
    x("driver-before-first-job", 80525, 300, 1,
      "8 executors x 4 cores = 32 cores registered at +14015..+17259 ms; first SQL (pivot) at +79951, "
      "first JobStart at +80525: a spark-shell session holding 32 idle cores ~63 s.",
      window=[0, 80525]),
    x("executor-lost-incident", 500, 300, 3,
      "One incident during job 79 (+96968): executors 2 (+97200) and 1 (+97352) lost ('Executor "
      "Process Lost'; the running task on executor 2 ended ExecutorLostFailure with Exit Caused By App"
      "=true) -> 50 extra TaskEnd 'Resubmitted' for stage 238 map tasks that had already ended Success "
      "(23 on executor 2, 27 on executor 1) -> 2 FetchFailed (shuffle 54 from executor 1) -> stage "
      "238.0 failed at +97387 -> SparkContext stopped (ApplicationEnd +97482) -> JobEnd 79 'Job 79 "
      "cancelled because SparkContext was shut down' at +97520: the last show() produced no result.",
      stage="238.0", jobs=[79], window=[96968, 97482]),
    x("driver-between-jobs", 3821, 300, 4,
      "Driver-only gaps between the 80 jobs sum to 3821 ms (interactive pivot/show queries).",
      window=[82909, 83333]),
], [
    (r"resubmitted.*(fix the error in the task code|bad input)",
     "B8-1: Resubmitted = map output lost with a dead executor, not a code error"),
    (r"50 task attempt\(?s?\)? failed",
     "B8-1: the 50 Resubmitted TaskEnds are second TaskEnds of successful tasks, not failed attempts"),
    (r"resubmitted.*were retried", "B8-2: the stage failed and the app stopped; nothing was retried"),
] + GENERIC,
    "Resubmitted semantics: each of the 50 task ids has TWO TaskEnd events (Success, then "
    "Resubmitted), so TaskEnd count (8630) != task count (8580). Five JobEnd events (jobs 20, 22, "
    "47, 51, 70) have no JobStart. JobEnd 79 is written after ApplicationEnd with a later "
    "timestamp. The audit names only executor 2; executor 1 was lost too and the FetchFailures "
    "fetch from executor 1. 41 tiny-task findings should be one finding (noise, not wrong).")

# 4 ---------------------------------------------------------------- summit
entry("groupon__sparklint/spark_summit_euro_2016/event_logs/application_1472176676028_407508_1", 2550426, AS, [
    x("too-few-partitions", 900000, 180000, 1,
      "Stage 1.0 (1072691 ms = 17.9 min): 40 tasks all running at once (10 executors x 4 cores), each "
      "read 1.679 GiB of shuffle (67.2 GiB total, perfectly even: no skew) and spilled 5.6-5.75 GiB in "
      "memory (226.5 GiB total), 12.0-17.75 min per task; GC 10.3 % of task time. 33713 s of task time "
      "on maxExecutors=50 x 4 cores = 200 slots would take ~169 s with >=200 partitions: ~15 min saved. "
      "Spill and GC are symptoms of the same 40 huge partitions (one finding).",
      stage="1.0", jobs=[0], window=[1456440, 2529131]),
    x("straggler", 300000, 150000, 3,
      "Stage 0.0 (json read, 544 tasks of 13-140 MiB, median 128 MiB, on up to 200 cores): durations "
      "34 s-842 s (median 320 s) with the same input and no host or launch-time pattern; after the last "
      "launch (+793 s) fewer than half the cores were busy from +961 s to +1456 s (495 s tail). Replay "
      "with durations capped at p90 saves ~217 s; 4x smaller splits ~400 s.",
      stage="0.0", jobs=[0], window=[961100, 1456356]),
    x("driver-before-first-job", 76627, 500, 4, "JobStart 0 at +76627 ms (yarn-cluster, Spark 1.6.1).",
      window=[0, 76627]),
    x("waiting-for-executors", 25827, 500, 5,
      "Job 0 started at +76627 but the first of 50 executors registered at +102454 (dynamic "
      "allocation); stage 0.0's first task launched at +102459.", jobs=[0], window=[76627, 102454]),
], [
    (r"spark\.sql\.adaptive", "B5-3: Spark 1.6.1 has no AQE"),
] + GENERIC,
    "The stage-1 lever (partition count) is the real cost; spill (22.8 s) and GC (52.8 s) findings "
    "must not be charged separately on top of it (B0-10). Stage 0 duration: 1364546 ms from "
    "submission, 1353897 ms from first launch (the audit's 22.6 min is the latter). Dynamic "
    "allocation released most executors during stage 0's tail (removals +1007..+1430 s) and had to "
    "add 8 new ones for stage 1 (+1464..+1470 s). I classify the stage-0 tail as 'straggler' "
    "(slow without more data); the audit left it unexplained.")

# 5 ---------------------------------------------------------------- spark_event_log_example
entry("groupon__sparklint/spark_event_log_example", 312516, AS, [
    x("driver-before-first-job", 100868, 300, 1,
      "Executors 2 and 1 (2 cores each) registered at +62506 and +65114 ms; JobStart 0 at +100868: "
      "no job waited for executors, the executors waited 36 s for the driver (yarn-client shell).",
      window=[0, 100868]),
    x("driver-between-jobs", 59137, 500, 2,
      "Gaps between jobs: 192223->198957 (6.7 s) and 241146->293549 (52.4 s).",
      window=[241146, 293549]),
    x("straggler", 50000, 10000, 3,
      "Stage 0.0: tasks 39, 40, 41 (TIDs 41, 42, 43) ran 62264/62743/61032 ms vs a 2050 ms median, each "
      "reading 128.1 MiB like the rest (Hadoop), launched +129.2..+131.2 s with locality ANY on both "
      "executors. 4-slot replay: 86.3 s as logged vs 38.9 s with median-length tasks.",
      stage="0.0", jobs=[0]),
    x("cache-miss", 16700, 3000, 4,
      "Stage 2.0: 13 tasks read RDD 1 with Data Read Method Hadoop (median 2035 ms, 26.0 s total) vs 55 "
      "from Memory (median 5 ms). Their 13 blocks were dropped (Updated Blocks, memory 0) during stage "
      "1.0 while RDD 3 (68 partitions, 16.19 GiB deserialized) was cached; RDD 3 was then unpersisted "
      "unread. Stage 2.0 lasted 16833 ms; the memory-read tasks were done 120 ms after submission.",
      stage="2.0", jobs=[2], window=[293573, 310406]),
], [
    (r"waited .* for executors", "B7-1: executors were up 36 s before the first job"),
    (r"jobs waited", "B7-1"),
    (r"stage 2\.0.*speculation", "B3-1: stage 2's slow tasks are cache misses, not stragglers"),
] + GENERIC,
    "Audit corrections: RDD 1 lost 13 cached blocks in stage 1 (not 14), matching the 13 Hadoop "
    "reads of stage 2; by the end all 68 RDD-1 blocks were cached again (not 67). Driver time "
    "between jobs is 59.1 s (the audit's '52 s' is the largest gap). Stage 1.0 GC is 42.6 % of task "
    "time (caching 16 GiB deserialized); it is a consequence of caching RDD 3, not listed separately.")

# 6 ---------------------------------------------------------------- join_agg_on_yarn
entry(NV + "e2e/event_logs/join_agg_on_yarn_eventlog.zstd", 43657, AS, [
    x("input-skew", 13000, 3000, 1,
      "Stage 3.0 (parquet FileScan -> BroadcastHashJoin -> partial HashAggregate, shuffle read 0): "
      "18631 ms; 4 tasks read 57.13 MiB each (16.98-18.01 s run) and 2 read 11.14 MiB (6.1 s) while 24 "
      "read 5562 B (2.0-3.2 s); max/median 18601/3097 ms = 6.0x. Even splits of the 250.9 MiB over 30 "
      "tasks would end the stage ~13 s sooner.", stage="3.0", jobs=[3]),
    x("driver-between-jobs", 7285, 300, 3,
      "Gaps 9243->15778 (6.5 s, before SQL 0 saveAsTable starts at +15360), 18676->19307, "
      "37957->38076.", window=[9243, 15778]),
    x("driver-before-first-job", 3956, 200, 4, "JobStart 0 at +3956 ms.", window=[0, 3956]),
    x("waiting-for-executors", 2318, 200, 5,
      "Job 0 started at +3956 ms, the first executor registered at +6274 (dynamic allocation).",
      jobs=[0], window=[3956, 6274]),
], [
    (r"salt", "B4-1: no shuffle read in stage 3; key salting does not apply to input splits"),
    (r"skewJoin", "B4-1: AQE skew join never applies to a scan"),
    (r"(garbage collection|gc).*stage 1\.0.*spark\.executor\.memory",
     "B12-1: stage 1 GC is start-up on fresh executors (deserialization 55.5 s of 77.4 s), not a heap "
     "shortage; contradicts the executor-memory 'lower' finding"),
] + GENERIC,
    "Audit correction: not 'one task' but 4 tasks read 57.1 MiB each (plus 2 of 11.1 MiB); 24 of 30 "
    "splits are near-empty (5.4 KiB). Driver-only total 14506 ms = 3956 + 7285 + 3265 (after).")

# 7 ---------------------------------------------------------------- dsAndDf
entry(Q + "dsAndDf_eventlog.zstd", 16319, AS, [
    x("warm-up", 4600, 600, 1,
      "Stage 3.0 (local[*], 12 cores): task indices 0-11 (the first wave) ran 4647-4711 ms, run time "
      "4.62-4.68 s, deserialization <= 21 ms, each reading ~505 KB of shuffle like every later task "
      "(which take 39-183 ms; median 65.5 ms). The identical stages 7.0 and 11.0 of the next queries "
      "take 1074/1227 ms against stage 3.0's 5945 ms.", stage="3.0", jobs=[1]),
    x("driver-before-first-job", 4024, 200, 2, "JobStart 0 at +4024 ms (SQL 0 json at +3566).",
      window=[0, 4024]),
], [
    (r"stage 3\.0.*speculation", "B3-1: speculative copies would be equally cold (single host, first wave)"),
    (r"stage 3\.0.*check the hosts", "B3-4: the only host"),
] + GENERIC,
    "Driver-only 4719 ms = 4024 before + 693 between + 2 after.")

# 8 ---------------------------------------------------------------- 4nodes dynamic alloc
entry(Q + "cluster_information/eventlog_4nodes_8cores_dynamic_alloc.zstd", 205291, AS, [
    x("driver-before-first-job", 92939, 300, 1,
      "Spark shell: executors 2 and 1 were added at +20866/+24956 and killed by the driver at "
      "+44664/+48187 without running a task; first JobStart at +92939.", window=[0, 92939]),
    x("driver-after-last-job", 31832, 300, 2, "Last JobEnd (job 19) at +173459.",
      window=[173459, 205291]),
    x("driver-between-jobs", 26736, 500, 3, "Largest gap +139068..+154313 (15.2 s).",
      window=[139068, 154313]),
    x("cold-executor", 15000, 1500, 4,
      "Stage 9.0 (15788 ms): 5 tasks took 646-842 ms; task 29 on executor 6 took 15780 ms, of which "
      "15126 ms Executor Deserialize Time, launched 750 ms after executor 6 was added. Same pattern in "
      "stage 40.0: 4 tasks on executor 13 (added 289 ms earlier) take 2.93 s (deser 726 ms, GC 608 ms) "
      "vs ~1.4 s on 7-s-old executors.", stage="9.0", jobs=[4]),
    x("executor-churn", 10221, 500, 5,
      "spark.dynamicAllocation.executorIdleTimeout=10s: all 15 executors lived 21.8-58.3 s (14 killed "
      "by the driver). Job 0 (+92939) then found no executor until +103160 (10.2 s noExecutors); every "
      "later burst re-acquired cold executors (stage 9.0, 40.0).", jobs=[0, 1], window=[92939, 103160]),
], [
    (r"lower spark\.dynamicAllocation\.executorIdleTimeout",
     "B6-2: the timeout (10s) is already too low; raise it or set minExecutors"),
    (r"excludeOnFailure", "B9-1: exclusion reacts to failures, never to slowness"),
    (r"stage 9\.0.*(ran 6 tasks on|repartition)", "B1-2: cold executor, not too few partitions"),
    (r"is slow in stage 40\.0", "B9-2: a 0.29-s-old executor, not a bad host"),
] + GENERIC,
    "executor-churn's cost is the 10.2 s window where job 0 had no executor (the waiting-for-"
    "executors slice): an engine may report it as that slice provided it names churn as the reason. "
    "Costs do not overlap (stage 9 is +113489..+129277).")

# 9 ---------------------------------------------------------------- db_subExecution_id
entry(Q + "db_subExecution_id.zstd", 345609,
      AS + " (no ApplicationEnd: end = last event, SQLExecutionEnd 11 at +345609)", [
    x("cpu-bound", 112000, 30000, 1,
      "Stage 7.0 (Delta write, 237186 ms = 69 % of wall): 67 tasks of 18-71 s (median 54.0 s) reading "
      "73-109 MiB each on 2 executors x 8 = 16 cores (4.2 waves), CPU/run 0.85, GC 3 %. Replay: 237.1 s "
      "on 16 slots, 125.2 s on 32, 71.1 s on 64.", stage="7.0", jobs=[4], window=[103171, 340357]),
    x("driver-before-first-job", 84514, 500, 2,
      "Executors at +14022/+20248; notebook 'system generated' SQL 0-4 at +69386..+77935 ran no job; "
      "first JobStart at +84514.", window=[0, 84514]),
], [
    (r"scanned by 2 queries",
     "B11-1: execution 8 is a sub-execution of 5 (rootExecutionId 5); only 8's scan read the 7.16 GiB"),
    (r"RDD (12|33) is only 0 ?% cached", "B10-1: Databricks-internal Delta state RDDs, no evidence of misses"),
    (r"RDD (12|33)\b.*MEMORY_AND_DISK", "B10-1: that level (Disk Memory Serialized) is already in use"),
] + GENERIC,
    "Execution 5's scan node metrics never receive a value; execution 8's report 67 row groups, "
    "7682735570 B read. RDDs 12/33 are 'Delta Table State #9/#10' with 1 partition each. Driver-only "
    "92997 ms.")

# 10 --------------------------------------------------------------- xgboost
entry(Q + "xgboost_eventlog.zstd", 823561,
      AS + " (no ApplicationEnd: end = last event, JobEnd 8 at +823561)", [
    x("driver-between-jobs", 454022, 55000, 1,
      "Between-jobs driver time totals 454022 ms; the notebook sat idle 402730 ms between JobEnd 4 "
      "(+300369) and JobStart 5 (+703099) with no event at all in the gap; another 50 s between jobs 0 "
      "and 1.", window=[300369, 703099]),
    x("driver-before-first-job", 92737, 500, 2,
      "Executors (2 x 8 cores) at +7334/+7449; SQL 0-3 (show databases/tables) at +21136..+33769 with "
      "no job; first JobStart at +92737.", window=[0, 92737]),
    x("cpu-bound", 52000, 26000, 4,
      "Stage 5.0 (XGBoost foreachPartition, 104570 ms): 16 tasks of 104500-104526 ms on the 16 cores, "
      "CPU/run 0.89; the lever is more workers/cores, not partitions.", stage="5.0", jobs=[3]),
], [
    (r"RDD 20 is only 0 ?% cached", "B10-1: stage 7.0 read RDD 20 from cache (584 B, 1 record, 2 ms, PROCESS_LOCAL)"),
    (r"RDD 20\b.*(recomputed|missing partitions)", "B10-1"),
] + GENERIC,
    "Stage 8.0 re-reads the same 249.7 MiB (262 MB) input as stage 4.0 (verified) while evaluating; "
    "not listed as an expected cause (recomputation is plausible but its saving is not measurable "
    "from the log). RDD Info reports 0 cached partitions in every stage (Databricks), so cache "
    "findings need BlockUpdated evidence.")

# 11 --------------------------------------------------------------- jdbc
entry(Q + "jdbc_eventlog.zstd", 571967, AS, [
    x("driver-before-first-job", 458473, 500, 1,
      "One 16-core executor registered at +2593 ms; first SQL (show) at +458009, JobStart 0 at +458473: "
      "a spark-shell session idle 7.6 min with 16 cores held.", window=[0, 458473]),
    x("driver-between-jobs", 86102, 500, 2, "JobEnd 0 +459750 -> JobStart 1 +545852.",
      window=[459750, 545852]),
    x("driver-after-last-job", 24450, 300, 3, "Last JobEnd at +547517.", window=[547517, 571967]),
], GENERIC,
    "Jobs run 2942 ms in all (99.5 % driver-only). The 'Most executor cores were idle' finding is "
    "true but must say the idle time is driver time, not in-job idle (B6-3).")

# 12 --------------------------------------------------------------- eventlog_v2_local
entry(Q + "eventlog_v2_local-1623876083964", 133857, AS, [
    x("cpu-bound", 59000, 15000, 1,
      "Job 0 (SMJ of two makeRDD inputs, 9.39 GiB = 10.1 GB shuffle) +9399..+128752: local[*] 12 cores busy at "
      "concurrency 12 for 115.8 s, task time 1417.7 s (88 % of 12 x wall, ~99 % of 12 x job time), "
      "CPU/run 0.90-0.92. Replay on 24 slots: stage 0 24.6->12.5 s, stage 1 28.6->14.4 s, stage 2 "
      "66.3->33.7 s.", jobs=[0], window=[9399, 128752]),
    x("driver-before-first-job", 9399, 200, 2, "JobStart 0 at +9399.", window=[0, 9399]),
], [
    (r"stage [01]\.0.*spark\.sql\.shuffle\.partitions",
     "B2-1: stages 0/1 scan ParallelCollectionRDDs of 600/2000 slices; shuffle partitions do not set them"),
    (r"tiny tasks in stage 0\.0", "B2-4: median 456 ms, overhead 2.4 % of task time"),
] + GENERIC,
    "Audit stage durations (24.5/28.8 s) are first-launch to last-finish; stage 1.0 was submitted "
    "at +9537 but queued behind stage 0.0 until +33554. Driver-only 14504 ms = 9399 + 5105 after. "
    "Same app as db_sim_eventlog (Databricks-style rotation), identical figures.")

# 13 --------------------------------------------------------------- pandas_execs
entry(Q + "pandas_execs_eventlog.zstd", 133748, AS, [
    x("driver-between-jobs", 63726, 500, 1,
      "PySpark shell: 14.5-18.0 s between each of the 5 collect() queries (51615->69579, "
      "76087->92281, 92590->107677, 112056->126537).", window=[51615, 69579]),
    x("driver-before-first-job", 47651, 300, 2, "JobStart 0 at +47651 (SQL 0 at +46837).",
      window=[0, 47651]),
    x("tiny-tasks", 11500, 4000, 3,
      "Shuffle stages 2.0/5.0/7.0 each run 200 tasks (spark.sql.shuffle.partitions default, AQE off in "
      "3.1.1) for 1022 shuffle records in total (~5 rows per task, median 122-172 ms): 5800 + 3979 + 3174 ms of stage time on 8 local cores.", stage="2.0", jobs=[1, 3, 4]),
], [
    (r"arrow\.pyspark\.enabled|vectori[sz]ed pandas UDF",
     "B15-1: the five operators are already Arrow pandas UDFs"),
] + GENERIC,
    "tiny-tasks kind: shuffle (the fix is spark.sql.shuffle.partitions ~8 or AQE coalescing). "
    "Driver-only 115152 ms.")

# 14 --------------------------------------------------------------- aqeshuffle
entry(Q + "aqeshuffle_eventlog.zstd", 17896, AS, [
    x("driver-after-last-job", 7087, 200, 1, "Last JobEnd (job 3) at +10809.", window=[10809, 17896]),
    x("driver-before-first-job", 6285, 200, 2, "JobStart 0 at +6285 (SQL 0 at +5937).",
      window=[0, 6285]),
    x("spill", 400, 400, 5,
      "Stage 4.0 (2549 ms, 13 tasks): 528.0 MiB memory / 113.4 MiB disk spilled; GC 15.7 % of task "
      "time; local[*], driver JVM only.", stage="4.0", jobs=[2]),
], [
    (r"spark\.executor\.(memory|cores)=", "B13-1: local mode; the knob is spark.driver.memory / local[N]"),
    (r"spark\.executor\.instances", "B6-1: local mode has no executors to release"),
] + GENERIC,
    "Driver-only 13611 ms = 6285 + 239 + 7087.")

# 15 --------------------------------------------------------------- complex_dec
entry(Q + "complex_dec_eventlog.zstd", 131104, AS, [
    x("driver-between-jobs", 107472, 500, 1,
      "Interactive shell: gaps between the 21 tiny jobs sum to 107472 ms (largest +76203..+108053).",
      window=[76203, 108053]),
    x("driver-before-first-job", 21091, 300, 2, "JobStart 0 at +21091.", window=[0, 21091]),
    x("job-failed", 70, 50, 3,
      "Job 17 (stage 17.0 'parquet at <console>:23', the parquet footer/schema-merge job of a "
      "spark.read.parquet) aborted: 'Task 0 in stage 17.0 failed 1 times' (local mode, maxFailures=1), "
      "SparkException 'Exception thrown in awaitResult' from readParquetFootersInParallel. No retry.",
      stage="17.0", jobs=[17], window=[108053, 108123]),
], [
    (r"were retried", "B8-2: local mode, 1 attempt, the job aborted"),
    (r"scanned by 3 queries", "B11-3: 9.2 KiB in all"),
    (r"df\.cache\(\)", "B11-3"),
    (r"spark\.executor\.instances", "B6-1: local mode"),
] + GENERIC,
    "job-failed must be a headline whatever its 70 ms cost (mustBeInTop is deliberately tighter "
    "than its cost rank). Audit wording 'query aborted': the failed job belongs to no SQL execution; "
    "it is the read's schema inference.")

# 16 --------------------------------------------------------------- zemin 110be
ZEM = "zemin-piao__spark-history-server-rs/spark-events/"
entry(ZEM + "eventlog_v2_spark-110be3a8424d4a2789cb88134418217b", 303916, AS, [
    x("too-few-partitions", 69000, 10000, 1,
      "Stage 7.0 (136926 ms, 45 %): plan Exchange RoundRobinPartitioning(2), REPARTITION_BY_NUM -> 2 "
      "tasks of 124.1/136.9 s read 5.02 GiB of shuffle and write 2.5 GiB on 4 one-core executors (2 "
      "idle). 260.9 s of task time over 4 cores = 65 s: writing with >= 4 partitions saves ~69 s.",
      stage="7.0", jobs=[5], window=[161432, 298358]),
    x("waiting-for-executors", 35320, 500, 3,
      "Job 0 started at +33955 (stage 0.0 submitted +33967) but the 4 k8s executors registered only at "
      "+69275..+69283; first launch +69370.", jobs=[0], window=[33955, 69275]),
    x("driver-before-first-job", 33955, 500, 4, "JobStart 0 at +33955.", window=[0, 33955]),
    x("cpu-bound", 32000, 10000, 5,
      "Stage 5.0 (77460 ms): 17 tasks of ~15.7 s on 4 cores (4.25 waves), CPU/run 0.87; 8 cores "
      "replay 45.5 s.", stage="5.0", jobs=[4]),
], [
    (r"stage 7\.0.*spark\.sql\.shuffle\.partitions",
     "B1-4: stage 7 is the output of an explicit repartition(2); the fix is that call"),
] + GENERIC,
    "Driver-only 44172 ms = 33955 + 4659 + 5558.")

# 17 --------------------------------------------------------------- zemin cc4d
entry(ZEM + "eventlog_v2_spark-cc4d115f011443d787f03a71a476a745", 508614, AS, [
    x("too-few-partitions", 154000, 20000, 1,
      "Stage 7.0 (286992 ms, 56 %): Exchange RoundRobinPartitioning(2), REPARTITION_BY_NUM -> 2 tasks "
      "of 243.3/287.0 s read 10.02 GiB of shuffle for 2 output files (5.0 GiB) on 4 one-core executors. "
      "530.2 s of task time / 4 cores = 133 s: >= 4 partitions save ~154 s (2.6 min).",
      stage="7.0", jobs=[5], window=[217210, 504202]),
    x("cpu-bound", 62000, 15000, 3,
      "Stage 5.0 (137417 ms): 34 tasks of ~15 s on 4 cores (8.5 waves), CPU/run 0.88; 8 cores replay "
      "75.5 s.", stage="5.0", jobs=[4]),
    x("driver-before-first-job", 34006, 500, 4, "JobStart 0 at +34006.", window=[0, 34006]),
    x("waiting-for-executors", 29948, 500, 4,
      "Job 0 at +34006, executors registered +63954..+64083 (29.9 s, 5.9 % of wall: must not be "
      "silenced by a fixed 30 s threshold).", jobs=[0], window=[34006, 63954]),
], [
    (r"near (their|the) heap limit", "B12-2: GC 368 ms of 530 s in stage 7, nothing spilled or failed"),
    (r"stage 7\.0.*spark\.sql\.shuffle\.partitions", "B1-4: explicit repartition(2)"),
] + GENERIC,
    "Driver-only 43364 ms = 34006 + 4946 + 4412.")

# 18 --------------------------------------------------------------- sparklint zip
entry("groupon__sparklint/history_source/eventLogs-application_1489705648216_1600.zip", 142567, AS, [
    x("driver-before-first-job", 67982, 300, 1, "JobStart 0 at +67982 (yarn-client, Spark 1.6.1).",
      window=[0, 67982]),
    x("driver-after-last-job", 14169, 300, 3, "Last JobEnd at +128398.", window=[128398, 142567]),
    x("cold-executor", 12000, 8000, 5,
      "Stage 1.0 (33272 ms): 18 executors were added while it ran (+91378..+101163) and the first tasks "
      "on each, launched 0-2 ms after registration, spent 2.5-16.9 s in Executor Deserialize Time "
      "(311.3 s of the stage's 416.7 s task time) vs 3-90 ms on the warm executor 1.",
      stage="1.0", jobs=[1]),
    x("locality-wait", 11000, 6000, 5,
      "Stage 1.0: executor 1 sat idle from +91383 while pending tasks waited for NODE_LOCAL slots "
      "(Spark 1.6 resets the wait timer on every local launch as new executors arrive); 11 RACK_LOCAL "
      "tasks then launched within 4 ms at +103843..+103847. idleSlots gaps total 25401 ms in stages "
      "1-3.", stage="1.0", jobs=[1], window=[91383, 103847]),
    x("waiting-for-executors", 8195, 300, 6,
      "Job 0 at +67982, first executor at +76177 (dynamic allocation, no initial executors).",
      jobs=[0], window=[67982, 76177]),
], [
    (r"locality\.wait=\s*([3-9]|\d\d)", "B14-1: the fix is to LOWER spark.locality.wait"),
    (r"give the scheduler time", "B14-1"),
    (r"spark\.sql\.adaptive", "Spark 1.6.1 has no AQE"),
] + GENERIC,
    "cold-executor and locality-wait both act inside stage 1.0 (+85033..+118305); their costs are "
    "estimated separately (without cold deserialization the stage ends ~12 s sooner, without the "
    "locality hold another ~11 s) and together stay below the stage's 33.3 s. The audit attributes "
    "all of stage 1's idle to locality; the deserialization on fresh executors is at least as big.")

# 19 --------------------------------------------------------------- event_log_1
entry("groupon__sparklint/directory_source/event_log_1", 73837, AS, [
    x("driver-before-first-job", 21975, 300, 1,
      "Executors 1/2 (4 cores each) at +17845/+17913; JobStart 0 at +21975.", window=[0, 21975]),
    x("cpu-bound", 16000, 5000, 2,
      "Stage 0.0 (map, 35758 ms): 24 tasks of 9.5 s median reading 39 MiB each, 3 waves on the 8 cores, "
      "GC 17.9 % of task time; 16 slots replay 19.2 s.", stage="0.0", jobs=[0]),
    x("shutdown-side-effect", 1479, 500, 3,
      "Job 3 (CountByStatusCode) started +72358; ApplicationEnd came at +73837 from SparkContext.stop "
      "in a shutdown hook while stage 7.0 ran (1 of 24 tasks ended: java.io.IOException 'Filesystem "
      "closed'); JobEnd 3 'Job cancelled because SparkContext was shut down' at +74015.",
      stage="7.0", jobs=[3], window=[72358, 73837]),
], [
    (r"filesystem closed.*fix the error in the task code", "B8-3: shutdown side effect"),
    (r"stage 7\.0.*see the failed tasks", "B8-3"),
] + GENERIC,
    "The stack of JobEnd 3 shows SparkShutdownHookManager -> SparkContext.stop: the JVM was "
    "shutting down (external kill or exit) with a job in flight; job 3 never produced its result. "
    "StageCompleted 7.0 and JobEnd 3 are logged after ApplicationEnd.")

# 20 --------------------------------------------------------------- app-20161115172038-0000
entry("apache__spark/core/spark-events/app-20161115172038-0000", 101795, AS, [
    x("driver-after-last-job", 93943, 300, 1, "The only job ends at +7852; ApplicationEnd at +101795.",
      window=[7852, 101795]),
    x("driver-before-first-job", 6776, 200, 2, "JobStart 0 at +6776.", window=[0, 6776]),
    x("host-failures", 500, 300, 3,
      "All 10 failed attempts (RuntimeException 'bad exec') ran on executors 0 (4) and 2 (6); executors "
      "1 and 3 ran all 16 successes. ExecutorBlacklisted for 2 and 0 and NodeBlacklisted for "
      "172.22.0.111 (executorFailures 2) at +7851. Job 0 took 1076 ms vs a 319 ms task median.",
      stage="0.0", jobs=[0]),
], [
    (r"fix the error in the task code", "B8-4: failures are confined to two excluded executors"),
] + GENERIC,
    "Audit correction: spark.master=local-cluster[4,4,1024] - all 4 executors (and every success) "
    "are on the same host 172.22.0.111, so 'all failures on one host' is trivially true; the "
    "concentration is on executors 0 and 2 (the node was excluded because 2 of its executors were).")

# 21 --------------------------------------------------------------- application_1553914137147_0018
entry("apache__spark/core/spark-events/application_1553914137147_0018", 62168, AS, [
    x("too-few-partitions", 14000, 7000, 1,
      "RDD 1 (DISK_ONLY, cached by stage 0.0) has 2 partitions of 2.33 GiB on 3 one-core executors: "
      "stages 0.0/1.0/2.0 run 2 tasks each (16.2, 14.5-14.8, 14.2-30.3 s). Jobs 1 and 2 run "
      "concurrently (4 tasks, 3 cores): stage 2.0's task 5 queued until +42594 for executor 1 and task 4 "
      "ran RACK_LOCAL on executor 2 (remote read of a 2.33 GiB block, 30.3 s vs 14.5 s local).",
      stage="2.0", jobs=[0, 1, 2]),
    x("driver-before-first-job", 11455, 300, 2, "Executors at +10310..+11076; JobStart 0 at +11455.",
      window=[0, 11455]),
], [
    (r"RDD 1 is only 0 ?% cached", "B10-1: stages 1 and 2 each read 4.66 GiB of RDD 1 from its cache"),
] + GENERIC,
    "This is Spark's LargeBlocks test app. Driver-only 11492 ms, nearly all before the first job.")

# 22 --------------------------------------------------------------- local-1430917381534
entry("apache__spark/core/spark-events/local-1430917381534", 10505, AS, [
    x("driver-before-first-job", 5529, 200, 1, "JobStart 0 at +5529.", window=[0, 5529]),
    x("driver-after-last-job", 3809, 200, 2, "JobEnd 0 at +6696.", window=[6696, 10505]),
    x("tiny-tasks", 700, 300, 3,
      "Stage 0.0 (textFile map, 966 ms): 100 input splits of ~70564 B (6.6 MiB total, Data Read Method "
      "Hadoop), median task 40 ms, at most 12 concurrent (local[*], no ExecutorAdded: slots inferred "
      "from overlap). With ~12 splits the stage would take ~0.1-0.3 s.", stage="0.0", jobs=[0]),
], [
    (r"spark\.sql\.shuffle\.partitions", "B2-1: RDD textFile input splits (Spark 1.4); use minPartitions / fewer files"),
    (r"spark\.sql\.adaptive", "B2-1: no SQL, no AQE in 1.4"),
] + GENERIC,
    "tiny-tasks kind: rdd-input. Disagreement with the audit: its '1 slot assumed, 6x too high' "
    "implies ~160 ms; the stage itself lasted 966 ms with 12-way concurrency and most of it is "
    "per-task overhead, so ~0.7 s is the better estimate (tolerance covers 0.4-1.0 s).")

# 23 --------------------------------------------------------------- local-1422981780767
entry("apache__spark/core/spark-events/local-1422981780767", 9011, AS, [
    x("driver-before-first-job", 4508, 200, 1,
      "First stage submitted at +4508 (JobStart has no Submission Time: job spans come from stage/task "
      "times).", window=[0, 4508]),
    x("job-failed", 518, 100, 3,
      "Job 1 (stages 1.0 map + 2.0 count at <console>:20) aborted: 'Task 3 in stage 2.0 failed 1 times "
      "... java.lang.RuntimeException: got a 3, failing' (local mode, no retry); job span +6109..+6627 "
      "from its stages.", stage="2.0", jobs=[1], window=[6109, 6627]),
    x("log-quality", 0, 0, 5,
      "Spark 1.2-era log: no LogStart; JobStart has no 'Submission Time' and JobEnd no 'Completion "
      "Time' for all 3 jobs. Stage/task times give jobs 1144 ms (591 + 518 + 35) and driver-only 7867 "
      "ms, not 'jobs 0 ms, driver only 9.0 s'."),
], [
    (r"no job ran", "B0-4: 3 jobs ran"),
    (r"were retried", "B8-2: local mode, failed 1 times, job aborted"),
] + GENERIC,
    "Audit correction: the audit says '3 jobs ran' but misses that job 1 failed. Stage durations "
    "591/457/51/35 ms (submission->completion; the audit's 585 is task span 584). Between jobs "
    "1854 ms, after the last 1505 ms.")

# 24 --------------------------------------------------------------- failure-job
entry(SW + "failure-job.ndjson", 47436, AS, [
    x("job-failed", 41406, 500, 1,
      "Job 1 (stage 1.0, 2 partitions) aborted after 4 attempts per partition: 8 PythonException "
      "'InjectedTaskFailure' attempts of 10.1-10.9 s each, every retry launched 0-2 ms after the "
      "previous failure; JobEnd JobFailed at +47093. The app continued with job 2.",
      stage="1.0", jobs=[1], window=[5687, 47093]),
    x("waiting-for-executors", 2405, 200, 3,
      "Job 0 at +2200, first executor at +4605 (standalone, dynamic allocation).", jobs=[0],
      window=[2200, 4605]),
], [
    (r"were retried", "B8-2: the job aborted; 'were retried' implies recovery"),
    (r"waited to launch", "B0-7: retries launched within 6 ms; idle cores come from 2 partitions on 4 cores"),
    (r"spark\.speculation", "speculation cannot help a deterministic failure"),
] + GENERIC,
    "Costs must not exceed wall: the tool charges 41.4 s + 24.9 s for the same stage (140 %). "
    "What-if must not replay the 8 sequential attempts as parallel tasks.")

# 25 --------------------------------------------------------------- failure-task-retry
entry(SW + "failure-task-retry.ndjson", 17425, AS, [
    x("task-retry", 11000, 1000, 1,
      "Stage 0.0: the 4 first attempts failed (PythonException) after 10970-10983 ms; the retries, "
      "launched 0-3 ms later, took 164-190 ms; the stage ended at +17404 instead of ~+6.4 s.",
      stage="0.0", jobs=[0], window=[5090, 17238]),
    x("waiting-for-executors", 2533, 200, 2,
      "Job 0 at +2356, first executor at +4889.", jobs=[0], window=[2356, 4889]),
], [
    (r"job (1 )?(failed|aborted)", "the job succeeded"),
] + GENERIC,
    "New cause id 'task-retry': attempts failed and were retried successfully; the failed attempts' "
    "duration is wall time lost. (Not job-failed, not host-failures: failures on both executors.)")

# 26 --------------------------------------------------------------- failure-killed-run
entry(SW + "failure-killed-run.ndjson", 8355,
      AS + " (no ApplicationEnd: end = last event, JobEnd 0 at +8355)", [
    x("waiting-for-executors", 4977, 200, 1,
      "Job 0 at +2462 (stage 0.0 submitted +2470); the only executor registered at +7439; first launch "
      "+7632.", jobs=[0], window=[2462, 7439]),
    x("driver-before-first-job", 2462, 200, 2, "JobStart 0 at +2462.", window=[0, 2462]),
    x("log-quality", 0, 0, 3,
      "No ApplicationEnd: the driver was killed after job 0 (JobEnd at +8355 is the last event); the "
      "wall clock is a lower bound."),
], GENERIC, "Small run; the incompleteness must be reported.")

# 27 --------------------------------------------------------------- external-skewed (fixture)
entry(SW + "external/external-skewed-eventlog.ndjson", 10000,
      AS + "; task Launch/Finish Times are relative (0-based) and rebased onto JobStart 0 (+1000)", [
    x("shuffle-skew", 8000, 1500, 1,
      "Stage 4.0 (10 tasks, all launched together): task 109 read 10000 B of shuffle (9000 remote) and "
      "ran 9000 ms; the other 9 read 1000 B and ran 1000 ms (median 1000 ms, 10x bytes, 9x time). 10 "
      "concurrent tasks => >= 10 slots although no executor is logged.",
      stage="4.0", jobs=[0], window=[2000, 10000]),
    x("log-quality", 0, 0, 3,
      "Fixture: no LogStart, no executors, no JobEnd/StageCompleted, task times relative to 0 while "
      "ApplicationStart is epoch 1778846400000."),
], [
    (r"\+-\d", "B20: broken offset from relative task times"),
    (r"\d{10,} ms", "B20: epoch offset printed as a duration"),
    (r"stage stage", "B20"),
], "The window assumes task times are offsets from job submission (+1000); offsets from "
   "ApplicationStart would give +0..+9000. Either way the cost is ~8 s (of 10 s) and must not be "
   "0 / info because cores are unknown (B0-9, B4-3).")

# 28 --------------------------------------------------------------- external-retry-waste (fixture)
entry(SW + "external/external-retry-waste-eventlog.ndjson", 10000,
      AS + "; task times relative (0-based), rebased onto JobStart 0 (+1000)", [
    x("task-retry", 9000, 1000, 1,
      "Stage 16.0: 3 first attempts fail at 10000 ms (2 ExceptionFailure with no class or message, 1 "
      "ExecutorLostFailure with no executor id); retries run 10000->12000 and succeed. The job's whole "
      "span (+1000..+10000) is lost to the failed attempts.", stage="16.0", jobs=[0], window=[1000, 10000]),
    x("log-quality", 0, 0, 3,
      "Relative task times end at 12000 ms (13000 if rebased on job submission) after ApplicationEnd "
      "(+10000); empty failure reasons; no JobEnd."),
], [
    (r"failed:\s{2,}", "B8-5: empty reason text"),
    (r"first error: :", "B8-5: empty class"),
    (r"executor\s{2,}exited", "B8-5: empty executor id"),
    (r"\+-\d", "B20"),
], "Costs must be capped at the wall clock: the tool charges 20 s + 10 s in a 10 s app (300 %).")

# 29 --------------------------------------------------------------- external-minimal (fixture)
entry(SW + "external/external-minimal-eventlog.ndjson", 2832000, AS, [
    x("driver-after-last-job", 2823000, 1000, 1,
      "Tasks run +2000..+9000 (stage 0.0: 2 tasks, stage 1.0: 1 task); there is no JobEnd and no "
      "StageCompleted, and ApplicationEnd comes at +2832000: 2823 s (47.05 min) with no task running.",
      jobs=[0], window=[9000, 2832000]),
    x("log-quality", 0, 0, 2,
      "No JobEnd/StageCompleted/LogStart/executors: a job without JobEnd must not be charged as "
      "running to the app end ('jobs 47.2 min, driver only 1.0 s')."),
], GENERIC,
    "Whether the 2823 s is labelled driver-after-last-job or 'job open, no task running' (B0-2), it "
    "must be a top finding, not 'No findings'.")

# 30 --------------------------------------------------------------- ucesys no-app-start
entry("ucesys__sparkscope/eventlog/app-20231025121456-0004-eventLog-error-no-app-start", None,
      "first sane event: BlockManagerAdded (driver) 1698236096475 = 2023-10-25 12:14:56.475 UTC (no "
      "ApplicationStart; the earliest timestamp, a 2018 task launch, is rejected)", [
    x("log-quality", 0, 0, 1,
      "No ApplicationStart; the only TaskEnd (task 0 of 600) has Launch/Finish Time 1532512561948/"
      "1532512562213 (2018-07-25, copied from the 2018 app qubole local-1532512550423) and executor "
      "'driver', while its own TaskStart says 1698236098725 on executor 0. Raw first->last spans "
      "165723542151 ms (46034.3 h)."),
    x("waiting-for-executors", 1367, 100, 2,
      "Job 0 at 12:14:57.140 (+665), executors 0/1 added at +2032/+2065; the TaskStart at +2250.",
      jobs=[0], window=[665, 2032]),
], [
    (r"\d{3,}(\.\d+)? ?h\b", "B0-5: hour-scale wall clock / offsets from the 2018 timestamp"),
    (r"\+\d{6,}", "B20: offsets from the bogus origin"),
] + GENERIC,
    "wallClockMs is null: the sane wall clock is 7624 ms (12:14:56.475 -> ApplicationEnd "
    "12:15:04.099); with the ApplicationStart of the '-finished' variant it is 8377 ms. Job 0 "
    "lasts 6956 ms, stage 0.0 6898 ms from submission (5366 ms from the TaskStart); StageCompleted "
    "accumulables: 600 tasks, 12201 ms run time. The same foreign TaskEnd is in all 9 "
    "app-20231025121456-0004 variants; '-finished-exec-removed' has another TaskEnd (task 2031, "
    "2023-12-29) with no TaskStart.")

# 31 --------------------------------------------------------------- exec_removed
entry(Q + "cluster_information/eventlog_3nodes_12cores_exec_removed", None,
      AS + " 1622043422343 (2021-05-26 15:37:02.343 UTC)", [
    x("log-quality", 0, 0, 1,
      "local[*] app of 2021-05-26 with ExecutorAdded/Removed and BlockManager events dated "
      "2023-12-12 21:48 (3 executors x 12 cores on 10.59.x hosts), no ApplicationEnd, job 1 without "
      "JobEnd and stages 1.0/2.0 without StageCompleted (3 TaskStarts without TaskEnd): raw span "
      "80374298919 ms (22326.2 h, 2.5 years)."),
    x("driver-before-first-job", 4024, 200, 2, "JobStart 0 at +4024.", window=[0, 4024]),
], [
    (r"\d{3,}(\.\d+)? ?h\b", "B0-5: 22326.2 h wall clock"),
    (r"waited .* for executors|no executor (was )?alive", "executor events are from another date; not evidence"),
] + GENERIC,
    "wallClockMs is null: the sane wall clock is 6114 ms (ApplicationStart -> last 2021 event, a "
    "task finish at 15:37:08.457); jobs 4024->4841 and 5294->6114 (job 1 truncated). Same splice in "
    "eventlog_same_app_id_1/2, 2nodes_8cores, variable_cores, platform/dataproc|emr|onprem (and "
    "ExecutorAdded after ApplicationEnd in multiple_executors and platform/databricks-aws|azure).")


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(__file__), "..", "expectations.json")
    with open(out, "w") as f:
        json.dump(E, f, indent=1)
        f.write("\n")
    print(len(E), "entries ->", os.path.abspath(out))
