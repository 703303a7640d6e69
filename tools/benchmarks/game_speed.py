#!/usr/bin/env python3
"""Nodes a second along real games, tables warm: the speed a search runs at in
play, where the transposition table and the histories carry over from one move
to the next, as they do in a game (the bench starts every position cold).

`record` plays GAMES games of ENGINE against itself from the first openings of
an EPD file (`go nodes N` a move) and writes each game's start and moves, one
game a line: `FEN;move move ...`.

`measure` replays those games through each ENGINE given, one process an
engine: for each game `ucinewgame`, then every position of it with `position
fen FEN moves ...` and `go nodes N`, timed from `go` to `bestmove` (a search
stops at its node limit, so each searches N nodes; the time is the wall
time, to the microsecond, which the `info` lines' milliseconds are too
coarse for at these sizes). The engines take turns game by game, ROUNDS times
over, so that a change in the machine's load falls on all of them alike.
Prints each engine's nodes a second for each round and over all of them.

An ENGINE is its command line; a word of it of the form option.NAME=VALUE is
sent as `setoption name NAME value VALUE` instead (as brudno-match's), so one
binary can be measured with two networks: `"build/release/brudno
option.EvalFile=wide.nnue"`.

Usage:
  game_speed.py record ENGINE OPENINGS.epd OUT.games [--games 4] [--nodes 20000]
  game_speed.py measure GAMES_FILE ENGINE... [--nodes 20000] [--rounds 3] [--hash 16]
"""
import argparse
import subprocess
import time


class Engine:
    def __init__(self, command, hash_mb):
        words = command.split()
        argv = [word for word in words if not word.startswith("option.")]
        options = [word[len("option."):].split("=", 1) for word in words
                   if word.startswith("option.")]
        if any(len(option) != 2 for option in options):
            raise SystemExit(f"game_speed.py: an option word needs NAME=VALUE: {command}")
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine ended before {word}")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen, moves, nodes):
        """(bestmove, seconds from `go` to `bestmove`) of one `go nodes`."""
        position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        self.send("isready")
        self.wait_for("readyok")
        start = time.perf_counter()
        self.send(f"go nodes {nodes}")
        lines = self.wait_for("bestmove")
        return lines[-1].split()[1], time.perf_counter() - start

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def record(args):
    with open(args.openings) as openings:
        fens = [" ".join(line.split(";")[0].split()[:4]) + " 0 1"
                for line in openings if line.strip()][:args.games]
    engine = Engine(args.engine, 16)
    with open(args.out, "w") as out:
        for fen in fens:
            engine.new_game()
            moves = []
            while len(moves) < args.max_plies:
                move, _ = engine.search(fen, moves, args.nodes)
                if move in ("(none)", "0000"):
                    break
                moves.append(move)
            out.write(fen + ";" + " ".join(moves) + "\n")
            print(f"{len(moves)} plies from {fen}", flush=True)
    engine.close()


def measure(args):
    with open(args.games_file) as games_file:
        games = [line.strip().split(";") for line in games_file if line.strip()]
    engines = [Engine(command, args.hash) for command in args.engines]
    positions = sum(len(moves.split()) for _, moves in games)
    totals = [0.0 for _ in engines]
    for round_number in range(1, args.rounds + 1):
        this_round = [0.0 for _ in engines]
        for fen, move_text in games:
            moves = move_text.split()
            for index, engine in enumerate(engines):
                engine.new_game()
                for ply in range(len(moves)):
                    this_round[index] += engine.search(fen, moves[:ply], args.nodes)[1]
        for index, seconds in enumerate(this_round):
            totals[index] += seconds
            print(f"round {round_number} {args.engines[index]}: {positions} positions in "
                  f"{seconds:.2f} s, {positions * args.nodes / seconds:.0f} nodes/s", flush=True)
    for index, seconds in enumerate(totals):
        print(f"all rounds {args.engines[index]}: "
              f"{args.rounds * positions * args.nodes / seconds:.0f} nodes/s")
    for engine in engines:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recorder = commands.add_parser("record")
    recorder.add_argument("engine")
    recorder.add_argument("openings")
    recorder.add_argument("out")
    recorder.add_argument("--games", type=int, default=4)
    recorder.add_argument("--nodes", type=int, default=20000)
    recorder.add_argument("--max-plies", type=int, default=160)
    measurer = commands.add_parser("measure")
    measurer.add_argument("games_file")
    measurer.add_argument("engines", nargs="+")
    measurer.add_argument("--nodes", type=int, default=20000)
    measurer.add_argument("--rounds", type=int, default=3)
    measurer.add_argument("--hash", type=int, default=16)
    args = parser.parse_args()
    record(args) if args.command == "record" else measure(args)


if __name__ == "__main__":
    main()
