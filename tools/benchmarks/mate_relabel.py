#!/usr/bin/env python3
"""Corrects tests/data/mates/ by the exact search's answers.

Reads the CSV of mate_compare.py (the exact search's answer per line of
mates.epd) and the output of `brudno mate --suite nomates.epd --movetime MS`.
A `dm K` line whose exact answer is a shorter mate M becomes `dm M`; a
`nomate N` line where the exact search found a mate M becomes `dm M` (in
mates.epd, where its position usually is already); a
`nomate N` line the exact search did not answer in time is dropped (its
answer is not established). Each changed `dm M` must be confirmed by
Stockfish's `go mate M` (a mate within M) or the script stops.

Usage: mate_relabel.py STOCKFISH SET_DIR COMPARE.csv NOMATES_SUITE.log
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mate_compare import Engine  # noqa: E402


def main():
    stockfish_path, set_dir, compare_csv, nomates_log = sys.argv[1:5]
    stockfish = Engine([stockfish_path], [("Threads", "1"), ("Hash", "64")])

    def confirmed(fen, moves):
        _, mate = stockfish.go(fen, f"mate {moves}", 60)
        return mate is not None and mate <= moves

    mates_path = os.path.join(set_dir, "mates.epd")
    mates = [line.rstrip("\n") for line in open(mates_path) if line.strip()]
    for row in csv.DictReader(open(compare_csv)):
        number, moves = int(row["number"]), int(row["moves"])
        if row["exact_mate"] and int(row["exact_mate"]) < moves:
            fen = mates[number - 1].split(";")[0].strip()
            shorter = int(row["exact_mate"])
            if not confirmed(fen, shorter):
                sys.exit(f"Stockfish does not confirm mate {shorter} in {fen}")
            mates[number - 1] = f"{fen} ;dm {shorter}"
            print(f"mates {number}: dm {moves} -> dm {shorter}")

    nomates_path = os.path.join(set_dir, "nomates.epd")
    nomates = [line.rstrip("\n") for line in open(nomates_path) if line.strip()]
    kept = []
    answers = {}
    for line in open(nomates_log):
        found = re.match(r"(\d+) (ok|WRONG): (mate (\d+)|no mate in \d+)", line)
        if found:
            answers[int(found.group(1))] = found.group(4)
        elif re.match(r"(\d+) STOPPED", line):
            answers[int(line.split()[0])] = "stopped"
    for number, line in enumerate(nomates, 1):
        answer = answers.get(number, "stopped")
        fen = line.split(";")[0].strip()
        if answer == "stopped":
            print(f"nomates {number}: not answered in time, dropped")
        elif answer is None:
            kept.append(line)
        else:
            if not confirmed(fen, int(answer)):
                sys.exit(f"Stockfish does not confirm mate {answer} in {fen}")
            if not any(line.split(";")[0].strip() == fen for line in mates):
                mates.append(f"{fen} ;dm {answer}")
            print(f"nomates {number}: a mate in {answer}, kept in mates.epd only")
    stockfish.quit()
    open(mates_path, "w").write("\n".join(mates) + "\n")
    open(nomates_path, "w").write("\n".join(kept) + "\n")


if __name__ == "__main__":
    main()
