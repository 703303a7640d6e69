#!/usr/bin/env bash
# Perft speed against Stockfish's `go perft`, the deeper counts of the six
# standard positions, interleaved in one run: for each round and position,
# Stockfish, then each brudno build given. Every count is checked against
# ../shared/data/chess/perft_cpw6.epd. Times are CPU seconds (user + system)
# of the process, which a busy machine disturbs less than wall-clock time;
# each program's start-up (Stockfish loads its network) is measured apart and
# taken off its times.
# Usage: tools/benchmarks/perft.sh [ROUNDS] [BUILD_DIR...]
#   ROUNDS defaults to 3; BUILD_DIRs to build/release. For the PEXT path:
#   cmake --preset release -B build/x86-64-v3 -DBRUDNO_ARCH=x86-64-v3
#   cmake --build build/x86-64-v3 --target brudno
#   tools/benchmarks/perft.sh 3 build/release build/x86-64-v3
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds="${1:-3}"
shift || true
builds=("$@")
[ ${#builds[@]} -gt 0 ] || builds=(build/release)
stockfish="${STOCKFISH:-/usr/games/stockfish}"
data="../shared/data/chess/perft_cpw6.epd"
[ -x "$stockfish" ] || { echo "no Stockfish at $stockfish (apt-get install stockfish)" >&2; exit 1; }
[ -f "$data" ] || { echo "no perft data at $data" >&2; exit 1; }
for build in "${builds[@]}"; do
  [ -x "$build/brudno" ] || { echo "no $build/brudno: build it first" >&2; exit 1; }
done

# name depth: the deepest count of each position that runs in seconds.
positions=("1 6" "2 5" "3 7" "4 6" "5 5" "6 5")

fen_of() { sed -n "${1}p" "$data" | cut -d';' -f1 | sed 's/ *$//'; }
expected_of() { sed -n "${1}p" "$data" | grep -o ";D$2 [0-9]*" | cut -d' ' -f2; }

# Runs a command; prints "<its stdout's Nodes searched> <its CPU seconds>".
# ("-" when it printed no count.)
cpu_run() {
  local out timing nodes
  out=$(mktemp)
  timing=$( { /usr/bin/time -f "%U %S" "$@" > "$out"; } 2>&1 | tail -1)
  nodes=$(sed -n 's/^Nodes searched: //p' "$out")
  echo "${nodes:--} $(echo "$timing" | awk '{print $1 + $2}')"
  rm -f "$out"
}
run_stockfish() {  # fen depth
  cpu_run bash -c "printf 'position fen %s\\ngo perft %s\\nquit\\n' '$1' '$2' | $stockfish"
}
run_brudno() {  # build fen depth
  cpu_run "$1/brudno" perft --fen "$2" --depth "$3"
}

# Start-up: Stockfish answering `quit`; brudno counting one ply.
startup() {
  local total=0 seconds
  for _ in 1 2 3 4 5; do
    read -r _ seconds <<< "$(cpu_run "$@")"
    total=$(echo "$total + $seconds" | bc -l)
  done
  echo "$total / 5" | bc -l
}
sf_startup=$(startup bash -c "echo quit | $stockfish")
declare -A startups
for build in "${builds[@]}"; do startups[$build]=$(startup "$build/brudno" perft --depth 1); done

echo "uptime: $(uptime)"
printf 'start-up (CPU): stockfish %.3f s' "$sf_startup"
for build in "${builds[@]}"; do printf ', %s %.3f s' "$build" "${startups[$build]}"; done
echo
declare -A nodes_sum seconds_sum
names=(stockfish "${builds[@]}")
for name in "${names[@]}"; do nodes_sum[$name]=0; seconds_sum[$name]=0; done

for round in $(seq 1 "$rounds"); do
  for entry in "${positions[@]}"; do
    read -r line depth <<< "$entry"
    fen=$(fen_of "$line")
    expected=$(expected_of "$line" "$depth")
    for name in "${names[@]}"; do
      if [ "$name" = stockfish ]; then
        read -r nodes seconds <<< "$(run_stockfish "$fen" "$depth")"
        seconds=$(echo "$seconds - $sf_startup" | bc -l)
      else
        read -r nodes seconds <<< "$(run_brudno "$name" "$fen" "$depth")"
        seconds=$(echo "$seconds - ${startups[$name]}" | bc -l)
      fi
      if [ "$nodes" != "$expected" ]; then
        echo "WRONG: $name position $line depth $depth: $nodes, expected $expected" >&2
        exit 1
      fi
      nodes_sum[$name]=$(echo "${nodes_sum[$name]} + $nodes" | bc)
      seconds_sum[$name]=$(echo "${seconds_sum[$name]} + $seconds" | bc -l)
      printf 'round %d position %d depth %d %-22s %12d leaves %7.3f CPU s %6.1f M/s\n' \
        "$round" "$line" "$depth" "$name" "$nodes" "$seconds" \
        "$(echo "$nodes / $seconds / 1000000" | bc -l)"
    done
  done
done

echo "== totals over $rounds rounds (every count exact)"
sf_rate=$(echo "${nodes_sum[stockfish]} / ${seconds_sum[stockfish]} / 1000000" | bc -l)
for name in "${names[@]}"; do
  rate=$(echo "${nodes_sum[$name]} / ${seconds_sum[$name]} / 1000000" | bc -l)
  printf '%-22s %14d leaves %8.2f CPU s %7.1f M leaves/s  %.2fx Stockfish\n' "$name" \
    "${nodes_sum[$name]}" "${seconds_sum[$name]}" "$rate" "$(echo "$rate / $sf_rate" | bc -l)"
done
echo "uptime: $(uptime)"
