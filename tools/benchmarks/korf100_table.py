#!/usr/bin/env python3
"""Merges `brudno solve 15puzzle` outputs into the per-instance Korf 100 table
of docs/log/benchmarks-single-agent-chance.md, "Korf's node counts, reproduced".

Usage: korf100_table.py MANHATTAN_OUTPUT PDB_OUTPUT
Each file is the standard output of one run over korf100.txt: lines
`id length L nodes N expanded E time T ms expected L0 ok korf K`.
"""
import re
import sys

LINE = re.compile(r"^(\d+) length (\d+) nodes (\d+) expanded (\d+) time ([\d.]+) ms"
                  r"(?: expected (\d+) (ok|WRONG))?(?: korf (\d+))?")


def read(path):
    rows = {}
    with open(path) as lines:
        for line in lines:
            match = LINE.match(line)
            if match:
                rows[int(match.group(1))] = match.groups()
    return rows


def main():
    manhattan, pdb = read(sys.argv[1]), read(sys.argv[2])
    print("| # | length | Korf's nodes | brudno, Manhattan: nodes | same | time s "
          "| brudno, 7-8 PDB: nodes | time ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    totals = [0, 0, 0.0, 0, 0.0, 0]
    for number in range(1, 101):
        m, p = manhattan.get(number), pdb.get(number)
        if not p:
            continue
        korf = int(p[7])
        cells = [str(number), p[1], f"{korf:,}"]
        if m:
            same = int(m[2]) == korf
            cells += [f"{int(m[2]):,}", "yes" if same else "**no**", f"{float(m[4]) / 1000:.1f}"]
            totals[1] += int(m[2])
            totals[2] += float(m[4]) / 1000
            totals[5] += 1 if same else 0
        else:
            cells += ["", "", ""]
        cells += [f"{int(p[2]):,}", p[4]]
        totals[0] += korf
        totals[3] += int(p[2])
        totals[4] += float(p[4])
        print("| " + " | ".join(cells) + " |")
    print(f"| total | | {totals[0]:,} | {totals[1]:,} | {totals[5]} of {len(manhattan)} "
          f"| {totals[2]:.0f} | {totals[3]:,} | {totals[4]:.0f} |")


if __name__ == "__main__":
    main()
