#!/usr/bin/env python3
"""Dump a readable profile of one log: executors, jobs, stages with task statistics.
Usage: profile.py LOG [--tasks STAGE[.ATT]]   (times are ms relative to t0)"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import evlib  # noqa: E402
from evlib import median, pct


def sched_delay(t):
    gr = (t["finish"] - t["getres"]) if t.get("getres") else 0
    return max(0, t["dur"] - t["run"] - t["deser"] - t["rser"] - gr)


def mib(b):
    return "%.1fMiB" % (b / 1048576.0)


def main():
    path = sys.argv[1]
    app = evlib.App(path)
    t0, src = app.origin()
    t1, src1 = app.end()
    R = lambda x: (x - t0) if x else None  # noqa: E731
    print("log", path)
    print("spark", app.spark_version, "appId", app.app_id, "t0", t0, src, "end", t1, src1,
          "wall", t1 - t0)
    print("master", app.props.get("spark.master"), "dynAlloc",
          app.props.get("spark.dynamicAllocation.enabled"),
          "idleTimeout", app.props.get("spark.dynamicAllocation.executorIdleTimeout"),
          "maxExec", app.props.get("spark.dynamicAllocation.maxExecutors"),
          "execCores", app.props.get("spark.executor.cores"),
          "aqe", app.props.get("spark.sql.adaptive.enabled"),
          "shufflePart", app.props.get("spark.sql.shuffle.partitions"),
          "localityWait", app.props.get("spark.locality.wait"))
    print("-- executors")
    for eid, x in sorted(app.execs.items(), key=lambda kv: kv[1].get("add") or 0):
        print("  ex %-8s host %-40s cores %s add %s remove %s life %s reason %s" % (
            eid, x.get("host"), x.get("cores"), R(x.get("add")), R(x.get("remove")),
            (x["remove"] - x["add"]) if x.get("remove") and x.get("add") else None,
            (x.get("reason") or "")[:80]))
    if not app.execs:
        for b in app.bms:
            print("  bm", b["ex"], b["host"], R(b["ts"]), b["mem"])
    print("-- sql")
    for k, s in sorted(app.sql.items()):
        print("  sql %s root %s start %s end %s desc %s" % (k, s.get("root"), R(s.get("start")),
                                                           R(s.get("end")), (s.get("desc") or "")[:90]))
    print("-- jobs")
    for jid in sorted(app.jobs):
        j = app.jobs[jid]
        s, e, ss, es = app.job_interval(jid)
        res = (j.get("result") or {}).get("Result")
        print("  job %s [%s, %s] dur %s stages %s result %s sql %s hasSub %s desc %s" % (
            jid, R(s), R(e), (e - s) if s and e else None, j["stages"], res,
            j["props"].get("spark.sql.execution.id"), j.get("has_sub"),
            (j["props"].get("spark.job.description") or "")[:80].replace("\n", " ")))
        if res == "JobFailed":
            print("      ", str((j.get("result") or {}).get("Exception", {}).get("Message"))[:300])
    print("-- stage attempts")
    for key in sorted(app.stages):
        s = app.stages[key]
        tk = app.stage_tasks(*key)
        ok = [t for t in tk if t["reason"] == "Success"]
        fl = [t for t in tk if t["reason"] != "Success"]
        durs = [t["dur"] for t in ok]
        fl_l = min((t["launch"] for t in tk if t["launch"]), default=None)
        ls_f = max((t["finish"] for t in tk if t["finish"]), default=None)
        tt = sum(t["dur"] for t in tk)
        conc = evlib.max_concurrency(tk)
        print("  st %d.%d n=%s tasks=%d ok=%d fail=%d sub %s firstLaunch %s lastFinish %s comp %s "
              "dur %s | taskTime %d maxConc %d med %s p90 %s max %s | in %s sr %s sw %s out %s "
              "mspill %s dspill %s gc %d deser %d sched %d fetchW %d | %s%s" % (
                  key[0], key[1], s.get("ntasks"), len(tk), len(ok), len(fl), R(s.get("sub")),
                  R(fl_l), R(ls_f), R(s.get("comp")),
                  (s["comp"] - s["sub"]) if s.get("comp") and s.get("sub") else None,
                  tt, conc, median(durs), pct(durs, .9), max(durs) if durs else None,
                  mib(sum(t["inb"] for t in tk)), mib(sum(t["sread"] for t in tk)),
                  mib(sum(t["swrite"] for t in tk)), mib(sum(t["outb"] for t in tk)),
                  mib(sum(t["mspill"] for t in tk)), mib(sum(t["dspill"] for t in tk)),
                  sum(t["gc"] for t in tk), sum(t["deser"] for t in tk),
                  sum(sched_delay(t) for t in tk), sum(t["fetchwait"] for t in tk),
                  (s.get("name") or "")[:60],
                  (" FAIL: " + s["fail"][:150].replace("\n", " ")) if s.get("fail") else ""))
        if fl:
            from collections import Counter
            print("      failures:", Counter(t["reason"] for t in fl))
    if len(sys.argv) > 3 and sys.argv[2] == "--tasks":
        st = sys.argv[3].split(".")
        key = (int(st[0]), int(st[1]) if len(st) > 1 else 0)
        tk = sorted(app.stage_tasks(*key), key=lambda t: t["launch"] or 0)
        print("-- tasks of", key)
        for t in tk:
            print("   tid %s idx %s att %s ex %s host %s loc %s launch %s finish %s dur %d run %d "
                  "deser %d gc %d sched %d in %s sr %s fw %d sw %s spill %s %s %s" % (
                      t["tid"], t["index"], t["attempt"], t["ex"], t["host"], t["loc"],
                      R(t["launch"]), R(t["finish"]), t["dur"], t["run"], t["deser"], t["gc"],
                      sched_delay(t), t["inb"], t["sread"], t["fetchwait"], t["swrite"],
                      t["mspill"], t["reason"], t.get("readmethod") or ""))


if __name__ == "__main__":
    main()
