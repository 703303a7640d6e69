#!/usr/bin/env bash
# Fits the chess evaluation's weights to brudno's own games: plays GAMES
# self-play games (one thread an engine, two games at once, openings from
# 2moves_v1.epd, lost and drawn positions adjudicated), then runs `brudno
# tune` on their PGN and on any other PGN files given (brudno's match games,
# say). The tuned constants go to standard output, ready for
# games/chess/eval/eval_weights.hpp; the games stay in OUT.
#
# MOVES is nodes=N (the default, nodes=6000: every move a `go nodes N`, so the
# games are the same however loaded the machine; played by brudno-mpi's
# self-play farm, as in the recipe of docs/log/benchmarks-chess.md, "Every
# weight refitted, the piece-square tables too, on a million positions
# (2026-11-27)") or a time control such as 1+0.01 (moves on the clocks,
# played by brudno-match).
# Usage: tools/benchmarks/texel_tune.sh [GAMES [MOVES [SEED [OUT]]]] [-- EXTRA.pgn...]
# e.g.   tools/benchmarks/texel_tune.sh 1000 nodes=6000 5 build/tune -- build/sprt.pgn
set -euo pipefail
cd "$(dirname "$0")/../.."

games=1000
moves=nodes=6000
seed=5
out=build/tune
extra=()
positional=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then
    shift
    extra=("$@")
    break
  fi
  positional+=("$1")
  shift
done
[ ${#positional[@]} -ge 1 ] && games=${positional[0]}
[ ${#positional[@]} -ge 2 ] && moves=${positional[1]}
[ ${#positional[@]} -ge 3 ] && seed=${positional[2]}
[ ${#positional[@]} -ge 4 ] && out=${positional[3]}

mkdir -p "$out"
case "$moves" in
  nodes=*)
    # Between two copies of one engine at a node count, a pair of games with
    # colours reversed would be the same game twice: brudno-mpi's self-play
    # farm plays each opening once, one game a rank.
    mpirun_flags=(--oversubscribe -np 2)
    [ "$(id -u)" = 0 ] && mpirun_flags=(--allow-run-as-root "${mpirun_flags[@]}")
    [ -x build/release/brudno-mpi ] || {
      echo "texel_tune.sh: nodes=N needs build/release/brudno-mpi (Open MPI, tools/setup.sh)" >&2
      exit 1
    }
    mpirun "${mpirun_flags[@]}" build/release/brudno-mpi selfplay --games "$games" \
      --nodes "${moves#nodes=}" --openings ../shared/data/chess/2moves_v1.epd --seed "$seed" \
      --hash 16 --out "$out/self_play.pgn" >"$out/self_play.txt"
    ;;
  *)
    build/release/brudno-match --games "$games" --tc "$moves" --concurrency 2 --seed "$seed" \
      --each option.Threads=1 option.Hash=16 \
      --resign movecount=3 score=1000 twosided=true --draw movenumber=40 movecount=8 score=10 \
      --event "brudno self-play for tuning" --pgn "$out/self_play.pgn" >"$out/self_play.txt" ||
      echo "brudno-match: a game ended by a fault (a loss on time, say): see $out/self_play.txt" >&2
    ;;
esac
tail -n 4 "$out/self_play.txt" >&2
cat "$out/self_play.pgn" "${extra[@]}" >"$out/games.pgn"
build/release/brudno tune "$out/games.pgn"
