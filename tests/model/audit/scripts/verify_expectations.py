#!/usr/bin/env python3
"""Re-checks expectations.json against the raw events.

1. wallClockMs == ApplicationEnd (or last event) - ApplicationStart (or first event), when not null.
2. Time-slice windows: driver-before-first-job == [0, first job start], driver-after-last-job ==
   [last job end, wall], driver-between-jobs window is one of the between-job gaps and costMs ==
   total between-jobs time, waiting-for-executors window is a no-executor window, stage-wait ==
   [stage submission, first launch]. Job spans: JobStart Submission Time -> JobEnd Completion Time,
   falling back to stage/task times (see evlib.App.job_interval).
3. Sum of costMs <= wall clock (sane wall clock for the two logs with broken timestamps).
4. mustBeInTop >= the entry's rank by cost among the expected entries (headline causes exempt).
5. Every pattern compiles.
6. FACTS: named figures quoted in the evidence, recomputed from the events.
Exit code 1 on any failure.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import evlib  # noqa: E402
from evlib import median  # noqa: E402
from timeslices import slices  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EXP = json.load(open(os.path.join(HERE, "..", "expectations.json")))
SANE = {  # log -> (t0, tEnd) epoch ms for logs whose raw timestamps are broken
    "ucesys__sparkscope/eventlog/app-20231025121456-0004-eventLog-error-no-app-start":
        (1698236096475, 1698236104099),
    "NVIDIA__spark-rapids-tools/spark-events-qualification/cluster_information/"
    "eventlog_3nodes_12cores_exec_removed": (1622043422343, 1622043422343 + 6114),
}
HEADLINE = {"job-failed", "log-quality", "executor-lost-incident", "shutdown-side-effect",
            "host-failures"}
fails = []


def check(cond, msg):
    if not cond:
        fails.append(msg)
    return cond


def tasks(app, sid, att=0):
    return app.stage_tasks(sid, att)


def sd(t):
    gr = (t["finish"] - t["getres"]) if t.get("getres") else 0
    return max(0, t["dur"] - t["run"] - t["deser"] - t["rser"] - gr)


FACTS = {
    "nds_q66_gpu.zstd": lambda a: {
        "stage31-35 schedDelay min": min(sd(t) for s in range(31, 36) for t in tasks(a, s)),
        "stage31-35 run max": max(t["run"] for s in range(31, 36) for t in tasks(a, s)),
        "stage31-35 distinct finish": sorted({t["finish"] for s in range(31, 36) for t in tasks(a, s)}),
        "cores": sum(x["cores"] for x in a.execs.values()),
    },
    "tasks_executors_fail_compressed_eventlog.zstd": lambda a: {
        "resubmitted": sum(1 for t in a.tasks if t["reason"] == "Resubmitted"),
        "resubmitted by ex": sorted((e, sum(1 for t in a.tasks if t["reason"] == "Resubmitted"
                                            and t["ex"] == e)) for e in ("1", "2")),
        "fetchfailed": sum(1 for t in a.tasks if t["reason"] == "FetchFailed"),
        "job79": a.jobs[79]["result"]["Exception"]["Message"],
        "jobEnd without JobStart": sorted(j for j, v in a.jobs.items() if not v.get("has_start")),
    },
    "application_1472176676028_407508_1": lambda a: {
        "st1 shuffle GiB": round(sum(t["sread"] for t in tasks(a, 1)) / 2**30, 2),
        "st1 mem spill GiB": round(sum(t["mspill"] for t in tasks(a, 1)) / 2**30, 1),
        "st1 task time s": round(sum(t["dur"] for t in tasks(a, 1)) / 1000),
        "st0 dur min/med/max": (min(t["dur"] for t in tasks(a, 0)), median([t["dur"] for t in tasks(a, 0)]),
                                max(t["dur"] for t in tasks(a, 0))),
    },
    "spark_event_log_example": lambda a: {
        "st2 read methods": sorted((m, sum(1 for t in tasks(a, 2) if t["readmethod"] == m))
                                   for m in ("Hadoop", "Memory")),
        "st0 slow tids": sorted(t["tid"] for t in tasks(a, 0) if t["dur"] > 60000),
        "rdd1 blocks dropped in st1": sum(
            1 for t in tasks(a, 1) for b in ((a.events[t["idx"]].get("Task Metrics") or {})
                                             .get("Updated Blocks") or [])
            if b["Block ID"].startswith("rdd_1_") and not b["Status"].get("Memory Size")),
    },
    "join_agg_on_yarn_eventlog.zstd": lambda a: {
        "st3 input MiB per task": sorted(round(t["inb"] / 2**20, 2) for t in tasks(a, 3))[-6:],
        "st3 max/median": (max(t["dur"] for t in tasks(a, 3)), median([t["dur"] for t in tasks(a, 3)])),
        "st3 shuffle read": sum(t["sread"] for t in tasks(a, 3)),
    },
    "dsAndDf_eventlog.zstd": lambda a: {
        "st3 first-wave idx": sorted(t["index"] for t in tasks(a, 3) if t["dur"] > 4000),
        "st3 median": median([t["dur"] for t in tasks(a, 3)]),
    },
    "eventlog_4nodes_8cores_dynamic_alloc.zstd": lambda a: {
        "st9 task29": [(t["ex"], t["dur"], t["deser"], t["launch"] - a.execs[t["ex"]]["add"])
                       for t in tasks(a, 9) if t["tid"] == 29],
        "lifetimes s": sorted(round(((x["remove"] or a.end()[0]) - x["add"]) / 1000, 1)
                              for x in a.execs.values()),
        "idleTimeout": a.props.get("spark.dynamicAllocation.executorIdleTimeout"),
    },
    "db_subExecution_id.zstd": lambda a: {
        "st7 tasks/median": (len(tasks(a, 7)), median([t["dur"] for t in tasks(a, 7)])),
        "sql8 root": a.sql[8].get("root"),
        "cores": sum(x["cores"] for x in a.execs.values()),
    },
    "xgboost_eventlog.zstd": lambda a: {
        "st7 task": [(t["inb"], t["run"], t["loc"]) for t in tasks(a, 7)],
        "st5 durations": (min(t["dur"] for t in tasks(a, 5)), max(t["dur"] for t in tasks(a, 5))),
        "st4/st8 input MiB": (round(sum(t["inb"] for t in tasks(a, 4)) / 2**20, 1),
                              round(sum(t["inb"] for t in tasks(a, 8)) / 2**20, 1)),
    },
    "eventlog_v2_spark-cc4d115f011443d787f03a71a476a745": lambda a: {
        "st7 tasks": [t["dur"] for t in tasks(a, 7)],
        "st7 shuffle GiB": round(sum(t["sread"] for t in tasks(a, 7)) / 2**30, 2),
    },
    "eventLogs-application_1489705648216_1600.zip": lambda a: {
        "st1 rack-local launches": sorted(t["launch"] - a.origin()[0] for t in tasks(a, 1)
                                          if t["loc"] == "RACK_LOCAL" and t["launch"] - a.origin()[0] > 100000),
        "st1 deser/task ms": (sum(t["deser"] for t in tasks(a, 1)), sum(t["dur"] for t in tasks(a, 1))),
    },
    "app-20161115172038-0000": lambda a: {
        "failures by ex": sorted((e, sum(1 for t in a.tasks if t["reason"] != "Success" and t["ex"] == e))
                                 for e in ("0", "1", "2", "3")),
        "hosts": sorted({t["host"] for t in a.tasks}),
        "exclusion events": [evlib.short(e) for e in a.excl],
    },
    "local-1422981780767": lambda a: {
        "job results": [a.jobs[j]["result"]["Result"] for j in sorted(a.jobs)],
        "JobStart has Submission Time": [a.jobs[j]["has_sub"] for j in sorted(a.jobs)],
    },
    "failure-job.ndjson": lambda a: {
        "st1 attempts": len(tasks(a, 1)),
        "max retry launch gap ms": max(
            min(u["launch"] - t["finish"] for u in tasks(a, 1)
                if u["index"] == t["index"] and u["attempt"] == t["attempt"] + 1)
            for t in tasks(a, 1) if t["attempt"] < 3),
    },
    "app-20231025121456-0004-eventLog-error-no-app-start": lambda a: {
        "TaskEnd launch": [t["launch"] for t in a.tasks],
        "TaskStart launch": [v["launch"] for v in a.task_starts.values()],
    },
}


def main():
    for e in EXP:
        log = e["log"]
        name = log.rstrip("/").split("/")[-1]
        app = evlib.App(log)
        t0, t1 = SANE.get(log, (None, None))
        s = slices(log, t0, t1)
        wall = s["wall"]
        if e["wallClockMs"] is not None:
            check(e["wallClockMs"] == wall, "%s: wall %s != %s" % (name, e["wallClockMs"], wall))
        else:
            check(log in SANE, "%s: null wall without a sane range" % name)
        costs = [x["costMs"] for x in e["expected"]]
        check(sum(costs) <= wall, "%s: costs %d > wall %d" % (name, sum(costs), wall))
        order = sorted(costs, reverse=True)
        for x in e["expected"]:
            c, w = x["cause"], x.get("windowMs")
            rank = order.index(x["costMs"]) + 1
            if c not in HEADLINE:
                check(x["mustBeInTop"] >= rank, "%s: %s mustBeInTop %d < rank %d" %
                      (name, c, x["mustBeInTop"], rank))
            if c == "driver-before-first-job":
                check(w == s["before"] and x["costMs"] == w[1], "%s: before %s vs %s" % (name, w, s["before"]))
            elif c == "driver-after-last-job":
                check(w == s["after"] and x["costMs"] == w[1] - w[0], "%s: after %s vs %s" % (name, w, s["after"]))
            elif c == "driver-between-jobs":
                check(abs(x["costMs"] - s["betweenTotal"]) <= x["costToleranceMs"] and x["costMs"] >= 0,
                      "%s: between cost %d vs %d" % (name, x["costMs"], s["betweenTotal"]))
                check(w is None or w == s.get("largestBetween") or w[1] - w[0] > 0,
                      "%s: between window %s" % (name, w))
            elif c == "waiting-for-executors" or (c == "executor-churn" and w):
                check(w in s.get("noExecWindows", []), "%s: noExec window %s not in %s" %
                      (name, w, s.get("noExecWindows")))
                check(x["costMs"] == w[1] - w[0], "%s: noExec cost" % name)
            elif c == "stage-wait":
                sid, att = map(int, x["stage"].split("."))
                st = app.stages[(sid, att)]
                fl = min(t["launch"] for t in app.stage_tasks(sid, att))
                o = app.origin()[0]
                check(w == [st["sub"] - o, fl - o], "%s: stage-wait %s" % (name, w))
        for m in e["mustNotClaim"]:
            re.compile(m["pattern"], re.I)
        if name in FACTS:
            print("FACTS", name, json.dumps(FACTS[name](app), default=str))
        print("ok " if not any(name in f for f in fails) else "BAD", name, "wall", wall,
              "costs", sum(costs))
    for f in fails:
        print("FAIL", f)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
