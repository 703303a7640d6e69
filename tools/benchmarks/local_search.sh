#!/usr/bin/env bash
# Local search on N queens: the rates of docs/benchmarks.md against the
# published ones, and a million queens.
# Usage: tools/benchmarks/local_search.sh [RUNS]   (default 100000 starts)
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${1:-100000}"
bash tools/build.sh release
brudno=build/release/brudno
echo "== $(date -u '+%F %T'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for algorithm in hill sideways restart annealing minconflicts; do
  "$brudno" solve queens --n 8 --algorithm "$algorithm" --runs "$runs" --seed 1 --threads 2
done
for algorithm in minconflicts annealing; do
  "$brudno" solve queens --n 1000000 --algorithm "$algorithm" --runs 5 --seed 1
done
