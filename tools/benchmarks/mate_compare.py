#!/usr/bin/env python3
"""Side by side, interleaved: time to the answer of `go mate K` for brudno's
exact mate search, Stockfish 15.1 and brudno's main search, on the mates of
a `FEN ;dm K` file (tests/data/mates/mates.epd).

Each engine is one process at one thread, its table cleared by `ucinewgame`
before each position (outside the time). The three take turns position by
position, so that a change in the machine's load falls on all of them. The
time is the wall time from `go` to `bestmove`. brudno's main search is asked
with `go mate K movetime LIMIT`: a `go mate` with another limit takes the
main search, which stops at a mate within K or at the limit. The exact search
and Stockfish get `stop` at the same limit; an answer not given by then counts
as none (its time is the limit). For the exact search a second time is
kept: when it said a mate within K was proved (its first `score mate`
line), before it went on to show that none is shorter: the question that
Stockfish's `go mate K` answers, which reports the mate it finds.

With --no-main brudno's main search is left out (its column stays empty):
the exact search against Stockfish alone, in half the time.

Usage: mate_compare.py BRUDNO STOCKFISH FILE [--limit-ms 20000] [--out CSV] [--no-main]
"""
import argparse
import subprocess
import threading
import time


class Engine:
    def __init__(self, command, options):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, word, stamps=None):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.rstrip("\n"))
            if stamps is not None:
                stamps.append(time.perf_counter())
            if line.startswith(word):
                return lines
        raise RuntimeError("the engine ended")

    def ready(self):
        self.send("isready")
        self.read_until("readyok")

    def go(self, fen, limit, stop_after=None):
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.ready()
        start = time.perf_counter()
        self.send("go " + limit)
        timer = None
        if stop_after is not None:
            timer = threading.Timer(stop_after, lambda: self.send("stop"))
            timer.start()
        stamps = []
        lines = self.read_until("bestmove", stamps)
        elapsed = time.perf_counter() - start
        if timer is not None:
            timer.cancel()
            timer.join()
        mate = None
        first_mate = None  # when the first mate score came
        for line, stamp in zip(lines, stamps):
            words = line.split()
            if "score" in words and words[words.index("score") + 1] == "mate":
                value = int(words[words.index("score") + 2])
                if value > 0:
                    mate = value if mate is None else min(mate, value)
                    if first_mate is None:
                        first_mate = stamp - start
        self.first_mate = first_mate
        if elapsed >= (stop_after or float("inf")):
            return elapsed, None  # stopped: no answer in time
        return elapsed, mate

    def quit(self):
        self.send("quit")
        self.proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("brudno")
    parser.add_argument("stockfish")
    parser.add_argument("file")
    parser.add_argument("--limit-ms", type=int, default=20000)
    parser.add_argument("--out")
    parser.add_argument("--no-main", action="store_true")
    args = parser.parse_args()
    cases = []
    for line in open(args.file):
        if not line.strip() or line.startswith("#"):
            continue
        fen, *ops = [part.strip() for part in line.split(";")]
        for op in ops:
            if op.startswith("dm "):
                cases.append((fen, int(op.split()[1])))
    exact = Engine([args.brudno], [("Threads", "1"), ("Hash", "64")])
    main_search = Engine([args.brudno], [("Threads", "1"), ("Hash", "64")])
    stockfish = Engine([args.stockfish], [("Threads", "1"), ("Hash", "64")])
    rows = []
    for number, (fen, moves) in enumerate(cases, 1):
        t_exact, m_exact = exact.go(fen, f"mate {moves}", args.limit_ms / 1000)
        # A mate within K proved (the exact search says so before it shows
        # that none is shorter): the question Stockfish's go mate answers.
        t_proved = exact.first_mate if exact.first_mate is not None else args.limit_ms / 1000
        t_sf, m_sf = stockfish.go(fen, f"mate {moves}", args.limit_ms / 1000)
        t_main, m_main = (0.0, None) if args.no_main else main_search.go(
            fen, f"mate {moves} movetime {args.limit_ms}")
        rows.append((number, moves, t_exact, m_exact, t_sf, m_sf, t_main, m_main, t_proved))
        print(f"{number} dm {moves}: exact {t_exact * 1000:.1f} ms mate {m_exact} "
              f"(a mate within K proved at {t_proved * 1000:.1f} ms), "
              f"stockfish {t_sf * 1000:.1f} ms mate {m_sf}, "
              f"main {t_main * 1000:.1f} ms mate {m_main}", flush=True)
    for engine in (exact, main_search, stockfish):
        engine.quit()
    if args.out:
        with open(args.out, "w") as out:
            out.write("number,moves,exact_s,exact_mate,stockfish_s,stockfish_mate,main_s,main_mate,"
                      "exact_proved_s\n")
            for row in rows:
                out.write(",".join("" if v is None else str(v) for v in row) + "\n")

    def summary(name, pick):
        chosen = [r for r in rows if pick(r)]
        if not chosen:
            return
        exact_right = sum(1 for r in chosen if r[3] == r[1])
        exact_shorter = sum(1 for r in chosen if r[3] is not None and r[3] < r[1])
        sf_within = sum(1 for r in chosen if r[5] is not None and r[5] <= r[1])
        sf_exact = sum(1 for r in chosen if r[5] == r[1])
        main_within = sum(1 for r in chosen if r[7] is not None and r[7] <= r[1])
        print(f"{name}: {len(chosen)} positions; total s: exact {sum(r[2] for r in chosen):.2f} "
              f"(a mate within K proved: {sum(r[8] for r in chosen):.2f}), "
              f"stockfish {sum(r[4] for r in chosen):.2f}, main {sum(r[6] for r in chosen):.2f}; "
              f"exact right {exact_right} (shorter than K {exact_shorter}), stockfish mate within K {sf_within} "
              f"(the shortest {sf_exact}), main within K {main_within}")

    summary("all", lambda r: True)
    for k in range(2, 9):
        summary(f"dm {k}", lambda r, k=k: r[1] == k)
    summary("dm 5 to 8", lambda r: r[1] >= 5)


if __name__ == "__main__":
    main()
