#!/usr/bin/env bash
# Build every libFuzzer target (preset `fuzz`: clang, ASan+UBSan) and run each for SECONDS on its
# corpus: the inputs found so far (build/fuzz/corpus/<target>, where new ones go), the committed
# corpus (tests/fuzz/corpus/<target>: real-log excerpts and their framings) and seeds generated
# from the project's logs. Event-log targets use tests/fuzz/eventlog.dict and mutate JSON values
# structurally. A crash, hang (> 10 s per input) or allocation past 2 GiB fails the run; the
# input is copied to tests/fuzz/regressions/<target>/ so tst_fuzz_regressions replays it in
# every build from then on. Targets run side by side, STAGELIGHT_FUZZ_JOBS (default: the cores) at
# a time.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]   each target for SECONDS (default 60; CI uses 60)
#   tests/fuzz/run.sh --merge SECONDS [TARGET...]
#       the long local run, e.g. `--merge 900` (15 minutes per target, 2.5 hours for all ten),
#       then merges the inputs that add coverage into tests/fuzz/corpus/<target>/ (minimised by
#       libFuzzer's -merge=1; review their size and commit them)
#   tests/fuzz/run.sh --make-corpus
#       rebuilds the committed corpus from ../shared/eventlogs (make_corpus.py, then
#       stagelight-fuzz-seeds --corpus)
set -euo pipefail
cd "$(dirname "$0")/../.."
all=(zstd lz4 snappy lzf gzip eventlog report zip locator rest)
merge=0
make_corpus=0
case "${1:-}" in
  --merge) merge=1; shift ;;
  --make-corpus) make_corpus=1; shift ;;
esac
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all[@]}"); fi

cmake --preset fuzz >/dev/null
# Only the fuzzers and the seed writer: the clang build of the tests would add minutes to CI.
cmake --build --preset fuzz -j "$(nproc)" --target stagelight-fuzz-seeds "${all[@]/#/fuzz_}"
bin=build/fuzz/tests/fuzz
work=build/fuzz/corpus
if [ "$make_corpus" = 1 ]; then
  tests/fuzz/make_corpus.py
  "$bin/stagelight-fuzz-seeds" --corpus tests/fuzz/corpus
  du -sh tests/fuzz/corpus
  exit 0
fi
rm -rf "$work/seeds"
"$bin/stagelight-fuzz-seeds" "$work/seeds"

# One target: its run, and on failure its inputs kept as regressions (a marker file says so).
fuzz_one() {
  local t="$1" dict=()
  rm -rf "$work/artifacts/$t" "$work/$t.failed"
  mkdir -p "$work/$t" "$work/artifacts/$t"
  case "$t" in eventlog|report) dict=(-dict=tests/fuzz/eventlog.dict) ;; esac
  if ! "$bin/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -max_len=65536 -print_final_stats=1 "${dict[@]}" \
        -artifact_prefix="$work/artifacts/$t/" "$work/$t" "tests/fuzz/corpus/$t" \
        "$work/seeds/$t" 2>"$work/$t.log"; then
    { echo "== fuzz_$t failed"; tail -n 40 "$work/$t.log"; } >&2
    mkdir -p "tests/fuzz/regressions/$t"
    for a in "$work/artifacts/$t"/*; do
      [ -f "$a" ] && cp "$a" "tests/fuzz/regressions/$t/" && echo "kept $a as a regression input" >&2
    done
    touch "$work/$t.failed"
  else
    echo "== fuzz_$t for ${seconds}s: $(grep -E "stat::number_of_executed_units" "$work/$t.log" | tail -n 1)"
    if [ "$merge" = 1 ]; then
      before=$(ls "tests/fuzz/corpus/$t" | wc -l)
      "$bin/fuzz_$t" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        "tests/fuzz/corpus/$t" "$work/$t" 2>>"$work/$t.log"
      echo "merged into tests/fuzz/corpus/$t: $before -> $(ls "tests/fuzz/corpus/$t" | wc -l) inputs"
    fi
  fi
}

# Targets run side by side, one per core (each fuzzer is single-threaded), so CI's ten minutes of
# fuzzing take five on two cores.
jobs="${STAGELIGHT_FUZZ_JOBS:-$(nproc)}"
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait
failed=()
for t in "${targets[@]}"; do
  [ -e "$work/$t.failed" ] && failed+=("$t")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing: no crash, hang or leak in ${targets[*]} (${seconds}s each)"
