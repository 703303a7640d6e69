#!/usr/bin/env bash
# Fits the chess evaluation's weights to brudno's own games: plays GAMES
# self-play games with brudno-match (two at once, one thread each, openings
# from 2moves_v1.epd, lost and drawn positions adjudicated as printed), then
# runs `brudno tune` on their PGN and on any other PGN files given (brudno's
# match games, say). The tuned constants go to standard output, ready for
# games/chess/eval_weights.hpp; the games stay in OUT.
# Usage: tools/benchmarks/texel_tune.sh [GAMES [TC [SEED [OUT]]]] [-- EXTRA.pgn...]
# e.g.   tools/benchmarks/texel_tune.sh 1000 1+0.01 5 build/tune -- build/sprt.pgn
set -euo pipefail
cd "$(dirname "$0")/../.."

games=1000
tc=1+0.01
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
[ ${#positional[@]} -ge 2 ] && tc=${positional[1]}
[ ${#positional[@]} -ge 3 ] && seed=${positional[2]}
[ ${#positional[@]} -ge 4 ] && out=${positional[3]}

mkdir -p "$out"
build/release/brudno-match --games "$games" --tc "$tc" --concurrency 2 --seed "$seed" \
  --each option.Threads=1 option.Hash=16 \
  --resign movecount=3 score=1000 twosided=true --draw movenumber=40 movecount=8 score=10 \
  --event "brudno self-play for tuning" --pgn "$out/self_play.pgn" >"$out/self_play.txt" ||
  echo "brudno-match: a game ended by a fault (a loss on time, say): see $out/self_play.txt" >&2
tail -n 4 "$out/self_play.txt" >&2
cat "$out/self_play.pgn" "${extra[@]}" >"$out/games.pgn"
build/release/brudno tune "$out/games.pgn"
