#!/usr/bin/env python3
"""Time to depth of the cluster search (`brudno-mpi uci`) against one process.

Each of bench's five chess positions is searched to a fixed depth by every
engine in turn, interleaved (this machine's speed drifts), each search in a
fresh process with a fresh table; the clock runs from `go` to `bestmove`, so
start-up (mpirun's included) is not counted. Nodes are those of the last
`info depth` line, for the cluster the sum its `info string cluster` line
gives (each rank's last finished iteration). Then the cluster's stop latency:
`go infinite`, `stop` a second later, the time until `bestmove`.

Usage: cluster_time_to_depth.py [--depth D] [--rounds R] [--ranks N]
                                [--share-depth S] [--stops K] [--cluster BINARY]...
Several --cluster binaries (two builds of brudno-mpi, say) are measured
side by side; the table compares the first with one process.
Run from the repository's root after `bash tools/build.sh release`.
"""
import argparse
import os
import re
import statistics
import subprocess
import time

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]
ENGINE = "build/release/brudno"
CLUSTER = "build/release/brudno-mpi"
NODES = re.compile(r"\bnodes (\d+)")
CLUSTER_LINE = re.compile(r"info string cluster of (\d+) ranks: (\d+) reported.*?nodes (\d+),"
                          r".*offered (\d+) received (\d+) stored (\d+) dropped (\d+), "
                          r"entry bytes sent (\d+) in (\d+) messages")


def mpirun(ranks):
    command = ["mpirun", "--oversubscribe", "-np", str(ranks)]
    if os.geteuid() == 0:
        command.insert(1, "--allow-run-as-root")
    return command


class Engine:
    """One engine process spoken to over its standard input and output."""

    def __init__(self, command, threads):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Hash value 64")
        self.send(f"setoption name Threads value {threads}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        lines = []
        for line in self.process.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"the engine ended before '{prefix}'")

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def close(self):
        self.send("quit")
        self.process.stdin.close()
        self.process.wait(timeout=30)


def search(engine, fen, depth):
    """Seconds to `bestmove`, nodes, and the cluster's exchange figures."""
    engine.send(f"position fen {fen}")
    engine.ready()
    start = time.monotonic()
    engine.send(f"go depth {depth}")
    lines = engine.until("bestmove")
    seconds = time.monotonic() - start
    nodes = 0
    cluster = None
    for line in lines:
        if line.startswith("info depth") and " pv " in line:
            match = NODES.search(line)
            if match:
                nodes = int(match.group(1))
        match = CLUSTER_LINE.match(line)
        if match:
            cluster = [int(value) for value in match.groups()]
    if cluster:
        nodes = cluster[2]
    return seconds, nodes, cluster


def stop_latency(command, threads):
    engine = Engine(command, threads)
    engine.send(f"position fen {POSITIONS[0]}")
    engine.ready()
    engine.send("go infinite")
    time.sleep(1.0)
    start = time.monotonic()
    engine.send("stop")
    engine.until("bestmove")
    seconds = time.monotonic() - start
    engine.close()
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--share-depth", type=int, default=8)
    parser.add_argument("--stops", type=int, default=10)
    parser.add_argument("--cluster", action="append", help=f"default {CLUSTER}")
    args = parser.parse_args()

    clusters = [mpirun(args.ranks) + [binary, "uci", "--share-depth", str(args.share_depth)]
                for binary in args.cluster or [CLUSTER]]
    cluster = clusters[0]
    engines = [
        ("1 x 1", [ENGINE], 1),
        (f"1 x {args.ranks}", [ENGINE], args.ranks),
    ]
    for number, command in enumerate(clusters):
        suffix = f" #{number + 1}" if len(clusters) > 1 else ""
        engines.append((f"np {args.ranks} x 1{suffix}", command, 1))
    names = [name for name, _, _ in engines]
    seconds = {(name, fen): [] for name in names for fen in POSITIONS}
    nodes = {(name, fen): [] for name in names for fen in POSITIONS}
    rates = []
    for round_number in range(args.rounds):
        for fen in POSITIONS:
            # Each round starts with another engine, so none always runs first.
            for offset in range(len(engines)):
                name, command, threads = engines[(round_number + offset) % len(engines)]
                engine = Engine(command, threads)
                took, searched, exchange = search(engine, fen, args.depth)
                engine.close()
                seconds[(name, fen)].append(took)
                nodes[(name, fen)].append(searched)
                if exchange and command == cluster:
                    rates.append((exchange[7] / took, exchange[8] / took, exchange))
                print(f"round {round_number + 1} {name:>12} depth {args.depth} {took:7.2f} s "
                      f"nodes {searched:>10} {fen}", flush=True)

    print(f"\n| position | {' | '.join(names)} | np {args.ranks} speed-up over 1 x 1 | "
          f"over 1 x {args.ranks} | nodes np {args.ranks} / 1 x 1 |")
    print("| --- |" + " --- |" * (len(names) + 3))
    totals = {name: 0.0 for name in names}
    total_nodes = {name: 0 for name in names}
    for fen in POSITIONS:
        median = {name: statistics.median(seconds[(name, fen)]) for name in names}
        median_nodes = {name: statistics.median(nodes[(name, fen)]) for name in names}
        for name in names:
            totals[name] += median[name]
            total_nodes[name] += median_nodes[name]
        cells = [f"{median[name]:.2f} s" for name in names]
        print(f"| {fen.split()[0]} | {' | '.join(cells)} | "
              f"{median[names[0]] / median[names[2]]:.2f}x | "
              f"{median[names[1]] / median[names[2]]:.2f}x | "
              f"{median_nodes[names[2]] / median_nodes[names[0]]:.2f} |")
    cells = [f"{totals[name]:.2f} s" for name in names]
    print(f"| all five | {' | '.join(cells)} | {totals[names[0]] / totals[names[2]]:.2f}x | "
          f"{totals[names[1]] / totals[names[2]]:.2f}x | "
          f"{total_nodes[names[2]] / total_nodes[names[0]]:.2f} |")
    if rates:
        print(f"\nrank 0's table traffic: median {statistics.median(r[0] for r in rates):.0f} "
              f"bytes/s in {statistics.median(r[1] for r in rates):.1f} messages/s; "
              f"most {max(r[0] for r in rates):.0f} bytes/s")
    stops = [stop_latency(cluster, 1) for _ in range(args.stops)]
    if stops:
        print(f"cluster stop latency over {len(stops)} trials: median "
              f"{statistics.median(stops) * 1000:.1f} ms, most {max(stops) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
