#!/usr/bin/env python3
"""Survey every log listed in /work/shared/eventlogs/README.md.

Definitions (all ms):
  t0        ApplicationStart.Timestamp if present, else the earliest timestamp in the log.
  tEnd      ApplicationEnd.Timestamp if present, else the latest timestamp in the log.
  wall      tEnd - t0.
  job span  JobStart.Submission Time -> JobEnd.Completion Time. Missing Submission Time: earliest
            stage submission / task launch of the job's stages; missing JobEnd: last stage
            completion / task finish of its stages (NOT the app end). Clipped to [t0, tEnd].
  driverBefore/Between/After  time in [t0,tEnd] not covered by the union of job spans, before
            the first span, between spans, after the last span. No jobs -> all is 'before'... we
            report it as driverOnly with before=after=between=NA.
  noExecWhileJobs  time covered by job spans but by no live executor (ExecutorAdded ->
            ExecutorRemoved/tEnd; local-mode 'driver' executors count). If the log has no
            ExecutorAdded, BlockManagerAdded is used (non-driver BMs, or the driver BM if no other);
            if neither exists -> NA.
  largestStage  longest stage attempt (Submission -> Completion, both required), share of wall.
Anomaly columns: TaskEnd without a TaskStart, JobStart without 'Submission Time', jobs without
JobEnd, timestamps outside [t0, tEnd] by more than 1 h (count), unparsable lines.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import evlib  # noqa: E402

HOUR = 3600 * 1000


def robust_bounds(app):
    """Return the median timestamp; used to flag outliers (|t - median| > 30 days)."""
    ts = sorted(t for t, _ in app.all_ts)
    return ts[len(ts) // 2] if ts else None


def survey(path):
    app = evlib.App(path)
    row = dict(log=path)
    nbad = len([1 for ln in evlib.open_lines(path)]) - len(app.events)
    if not app.all_ts:
        row.update(wall="NA", note="no timestamps")
        return row, app
    t0, t0src = app.origin()
    t1, t1src = app.end()
    row["t0src"] = t0src
    row["tEndsrc"] = t1src
    wall = t1 - t0
    row["wall"] = wall
    # anomalies
    med = robust_bounds(app)
    outl = [(t, w) for t, w in app.all_ts if abs(t - med) > 30 * 24 * HOUR]
    outside = [(t, w) for t, w in app.all_ts if t < t0 - HOUR or t > t1 + HOUR]
    row["tsOutliers30d"] = len(outl)
    row["tsOutsideApp1h"] = len(outside)
    no_start = [t for t in app.tasks if t["tid"] not in app.task_starts]
    row["taskEndNoStart"] = len(no_start)
    row["jobNoSubTime"] = sum(1 for j in app.jobs.values() if j.get("has_start") and not j.get("has_sub"))
    row["jobEndNoStart"] = sum(1 for j in app.jobs.values() if not j.get("has_start"))
    row["jobNoEnd"] = sum(1 for j in app.jobs.values() if not j.get("has_end_event"))
    row["jobEndNoTime"] = sum(1 for j in app.jobs.values() if j.get("has_end_event") and not j.get("end_has_time"))
    row["taskStartEndMismatch"] = sum(1 for t in app.tasks if t["tid"] in app.task_starts
                                      and app.task_starts[t["tid"]]["launch"] != t["ti"].get("Launch Time"))
    row["taskStartNoEnd"] = len(set(app.task_starts) - {t["tid"] for t in app.tasks})
    row["resubmittedTaskEnds"] = sum(1 for t in app.tasks if t["reason"] == "Resubmitted")
    row["badLines"] = nbad
    row["relativeTaskTimes"] = app.relative_tasks
    if outl:
        sane = [t for t, w in app.all_ts if abs(t - med) <= 30 * 24 * HOUR]
        row["wallSane"] = max(sane) - min(sane)
    else:
        row["wallSane"] = wall
    row["jobs"] = len(app.jobs)
    row["stageAttempts"] = len(app.stages)
    row["taskEnds"] = len(app.tasks)
    # job spans
    spans = []
    for jid in app.jobs:
        s, e, _, _ = app.job_interval(jid)
        if s is not None and e is not None:
            spans.append((max(s, t0), min(e, t1)))
    u = evlib.union(spans)
    jobtime = evlib.total(u)
    row["jobTime"] = jobtime
    row["driverOnly"] = wall - jobtime
    if u:
        row["driverBefore"] = u[0][0] - t0
        row["driverAfter"] = t1 - u[-1][1]
        row["driverBetween"] = sum(u[i + 1][0] - u[i][1] for i in range(len(u) - 1))
    else:
        row["driverBefore"] = row["driverAfter"] = row["driverBetween"] = "NA"
    # executors
    alive = []
    src = "ExecutorAdded"
    if app.execs:
        for x in app.execs.values():
            a = x.get("add")
            r = x.get("remove") or t1
            if a:
                alive.append((a, r))
    else:
        bms = [b for b in app.bms if b["ex"] != "driver"] or [b for b in app.bms]
        src = "BlockManagerAdded" if bms else "none"
        for b in bms:
            alive.append((b["ts"] or t0, t1))
    row["execSource"] = src
    row["executors"] = len(alive)
    if src == "none":
        row["noExecWhileJobs"] = "NA"
    else:
        ua = evlib.union(alive)
        row["noExecWhileJobs"] = evlib.total(evlib.subtract(u, ua))
    # largest stage
    best = None
    for k in app.stages:
        a, b = app.stage_span(k)
        if a and b:
            d = b - a
            if best is None or d > best[1]:
                best = (k, d)
    if best:
        row["largestStage"] = "%d.%d" % best[0]
        row["largestStageMs"] = best[1]
        row["largestStageShare"] = round(best[1] / wall, 4) if wall > 0 else "NA"
    else:
        row["largestStage"] = row["largestStageMs"] = row["largestStageShare"] = "NA"
    return row, app


COLS = ["log", "wall", "wallSane", "t0src", "tEndsrc", "jobs", "stageAttempts", "taskEnds", "jobTime",
        "driverOnly", "driverBefore", "driverBetween", "driverAfter", "noExecWhileJobs",
        "execSource", "executors", "largestStage", "largestStageMs", "largestStageShare",
        "taskEndNoStart", "taskStartEndMismatch", "taskStartNoEnd", "resubmittedTaskEnds",
        "jobNoSubTime", "jobEndNoStart", "jobNoEnd", "jobEndNoTime", "tsOutliers30d", "tsOutsideApp1h",
        "relativeTaskTimes", "badLines"]

if __name__ == "__main__":
    logs = [l.strip() for l in open(os.path.join(os.path.dirname(__file__), "all_logs.txt")) if l.strip()]
    out = ["\t".join(COLS)]
    for p in logs:
        try:
            row, _ = survey(p)
        except Exception as ex:  # keep going
            row = dict(log=p, wall="ERROR " + repr(ex))
        out.append("\t".join(str(row.get(c, "")) for c in COLS))
        print(out[-1], file=sys.stderr)
    dst = sys.argv[1] if len(sys.argv) > 1 else "survey.tsv"
    open(dst, "w").write("\n".join(out) + "\n")
