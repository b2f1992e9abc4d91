"""Minimal Spark event-log reader used to verify the audit (no third-party packages).

open_events(path) -> list of dicts (one per parsable JSON line), in file order.
Handles: plain files, .zstd (via `zstd -dc`), .gz, .zip (SHS download), rolling
eventlog_v2_* directories (events_N_* sorted by N), Databricks rotation directories
(eventlog-<date>.gz parts in name order, then the plain `eventlog` last).
"""
import gzip
import io
import json
import os
import re
import subprocess
import zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "eventlogs")


def _decode_bytes(name, data):
    if data[:4] == b"\x28\xb5\x2f\xfd":
        p = subprocess.run(["zstd", "-dc"], input=data, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        return p.stdout
    if data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    if data[:2] == b"PK":
        z = zipfile.ZipFile(io.BytesIO(data))
        out = b""
        for n in sorted(z.namelist()):
            out += z.read(n)
            if not out.endswith(b"\n"):
                out += b"\n"
        return out
    return data


def _files_of(path):
    if os.path.isfile(path):
        return [path]
    names = sorted(os.listdir(path))
    base = os.path.basename(path.rstrip("/"))
    if base.startswith("eventlog_v2_"):
        ev = [n for n in names if n.startswith("events_")]

        def idx(n):
            m = re.match(r"events_(\d+)_", n)
            return (int(m.group(1)), 0.1 if n.endswith(".compact") else 0)
        ev.sort(key=idx)
        return [os.path.join(path, n) for n in ev]
    # Databricks rotation: eventlog-YYYY-MM-DD--HH-MM[.gz] first (by name), then "eventlog"
    dated = [n for n in names if n.startswith("eventlog-")]
    rest = [n for n in names if n == "eventlog"]
    return [os.path.join(path, n) for n in dated + rest]


def open_lines(path):
    if not path.startswith("/"):
        path = os.path.join(ROOT, path)
    lines = []
    for f in _files_of(path):
        with open(f, "rb") as fh:
            data = _decode_bytes(f, fh.read())
        for ln in data.split(b"\n"):
            ln = ln.strip(b"\r")
            if ln.strip():
                lines.append(ln)
    return lines


def open_events(path, keep_bad=False):
    evs = []
    bad = 0
    for ln in open_lines(path):
        try:
            evs.append(json.loads(ln))
        except Exception:
            bad += 1
            if keep_bad:
                evs.append({"Event": "__BAD__", "raw": ln[:200]})
    return evs


def short(ev):
    e = ev.get("Event", "")
    return e.rsplit(".", 1)[-1]


def acc_update(ti, name):
    for a in ti.get("Accumulables", []) or []:
        if a.get("Name") == name:
            try:
                return float(a.get("Update"))
            except Exception:
                return None
    return None


class App:
    """Very small model: jobs, stage attempts, tasks, executors."""

    def __init__(self, path):
        self.path = path
        self.events = open_events(path)
        self.app_start = None
        self.app_end = None
        self.app_id = None
        self.spark_version = None
        self.props = {}
        self.jobs = {}        # id -> dict(sub, end, stages, result, props, ev_index)
        self.stages = {}      # (sid, att) -> dict(sub, comp, name, ntasks, fail, rdds)
        self.stage_info_from_job = {}
        self.tasks = []       # TaskEnd dicts (flattened)
        self.task_starts = {}  # task id -> launch
        self.execs = {}       # id -> dict(add, remove, host, cores, reason)
        self.bms = []
        self.sql = {}         # exec id -> dict(start, end, desc)
        self.other = []
        self.all_ts = []
        self.excl = []
        for i, ev in enumerate(self.events):
            self._ingest(i, ev)
        self.relative_tasks = 0
        self._fill_job_stages()
        self._rebase_relative()

    def _fill_job_stages(self):
        """Jobs whose JobStart lists no Stage IDs (fixtures): take the stages submitted after
        that JobStart line and before the next JobStart line."""
        order = sorted(self.jobs.items(), key=lambda kv: kv[1].get("idx", 0))
        for n, (jid, j) in enumerate(order):
            if j.get("stages"):
                continue
            lo = j.get("idx", 0)
            hi = order[n + 1][1].get("idx", 1 << 60) if n + 1 < len(order) else 1 << 60
            j["stages"] = sorted({k[0] for k, s in self.stages.items()
                                  if lo < s.get("sub_idx", -1) < hi})
            j["stages_inferred"] = True

    def stage_job(self, sid):
        for jid, j in self.jobs.items():
            if sid in (j.get("stages") or []):
                return jid
        return None

    def _rebase_relative(self):
        """Hand-written fixtures log task Launch/Finish Time relative to 0 while the app has
        epoch timestamps. Rebase such tasks onto their job's Submission Time (else t0)."""
        if not self.app_start or self.app_start < 1e12:
            return
        for t in self.tasks:
            if t["launch"] is not None and t["launch"] < 1e11:
                jid = self.stage_job(t["stage"])
                base = None
                if jid is not None and self.jobs[jid].get("sub"):
                    base = self.jobs[jid]["sub"]
                base = base or self.app_start
                t["launch"] += base
                if t["finish"] is not None and t["finish"] < 1e11:
                    t["finish"] += base
                t["rebased"] = base
                self.relative_tasks += 1
        if self.relative_tasks:
            self.all_ts = [(v, w) for v, w in self.all_ts if v >= 1e11]
            for t in self.tasks:
                self._ts(t["launch"], "TaskLaunch(rebased)")
                self._ts(t["finish"], "TaskFinish(rebased)")

    def _ts(self, v, what):
        if isinstance(v, (int, float)) and v > 0:
            self.all_ts.append((v, what))

    def _ingest(self, i, ev):
        e = short(ev)
        if e == "SparkListenerLogStart":
            self.spark_version = ev.get("Spark Version")
        elif e == "SparkListenerApplicationStart":
            self.app_start = ev.get("Timestamp")
            self.app_id = ev.get("App ID")
            self._ts(self.app_start, "AppStart")
        elif e == "SparkListenerApplicationEnd":
            self.app_end = ev.get("Timestamp")
            self._ts(self.app_end, "AppEnd")
        elif e == "SparkListenerEnvironmentUpdate":
            self.props = ev.get("Spark Properties", {}) or {}
            if isinstance(self.props, list):
                self.props = dict(self.props)
        elif e == "SparkListenerJobStart":
            jid = ev.get("Job ID")
            self.jobs[jid] = dict(sub=ev.get("Submission Time"), end=None,
                                  stages=ev.get("Stage IDs", []), result=None,
                                  props=ev.get("Properties", {}) or {}, idx=i,
                                  has_sub="Submission Time" in ev, has_start=True)
            for si in ev.get("Stage Infos", []) or []:
                self.stage_info_from_job[(si.get("Stage ID"), si.get("Stage Attempt ID", 0))] = si
            self._ts(ev.get("Submission Time"), "JobStart")
        elif e == "SparkListenerJobEnd":
            jid = ev.get("Job ID")
            j = self.jobs.setdefault(jid, dict(sub=None, stages=[], props={}, idx=i, has_sub=False,
                                               has_start=False))
            j["has_end_event"] = True
            j["end_has_time"] = "Completion Time" in ev
            j["end"] = ev.get("Completion Time")
            j["result"] = ev.get("Job Result", {})
            self._ts(ev.get("Completion Time"), "JobEnd")
        elif e in ("SparkListenerStageSubmitted", "SparkListenerStageCompleted"):
            si = ev.get("Stage Info", {})
            key = (si.get("Stage ID"), si.get("Stage Attempt ID", 0))
            s = self.stages.setdefault(key, dict(sub=None, comp=None, name=si.get("Stage Name"),
                                                 ntasks=si.get("Number of Tasks"), fail=None,
                                                 rdds=si.get("RDD Info", []), props={},
                                                 parents=si.get("Parent IDs", []),
                                                 completed_event=False, sub_idx=i))
            if si.get("Submission Time"):
                s["sub"] = si.get("Submission Time")
            if e == "SparkListenerStageCompleted":
                s["comp"] = si.get("Completion Time")
                s["fail"] = si.get("Failure Reason")
                s["completed_event"] = True
                s["accs"] = si.get("Accumulables", [])
                s["rdds"] = si.get("RDD Info", s["rdds"])
            else:
                s["props"] = ev.get("Properties", {}) or {}
            self._ts(si.get("Submission Time"), "StageSub")
            self._ts(si.get("Completion Time"), "StageComp")
        elif e == "SparkListenerTaskStart":
            ti = ev.get("Task Info", {})
            self.task_starts[ti.get("Task ID")] = dict(launch=ti.get("Launch Time"),
                                                      stage=ev.get("Stage ID"),
                                                      att=ev.get("Stage Attempt ID", 0),
                                                      ex=ti.get("Executor ID"))
            self._ts(ti.get("Launch Time"), "TaskStart")
        elif e == "SparkListenerTaskEnd":
            ti = ev.get("Task Info", {})
            tm = ev.get("Task Metrics") or {}
            r = ev.get("Task End Reason", {}) or {}
            sr = tm.get("Shuffle Read Metrics") or {}
            sw = tm.get("Shuffle Write Metrics") or {}
            im = tm.get("Input Metrics") or {}
            om = tm.get("Output Metrics") or {}
            t = dict(stage=ev.get("Stage ID"), att=ev.get("Stage Attempt ID", 0),
                     tid=ti.get("Task ID"), index=ti.get("Index"), attempt=ti.get("Attempt"),
                     launch=ti.get("Launch Time"), finish=ti.get("Finish Time"),
                     getres=ti.get("Getting Result Time", 0),
                     ex=ti.get("Executor ID"), host=ti.get("Host"), loc=ti.get("Locality"),
                     failed=ti.get("Failed"), killed=ti.get("Killed"), spec=ti.get("Speculative"),
                     reason=r.get("Reason", "Success" if not ti.get("Failed") else "?"),
                     rawreason=r,
                     deser=tm.get("Executor Deserialize Time", 0) or 0,
                     run=tm.get("Executor Run Time", 0) or 0,
                     cpu=(tm.get("Executor CPU Time", 0) or 0) / 1e6,
                     gc=tm.get("JVM GC Time", 0) or 0,
                     rser=tm.get("Result Serialization Time", 0) or 0,
                     mspill=tm.get("Memory Bytes Spilled", 0) or 0,
                     dspill=tm.get("Disk Bytes Spilled", 0) or 0,
                     sread=(sr.get("Remote Bytes Read", 0) or 0) + (sr.get("Local Bytes Read", 0) or 0),
                     fetchwait=sr.get("Fetch Wait Time", 0) or 0,
                     swrite=sw.get("Shuffle Bytes Written", 0) or 0,
                     inb=im.get("Bytes Read", 0) or 0, inrec=im.get("Records Read", 0) or 0,
                     readmethod=im.get("Data Read Method"),
                     outb=om.get("Bytes Written", 0) or 0,
                     has_metrics=bool(ev.get("Task Metrics")),
                     ti=ti, idx=i)
            t["dur"] = (t["finish"] or 0) - (t["launch"] or 0)
            self.tasks.append(t)
            self._ts(ti.get("Launch Time"), "TaskLaunch(End)")
            self._ts(ti.get("Finish Time"), "TaskFinish")
        elif e == "SparkListenerExecutorAdded":
            info = ev.get("Executor Info", {})
            self.execs[ev.get("Executor ID")] = dict(add=ev.get("Timestamp"), remove=None,
                                                    host=info.get("Host"),
                                                    cores=info.get("Total Cores"), reason=None)
            self._ts(ev.get("Timestamp"), "ExecAdded")
        elif e == "SparkListenerExecutorRemoved":
            x = self.execs.setdefault(ev.get("Executor ID"), dict(add=None, host=None, cores=None))
            x["remove"] = ev.get("Timestamp")
            x["reason"] = ev.get("Removed Reason")
            self._ts(ev.get("Timestamp"), "ExecRemoved")
        elif e == "SparkListenerBlockManagerAdded":
            self.bms.append(dict(ex=ev.get("Block Manager ID", {}).get("Executor ID"),
                                 host=ev.get("Block Manager ID", {}).get("Host"),
                                 ts=ev.get("Timestamp"), mem=ev.get("Maximum Memory")))
            self._ts(ev.get("Timestamp"), "BMAdded")
        elif e == "SparkListenerSQLExecutionStart":
            self.sql[ev.get("executionId")] = dict(start=ev.get("time"), end=None,
                                                   desc=ev.get("description"),
                                                   root=ev.get("rootExecutionId"))
            self._ts(ev.get("time"), "SQLStart")
        elif e == "SparkListenerSQLExecutionEnd":
            s = self.sql.setdefault(ev.get("executionId"), dict(start=None, desc=None))
            s["end"] = ev.get("time")
            s["err"] = ev.get("errorMessage")
            self._ts(ev.get("time"), "SQLEnd")
        elif "Blacklisted" in e or "Excluded" in e:
            self.excl.append(ev)
            self._ts(ev.get("time"), e)
        else:
            self.other.append(e)
            self._ts(ev.get("Timestamp"), e)
            self._ts(ev.get("time"), e)

    # ------------------------------------------------------------------
    def origin(self):
        if self.app_start:
            return self.app_start, "ApplicationStart"
        return min(t for t, _ in self.all_ts), "first event timestamp"

    def end(self):
        if self.app_end:
            return self.app_end, "ApplicationEnd"
        return max(t for t, _ in self.all_ts), "last event timestamp"

    def stage_span(self, key):
        """(start, end) of a stage attempt: Submission/Completion Time, else its task span."""
        s = self.stages.get(key, {})
        tk = [t for t in self.tasks if (t["stage"], t["att"]) == key]
        a = s.get("sub") or (min((t["launch"] for t in tk if t["launch"]), default=None))
        b = s.get("comp") or (max((t["finish"] for t in tk if t["finish"]), default=None))
        return a, b

    def stage_tasks(self, sid, att=None):
        return [t for t in self.tasks if t["stage"] == sid and (att is None or t["att"] == att)]

    def job_interval(self, jid):
        """(start, end, start_src, end_src). Falls back to stage/task times."""
        j = self.jobs[jid]
        st = [self.stages[k] for k in self.stages if k[0] in j["stages"]]
        tk = [t for t in self.tasks if t["stage"] in j["stages"]]
        s, ssrc = j.get("sub"), "JobStart.Submission Time"
        if not s or s <= 0:
            cands = [x["sub"] for x in st if x["sub"]] + [t["launch"] for t in tk if t["launch"]]
            s, ssrc = (min(cands) if cands else None), "earliest stage submission / task launch"
        e, esrc = j.get("end"), "JobEnd.Completion Time"
        if not e or e <= 0:
            cands = [x["comp"] for x in st if x["comp"]] + [t["finish"] for t in tk if t["finish"]]
            e, esrc = (max(cands) if cands else None), "last stage completion / task finish"
        return s, e, ssrc, esrc


def union(intervals):
    iv = sorted((a, b) for a, b in intervals if a is not None and b is not None and b > a)
    out = []
    for a, b in iv:
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out


def total(iv):
    return sum(b - a for a, b in iv)


def clip(iv, lo, hi):
    return [[max(a, lo), min(b, hi)] for a, b in iv if min(b, hi) > max(a, lo)]


def subtract(iv, holes):
    """iv minus holes, both unions."""
    out = []
    for a, b in iv:
        cur = a
        for c, d in holes:
            if d <= cur or c >= b:
                continue
            if c > cur:
                out.append([cur, c])
            cur = max(cur, d)
        if cur < b:
            out.append([cur, b])
    return out


def busy_series(tasks, lo=None, hi=None):
    """Event sweep: list of (t, concurrent tasks)."""
    pts = []
    for t in tasks:
        if t["launch"] and t["finish"] and t["finish"] >= t["launch"]:
            pts.append((t["launch"], 1))
            pts.append((t["finish"], -1))
    pts.sort(key=lambda x: (x[0], x[1]))
    c = 0
    out = []
    for ts, d in pts:
        c += d
        out.append((ts, c))
    return out


def max_concurrency(tasks):
    return max((c for _, c in busy_series(tasks)), default=0)


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return None
    k = (len(xs) - 1) * p
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)


def median(xs):
    return pct(xs, 0.5)


def fmt_ms(ms):
    return "%.1f s" % (ms / 1000.0)


def makespan(durations, slots, start=0):
    """Greedy list scheduling of durations (in the given order) onto `slots` parallel slots."""
    import heapq
    h = [start] * max(1, slots)
    heapq.heapify(h)
    end = start
    for d in durations:
        s = heapq.heappop(h)
        f = s + d
        end = max(end, f)
        heapq.heappush(h, f)
    return end - start
