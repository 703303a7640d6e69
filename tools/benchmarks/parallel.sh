#!/usr/bin/env bash
# The parallel-search figures of docs/benchmarks.md: Connect Four solving at one
# and two threads (each position at both, interleaved, fresh 64 MB table each;
# several passes, because this machine's speed drifts while it runs), bench
# at one and two threads, the stop latency through a pipe, and Connect Four
# matches at 1+0.01 (one second a game, 10 ms a move) for losses on time.
# Usage: tools/benchmarks/parallel.sh [THREADS]
set -euo pipefail
cd "$(dirname "$0")/../.."

threads="${1:-2}"
data="../shared/data/connect4"
[ -d "$data" ] || { echo "no benchmark data in $data" >&2; exit 1; }
bash tools/build.sh release

echo "== Connect Four L1_R2, first 200: 1 thread vs $threads, 3 passes"
build/release/brudno suite "$data/Test_L1_R2" --limit 200 --threads "$threads" --compare --rounds 3
echo "== Connect Four L2_R2, first 100: 1 thread vs $threads, 10 passes"
build/release/brudno suite "$data/Test_L2_R2" --limit 100 --threads "$threads" --compare --rounds 10
for n in 1 "$threads"; do
  echo "== bench at $n threads"
  build/release/brudno bench "$n" | tail -4
done
echo "== stop latency, 1000 trials at $threads threads"
build/release/brudno-stop-latency --trials 1000 --threads "$threads"
for n in 1 "$threads"; do
  echo "== Connect Four match at 1+0.01, 100 games, $n threads"
  build/release/brudno-match --game connect4 --games 100 --base 1000 --increment 10 --threads "$n"
done
