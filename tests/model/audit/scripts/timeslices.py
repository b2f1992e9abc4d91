#!/usr/bin/env python3
"""timeslices.py LOG: wall clock, job spans, driver-only slices (with the largest between-jobs gap),
no-executor windows and stage-wait (submission -> first launch) per stage. ms relative to t0."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import evlib

def slices(path, t0=None, t1=None):
    app = evlib.App(path)
    o, osrc = app.origin(); e, esrc = app.end()
    t0 = o if t0 is None else t0
    t1 = e if t1 is None else t1
    spans = []
    for jid in app.jobs:
        s, f, _, _ = app.job_interval(jid)
        if s and f:
            spans.append((max(s, t0), min(f, t1)))
    u = evlib.union(spans)
    out = dict(wall=t1 - t0, t0src=osrc, tEndsrc=esrc, jobTime=evlib.total(u))
    if u:
        out['before'] = [0, u[0][0] - t0]
        out['after'] = [u[-1][1] - t0, t1 - t0]
        gaps = [[u[i][1] - t0, u[i + 1][0] - t0] for i in range(len(u) - 1)]
        out['betweenTotal'] = sum(b - a for a, b in gaps)
        out['largestBetween'] = max(gaps, key=lambda g: g[1] - g[0]) if gaps else None
    alive = [(x['add'], x.get('remove') or t1) for x in app.execs.values() if x.get('add')]
    if alive:
        ne = evlib.subtract(u, evlib.union(alive))
        out['noExecWindows'] = [[a - t0, b - t0] for a, b in ne]
    waits = []
    for k, s in sorted(app.stages.items()):
        tk = app.stage_tasks(*k)
        if s.get('sub') and tk:
            fl = min(t['launch'] for t in tk)
            if fl - s['sub'] >= 1000:
                waits.append((k, s['sub'] - t0, fl - t0, fl - s['sub']))
    out['stageWaits>=1s'] = waits
    return out

if __name__ == '__main__':
    import json
    print(json.dumps(slices(sys.argv[1]), indent=1, default=str))
