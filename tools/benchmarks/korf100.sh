#!/usr/bin/env bash
# Korf's 100 15-puzzle instances: the figures of docs/benchmarks.md.
# Usage: tools/benchmarks/korf100.sh [pdb|threads|manhattan]...  (default: pdb threads)
#   pdb        each pattern-database heuristic at one thread (the databases
#              are built on first use and cached; their build time is reported apart)
#   threads    7-8 databases, one thread and two, interleaved over three rounds
#   manhattan  Korf's own IDA* with the Manhattan distance on all 100, two
#              threads: his node counts exactly (about 36 billion nodes: an hour or more)
set -euo pipefail
cd "$(dirname "$0")/../.."

data=../shared/data/puzzles/korf100.txt
[ -f "$data" ] || { echo "no instances at $data" >&2; exit 1; }
bash tools/build.sh release
brudno=build/release/brudno
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(pdb threads)

echo "== $(date -u '+%F %T'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for part in "${parts[@]}"; do
  case "$part" in
    pdb)
      for heuristic in pdb78 pdb663 pdb555; do
        echo "== $heuristic, 1 thread"
        "$brudno" solve 15puzzle --instances "$data" --heuristic "$heuristic" --threads 1
      done
      ;;
    threads)
      for round in 1 2 3; do
        for threads in 1 2; do
          echo "== pdb78, $threads thread(s), round $round, load: $(cut -d' ' -f1 /proc/loadavg)"
          "$brudno" solve 15puzzle --instances "$data" --heuristic pdb78 --threads "$threads" |
            tail -n 1
        done
      done
      ;;
    manhattan)
      echo "== manhattan, 2 threads"
      "$brudno" solve 15puzzle --instances "$data" --heuristic manhattan --threads 2
      ;;
    *)
      echo "unknown part '$part' (pdb, threads, manhattan)" >&2
      exit 2
      ;;
  esac
done
