#!/usr/bin/env bash
# Korf's 100 15-puzzle instances: the figures of docs/benchmarks.md.
# Usage: tools/benchmarks/korf100.sh [pdb|threads|cold|manhattan]...  (default: pdb threads)
#   pdb        each pattern-database heuristic at one thread (the databases
#              are built on first use and cached; their build time is reported apart)
#   threads    7-8 databases, one thread and two, interleaved over three rounds
#   cold       a first run from an empty cache (the 7-8 databases built, then
#              the 100 solved): one thread, two, and brudno-mpi at 2 ranks,
#              interleaved over two rounds, with wall time and peak memory
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
    cold)
      cache=$(mktemp -d)
      trap 'rm -rf "$cache"' EXIT
      for round in 1 2; do
        for run in "1 thread" "2 threads" "mpirun -np 2"; do
          rm -rf "${cache:?}"/*
          echo "== cold start, $run, round $round, load: $(cut -d' ' -f1 /proc/loadavg)"
          case "$run" in
            mpirun*)
              command=(mpirun --oversubscribe -np 2 build/release/brudno-mpi)
              [ "$(id -u)" = 0 ] && command=(mpirun --allow-run-as-root --oversubscribe -np 2
                build/release/brudno-mpi)
              threads=1
              ;;
            *) command=("$brudno"); threads=${run%% *} ;;
          esac
          /usr/bin/time -f "wall %e s, CPU %U + %S s, peak %M KB (the largest process)" \
            "${command[@]}" solve 15puzzle --instances "$data" --heuristic pdb78 \
            --threads "$threads" --cache-dir "$cache" 2>&1 | grep -v '^solve: [0-9]* of\|f bound' |
            grep -E 'pattern database|^instances|^wall|^ranks'
        done
      done
      ;;
    manhattan)
      echo "== manhattan, 2 threads"
      "$brudno" solve 15puzzle --instances "$data" --heuristic manhattan --threads 2
      ;;
    *)
      echo "unknown part '$part' (pdb, threads, cold, manhattan)" >&2
      exit 2
      ;;
  esac
done
