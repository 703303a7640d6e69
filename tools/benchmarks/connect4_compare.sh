#!/usr/bin/env bash
# Two brudno builds on the published Connect Four sets, interleaved set by
# set and pass by pass (this machine's speed drifts, so the two must run side
# by side): one thread, strong, the engine's default table. Prints each run's
# summary; node counts must agree pass to pass, times are compared.
# Usage: tools/benchmarks/connect4_compare.sh OLD_BRUDNO NEW_BRUDNO [PASSES] [L1_R2_LIMIT] [L1_R3_LIMIT]
set -euo pipefail
cd "$(dirname "$0")/../.."

[ $# -ge 2 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
old="$1"
new="$2"
passes="${3:-3}"
l1_r2_limit="${4:-200}"
l1_r3_limit="${5:-20}"
data="../shared/data/connect4"
[ -d "$data" ] || { echo "no benchmark data in $data" >&2; exit 1; }

uptime
for set in L3_R1 L2_R1 L2_R2 L1_R1 L1_R2 L1_R3; do
  limit=0
  [ "$set" = L1_R2 ] && limit="$l1_r2_limit"
  [ "$set" = L1_R3 ] && limit="$l1_r3_limit"
  for pass in $(seq "$passes"); do
    for build in old new; do
      binary="$old"
      [ "$build" = new ] && binary="$new"
      echo "== $set (limit $limit) pass $pass $build"
      "$binary" suite "$data/Test_$set" --limit "$limit" | grep -E '^(positions|mean)'
    done
  done
done
uptime
