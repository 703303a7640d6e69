#!/usr/bin/env bash
# Sets up, builds if needed, and runs every test: the release build, the whole
# suite again under AddressSanitizer + UndefinedBehaviorSanitizer and under
# ThreadSanitizer, then a short run of the libFuzzer target.
# Set BRUDNO_TEST_PRESETS to run fewer presets, e.g. "release".
set -euo pipefail
cd "$(dirname "$0")/.."

presets="${BRUDNO_TEST_PRESETS:-release asan tsan fuzz}"
for preset in $presets; do
  echo "== building and testing preset $preset" >&2
  bash tools/build.sh "$preset"
  ctest --preset "$preset"
done
