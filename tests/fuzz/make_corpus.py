#!/usr/bin/env python3
"""Rebuilds the committed event-log seed corpus and the libFuzzer dictionary from real logs.

    tests/fuzz/make_corpus.py [SHARED_EVENTLOGS]   (default ../shared/eventlogs)

Writes tests/fuzz/corpus/eventlog/: for every event kind in the real logs the shortest line
(a few hundred bytes each), the features the decoder treats specially (SQL plans, AQE updates,
push-based shuffle in both spellings, Databricks rollover metadata, exclusions) and a
non-UTF-8 variant; and tests/fuzz/eventlog.dict: Spark's event names and field names. The
other targets' seeds (each codec's framing of these lines, zip archives, log directories, REST
paths, reports) are written from them by stagelight-fuzz-seeds --corpus (tests/fuzz/run.sh
--make-corpus does both). Only excerpts are kept: never whole shared files.
"""
import gzip
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "shared",
                                                            "eventlogs")
MAX_LINE = 8192  # seeds stay small: libFuzzer's -max_len in run.sh is 64 KiB
FEATURES = {  # seed name -> bytes a line must contain
    "push-based-shuffle": b'"Push Based Shuffle"',
    "sql-plan": b"SparkListenerSQLExecutionStart",
    "aqe-update": b"SparkListenerSQLAdaptiveExecutionUpdate",
    "aqe-metrics": b"SparkListenerSQLAdaptiveSQLMetricUpdates",
    "task-failed": b'"Reason":"ExceptionFailure"',
    "fetch-failed": b'"Reason":"FetchFailed"',
    "task-killed": b'"Reason":"TaskKilled"',
    "updated-blocks": b'"Updated Blocks":[{',
    "task-executor-metrics": b'"Task Executor Metrics"',
}


def log_lines(path):
    if path.endswith((".zstd", ".zst")):
        data = subprocess.run(["zstd", "-dc", path], capture_output=True, check=False).stdout
    elif path.endswith(".gz"):
        data = gzip.decompress(open(path, "rb").read())
    elif path.endswith((".zip", ".md", ".lz4", ".snappy", ".lzf")):
        return []
    else:
        data = open(path, "rb").read()
    return data.split(b"\n") if data.startswith(b"{") else []


def keys_of(value, out):
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            keys_of(v, out)
    elif isinstance(value, list):
        for v in value:
            keys_of(v, out)


def main():
    best, keys, events = {}, set(), set()

    def offer(name, line):
        if name not in best or len(line) < len(best[name]):
            best[name] = line

    for top, _, files in sorted(os.walk(SHARED)):
        for f in sorted(files):
            for line in log_lines(os.path.join(top, f)):
                if not line.startswith(b'{"Event"') or len(line) > MAX_LINE:
                    continue
                try:
                    event = json.loads(line.decode("utf-8"))
                except (UnicodeDecodeError, ValueError):
                    continue
                name = event.get("Event")
                if not isinstance(name, str):
                    continue
                events.add(name)
                keys_of(event, keys)
                offer(re.sub(r"[^A-Za-z0-9]+", "-", name.split(".")[-1]), line)
                for seed, needle in FEATURES.items():
                    if needle in line:
                        offer(seed, line)
    if len(best) < 20:
        sys.exit(f"only {len(best)} event kinds under {SHARED}: is ../shared there?")
    # Spark 3.2's spelling of the push-based shuffle block and its fallback count.
    if "push-based-shuffle" in best:
        best["push-based-shuffle-3.2"] = best["push-based-shuffle"].replace(
            b'"Push Based Shuffle"', b'"Shuffle Push Read Metrics"').replace(
            b'"Merged Fetch Fallback Count"', b'"Merged Fallback Count"')
    # Before Spark 3.0 the driver's charset was used: names in Latin-1, not UTF-8.
    start = best.get("SparkListenerApplicationStart")
    if start:
        best["non-utf8-app-name"] = re.sub(rb'"App Name":"', b'"App Name":"caf\xe9 \xff ', start)
    out = os.path.join(HERE, "corpus", "eventlog")
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        os.remove(os.path.join(out, old))
    for name, line in sorted(best.items()):
        with open(os.path.join(out, name + ".json"), "wb") as f:
            f.write(line + b"\n")
    # A small whole log: the kinds in a plausible order, so the model links them.
    order = ["SparkListenerLogStart", "SparkListenerResourceProfileAdded",
             "SparkListenerEnvironmentUpdate", "SparkListenerApplicationStart",
             "SparkListenerBlockManagerAdded", "SparkListenerExecutorAdded", "sql-plan",
             "SparkListenerJobStart", "SparkListenerStageSubmitted", "SparkListenerTaskStart",
             "SparkListenerTaskEnd", "push-based-shuffle", "SparkListenerStageCompleted",
             "SparkListenerJobEnd", "aqe-update", "SparkListenerSQLExecutionEnd",
             "SparkListenerExecutorRemoved", "SparkListenerApplicationEnd"]
    with open(os.path.join(out, "whole-app.json"), "wb") as f:
        for name in order:
            if name in best:
                f.write(best[name] + b"\n")
    # The dictionary: event names and the field names of Spark's JSON (not property keys).
    words = set(events) | {k for k in keys if len(k) <= 48 and not re.search(r"[./:=$]", k)}
    with open(os.path.join(HERE, "eventlog.dict"), "w", encoding="utf-8") as f:
        f.write("# Spark event log names for libFuzzer (-dict); made by make_corpus.py\n")
        for token in ['{"Event":"', '":"', '":', '",', '},', '[]', '{}', "null", "true", "false",
                      "-1", "9223372036854775807", "-9223372036854775808", "1e308", "0.5"]:
            f.write(json.dumps(token) + "\n")
        for w in sorted(words):
            f.write(json.dumps('"' + w + '"') + "\n")
    print(f"{len(best)} seed lines in {out}; {len(words)} dictionary words")


if __name__ == "__main__":
    main()
