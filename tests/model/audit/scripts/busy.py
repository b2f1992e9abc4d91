#!/usr/bin/env python3
"""busy.py LOG FROM_REL TO_REL [STAGES]: task-time, average busy cores and time at full use in a window."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import evlib
app = evlib.App(sys.argv[1]); t0, _ = app.origin()
a = t0 + float(sys.argv[2]); b = t0 + float(sys.argv[3])
tk = app.tasks
if len(sys.argv) > 4:
    ss = {int(x) for x in sys.argv[4].split(',')}
    tk = [t for t in tk if t['stage'] in ss]
busy = 0
for t in tk:
    lo, hi = max(t['launch'], a), min(t['finish'], b)
    if hi > lo: busy += hi - lo
ser = evlib.busy_series(tk)
# time at >= k concurrency
full = {}
prev_t, prev_c = None, 0
for ts, c in ser:
    if prev_t is not None:
        lo, hi = max(prev_t, a), min(ts, b)
        if hi > lo: full[prev_c] = full.get(prev_c, 0) + hi - lo
    prev_t, prev_c = ts, c
print("window ms", b - a, "task ms in window", busy, "avg busy", round(busy / (b - a), 2))
print("time by concurrency:", sorted(full.items()))
print("total task ms (all tasks)", sum(t['dur'] for t in tk))
