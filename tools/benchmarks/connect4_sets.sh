#!/usr/bin/env bash
# Solves the published Connect Four sets at one thread, strong and weak, and
# prints brudno suite's summary for each: the figures of docs/benchmarks.md.
# Usage: tools/benchmarks/connect4_sets.sh [HASH_MB] [L1_R3_LIMIT]
set -euo pipefail
cd "$(dirname "$0")/../.."

hash_mb="${1:-16}"
hard_limit="${2:-100}"
data="../shared/data/connect4"
[ -d "$data" ] || { echo "no benchmark data in $data" >&2; exit 1; }
bash tools/build.sh release

for mode in strong weak; do
  flag=""
  [ "$mode" = weak ] && flag="--weak"
  for set in L3_R1 L2_R1 L2_R2 L1_R1 L1_R2 L1_R3; do
    limit=0
    [ "$set" = L1_R3 ] && limit="$hard_limit"
    echo "== $set $mode (limit $limit, hash $hash_mb MB)"
    build/release/brudno suite "$data/Test_$set" --hash "$hash_mb" --limit "$limit" $flag
  done
done
