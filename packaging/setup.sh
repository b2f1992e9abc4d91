#!/usr/bin/env bash
# Set up Stagelight on Debian 12: install the build dependencies (packaging/debian-build-deps.txt,
# the one list of them), build the release preset, then either
#   demo  open the desktop app on the bundled demo log, or
#   test  run every test: the release tests (ctest; GUI tests use Qt's offscreen platform), the
#         same tests under AddressSanitizer + UBSan, every fuzz target for
#         STAGELIGHT_FUZZ_SECONDS (default 60) each on the committed corpus, and the .deb built,
#         installed and run.
set -euo pipefail
mode="${1:-demo}"
cd "$(dirname "$0")/.."

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
mapfile -t packages < <(grep -v '^\s*#' packaging/debian-build-deps.txt | grep -v '^\s*$')
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}"

cmake --preset release
cmake --build --preset release -j "$(nproc)"

case "$mode" in
  demo) exec ./build/release/app/stagelight ;;
  test)
    ctest --preset release -j "$(nproc)"
    cmake --preset asan
    cmake --build --preset asan -j "$(nproc)"
    ctest --preset asan -j "$(nproc)" --timeout 1500
    tests/fuzz/run.sh "${STAGELIGHT_FUZZ_SECONDS:-60}"
    packaging/check-deb.sh build/release
    ;;
  *) echo "usage: packaging/setup.sh [demo|test]" >&2; exit 1 ;;
esac
