#!/usr/bin/env python3
"""Makes the mate benchmark set (tests/data/mates/) from brudno's own games.

Games: brudno against itself at UCI_LimitStrength's lowest Elo, full strength
on the other side (the two sides swap each game), from the openings of
../shared/data/chess/2moves_v1.epd taken in order. Every position of a game's
last 40 plies with the side to move to play is scored by Stockfish 15.1
(`go nodes N`); one whose score is a mate in 2 to 8 for the side to move is
confirmed with Stockfish's own `go mate K` (it must report a mate within K)
and kept as `FEN ;dm K`. A position Stockfish scores as mate in K >= 3 also
gives a no-mate case `FEN ;nomate K-1` (the exact search decides those; the
set's README says how they were checked).

Deterministic given the engines' node-limited play: brudno moves with
`go nodes`, so the same binaries make the same set.

Usage: mate_set.py BRUDNO STOCKFISH OPENINGS.epd OUT_DIR [--games G]
"""
import argparse
import collections
import pathlib
import subprocess


class Engine:
    def __init__(self, path, options=()):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine ended")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def go(self, fen, moves, limit):
        position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        self.send("go " + limit)
        return self.wait_for("bestmove")

    def quit(self):
        self.send("quit")
        self.proc.wait()


def last_mate(lines):
    mate = None
    for line in lines:
        words = line.split()
        if "score" in words:
            i = words.index("score")
            mate = int(words[i + 2]) if words[i + 1] == "mate" else None
    return mate


def fen_after(stockfish, fen, moves):
    stockfish.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
    stockfish.send("d")
    for line in stockfish.wait_for("Checkers"):
        if line.startswith("Fen: "):
            return line[5:]
    raise RuntimeError("no Fen line")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("brudno")
    parser.add_argument("stockfish")
    parser.add_argument("openings")
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--want", type=int, default=260, help="stop after this many mates")
    args = parser.parse_args()
    openings = [l.strip() for l in open(args.openings) if l.strip()]
    strong = Engine(args.brudno)
    weak = Engine(args.brudno, [("UCI_LimitStrength", "true"), ("UCI_Elo", "1350")])
    stockfish = Engine(args.stockfish, [("Threads", "1"), ("Hash", "64")])
    mates, nomates, seen = [], [], set()
    by_length = collections.Counter()
    for game in range(args.games):
        start = openings[game] + " 0 1" if len(openings[game].split()) == 4 else openings[game]
        moves = []
        weak_side = game % 2
        for ply in range(300):
            engine = weak if ply % 2 == weak_side else strong
            reply = engine.go(start, moves, "nodes 20000")
            best = reply[-1].split()[1]
            if best in ("(none)", "0000"):
                break
            moves.append(best)
        # The winner's positions near the end.
        for ply in range(max(0, len(moves) - 40), len(moves)):
            fen = fen_after(stockfish, start, moves[:ply])
            key = " ".join(fen.split()[:4])
            if key in seen:
                continue
            seen.add(key)
            mate = last_mate(stockfish.go(start, moves[:ply], "nodes 300000"))
            if mate is None or mate < 2 or mate > 8:
                continue
            confirmed = last_mate(stockfish.go(start, moves[:ply], f"mate {mate}"))
            if confirmed is None or confirmed <= 0 or confirmed > mate:
                continue
            mates.append(f"{fen} ;dm {mate}")
            by_length[mate] += 1
            if mate >= 3 and len(nomates) < 60 and game % 2 == 0:
                nomates.append(f"{fen} ;nomate {mate - 1}")
        print(f"game {game + 1}: {len(moves)} plies, {len(mates)} mates {dict(by_length)}",
              flush=True)
        if len(mates) >= args.want:
            break
    for engine in (strong, weak, stockfish):
        engine.quit()
    out = pathlib.Path(args.out)
    (out / "mates.epd").write_text("\n".join(mates) + "\n")
    (out / "nomates.epd").write_text("\n".join(nomates) + "\n")


if __name__ == "__main__":
    main()
