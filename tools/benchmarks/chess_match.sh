#!/usr/bin/env bash
# A chess match between two UCI engines with brudno-match, every engine set
# up alike: one thread, a 16 MB table, no pondering, its own opening book
# off. The settings go to both engines through --each, which leaves out an
# option an engine does not declare and says so; Toga II names its threads
# option "Number of Threads". The opponents are Debian packages:
#   apt-get install stockfish gnuchess glaurung toga2 ethereal-chess fairy-stockfish
# Engine names: brudno (build/release/brudno), stockfish, gnuchess, glaurung,
# toga2, ethereal, fairy-stockfish, or any command.
# Usage: tools/benchmarks/chess_match.sh ENGINE1 ENGINE2 [brudno-match options...]
# e.g.   tools/benchmarks/chess_match.sh stockfish gnuchess --games 20 --tc 1+0.01
#        tools/benchmarks/chess_match.sh build/new/brudno build/old/brudno \
#            --games 2000 --tc 10+0.1 --concurrency 2 --sprt elo0=0 elo1=10
set -euo pipefail
cd "$(dirname "$0")/../.."

[ $# -ge 2 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
engine_command() {
  case "$1" in
    brudno) echo "build/release/brudno" ;;
    stockfish) echo "/usr/games/stockfish" ;;
    gnuchess) echo "/usr/games/gnuchess --uci" ;;  # a UCI engine only with --uci
    glaurung) echo "/usr/games/glaurung" ;;
    toga2) echo "/usr/games/toga2" ;;
    ethereal) echo "/usr/games/ethereal-chess" ;;
    fairy-stockfish) echo "/usr/games/fairy-stockfish" ;;  # plays chess by default
    *) echo "$1" ;;
  esac
}
first="$(engine_command "$1")"
second="$(engine_command "$2")"
shift 2

uptime
exec build/release/brudno-match \
  --engine "cmd=$first" --engine "cmd=$second" \
  --each option.Threads=1 "option.Number of Threads=1" option.Hash=16 option.Ponder=false \
  option.OwnBook=false \
  "$@"
