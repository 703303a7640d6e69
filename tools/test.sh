#!/usr/bin/env bash
# Sets up, builds if needed, and runs every test: the release build, the whole
# suite again in the debug build (assertions on, under AddressSanitizer +
# UndefinedBehaviorSanitizer) and under ThreadSanitizer, then a short run of
# the libFuzzer targets. Ends with the time each stage took to build and to
# test.
#
#   tools/test.sh           the whole matrix (what CI runs)
#   tools/test.sh --quick   the release build's suite alone, for the edit-compile-test loop
#
# BRUDNO_TEST_PRESETS chooses other presets, e.g. "release tsan".
#
# While one preset's tests run, the next preset is built at the lowest CPU
# priority (nice 19): the tests keep the cores they use, and the build takes
# the time they leave idle (tests waiting on time-outs, sockets and child
# processes, a suite's last long tests on one core).
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a presets <<<"${BRUDNO_TEST_PRESETS:-release debug tsan fuzz}"
case "${1:-}" in
  --quick) presets=(release) ;;
  "") ;;
  *)
    echo "usage: tools/test.sh [--quick]" >&2
    exit 2
    ;;
esac

logs=build/test-logs
mkdir -p "$logs"
background=""
summary=()
finish() {
  # However the run ends: no build left running, and what each stage cost.
  if [ -n "$background" ]; then kill -- "-$background" 2>/dev/null || kill "$background" 2>/dev/null || true; fi
  if [ ${#summary[@]} -gt 0 ]; then
    echo "== time per stage (wall seconds)" >&2
    printf '%s\n' "${summary[@]}" >&2
  fi
}
trap finish EXIT

# Builds a preset in the background at nice 19; its log and then its result
# ("passed|FAILED SECONDS") go to build/test-logs/.
build_in_background() {
  local preset=$1
  rm -f "$logs/$preset.build.result"
  set -m # its own process group, so that finish() stops the whole build
  (
    start=$(date +%s)
    if nice -n 19 bash tools/build.sh "$preset" >"$logs/$preset.build.log" 2>&1; then
      result=passed
    else
      result=FAILED
    fi
    echo "$result $(($(date +%s) - start))" >"$logs/$preset.build.result"
  ) &
  background=$!
  set +m
}

for index in "${!presets[@]}"; do
  preset=${presets[$index]}
  echo "== building and testing preset $preset" >&2
  start=$(date +%s)
  if [ -n "$background" ]; then
    wait "$background" || true
    background=""
    cat "$logs/$preset.build.log" >&2
    read -r build_result build_seconds <"$logs/$preset.build.result" || build_result=FAILED
    if [ "$build_result" != passed ]; then
      summary+=("$(printf '%-8s build FAILED (log: %s)' "$preset" "$logs/$preset.build.log")")
      exit 1
    fi
    waited=$(($(date +%s) - start))
    build_note="$(printf 'build %4ds (in the background; waited %ds)' "$build_seconds" "$waited")"
  else
    bash tools/build.sh "$preset"
    build_note="$(printf 'build %4ds' $(($(date +%s) - start)))"
  fi
  next=$((index + 1))
  if [ "$next" -lt ${#presets[@]} ]; then build_in_background "${presets[$next]}"; fi
  tested=$(date +%s)
  result=passed
  ctest --preset "$preset" || result=FAILED
  summary+=("$(printf '%-8s %s  test %4ds  %s' "$preset" "$build_note" $(($(date +%s) - tested)) \
    "$result")")
  [ "$result" = passed ] || exit 1
done
