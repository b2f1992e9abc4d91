#!/usr/bin/env bash
# Build every libFuzzer target (preset `fuzz`: clang, ASan+UBSan) and run each for SECONDS
# (default 60) on a corpus seeded from the project's generated logs. A crash, hang (> 10 s per
# input) or allocation past 2 GiB fails the run; the input is copied to
# tests/fuzz/regressions/<target>/ so tst_fuzz_regressions replays it in every build from then on.
#   tests/fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(zstd lz4 snappy lzf gzip eventlog); fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
bin=build/fuzz/tests/fuzz
work=build/fuzz/corpus
rm -rf "$work/seeds"
"$bin/stagelight-fuzz-seeds" "$work/seeds"

failed=()
for t in "${targets[@]}"; do
  rm -rf "$work/artifacts/$t"
  mkdir -p "$work/$t" "$work/artifacts/$t"
  echo "== fuzz_$t for ${seconds}s"
  if ! "$bin/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$t/" "$work/$t" "$work/seeds/$t" 2>"$work/$t.log"; then
    tail -n 40 "$work/$t.log" >&2
    mkdir -p "tests/fuzz/regressions/$t"
    for a in "$work/artifacts/$t"/*; do
      [ -f "$a" ] && cp "$a" "tests/fuzz/regressions/$t/" && echo "kept $a as a regression input" >&2
    done
    failed+=("$t")
  else
    grep -E "stat::number_of_executed_units|cov:" "$work/$t.log" | tail -n 2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing: no crash, hang or leak in ${targets[*]} (${seconds}s each)"
