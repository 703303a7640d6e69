#!/usr/bin/env bash
# Sets up, builds if needed, and runs every test: the release build, the whole
# suite again in the debug build (assertions on, under AddressSanitizer +
# UndefinedBehaviorSanitizer) with a short run of the libFuzzer targets built
# beside it, then the tests that run more than one thread under
# ThreadSanitizer. Ends with the time each stage took to build and to test.
#
#   tools/test.sh           the whole matrix (what CI runs)
#   tools/test.sh --quick   the release build's suite alone, for the edit-compile-test loop
#
# BRUDNO_TEST_PRESETS chooses other presets, e.g. "release tsan".
set -euo pipefail
cd "$(dirname "$0")/.."

presets="${BRUDNO_TEST_PRESETS:-release debug tsan}"
case "${1:-}" in
  --quick) presets=release ;;
  "") ;;
  *)
    echo "usage: tools/test.sh [--quick]" >&2
    exit 2
    ;;
esac

summary=()
report() {
  # Printed however the run ends, so a failing stage still shows what it cost.
  if [ ${#summary[@]} -gt 0 ]; then
    echo "== time per stage (wall seconds)" >&2
    printf '%s\n' "${summary[@]}" >&2
  fi
}
trap report EXIT

for preset in $presets; do
  echo "== building and testing preset $preset" >&2
  start=$SECONDS
  bash tools/build.sh "$preset"
  built=$SECONDS
  result=passed
  ctest --preset "$preset" || result=FAILED
  summary+=("$(printf '%-8s build %4ds  test %4ds  %s' "$preset" $((built - start)) \
    $((SECONDS - built)) "$result")")
  [ "$result" = passed ] || exit 1
done
