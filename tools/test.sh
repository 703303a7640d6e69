#!/usr/bin/env bash
# Sets up, builds if needed, and runs every test: the release build, then the
# whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
# Set BRUDNO_TEST_PRESETS to run other presets, e.g. "release" or "release tsan".
set -euo pipefail
cd "$(dirname "$0")/.."

presets="${BRUDNO_TEST_PRESETS:-release asan}"
for preset in $presets; do
  echo "== building and testing preset $preset" >&2
  bash tools/build.sh "$preset"
  ctest --preset "$preset"
done
