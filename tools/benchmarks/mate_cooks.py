#!/usr/bin/env python3
"""Picks the mates with more than one key for tests/data/mates/cooks.epd.

For the first 40 mates in 2 or 3 of mates.epd, brudno's exact search lists
every key within K (`brudno mate --all`); a position with two keys or more is
kept when Stockfish 15.1's `go mate K searchmoves KEY` finds a mate within K
after each of them. Usage: mate_cooks.py BRUDNO STOCKFISH SET_DIR
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mate_compare import Engine
brudno, stockfish, set_dir = sys.argv[1:4]
lines=[l.strip() for l in open(os.path.join(set_dir, 'mates.epd')) if ';dm 2' in l or ';dm 3' in l]
sf=Engine([stockfish],[('Threads','1'),('Hash','64')])
out=[]
for line in lines[:40]:
    fen,op=[p.strip() for p in line.split(';')]
    k=int(op.split()[1])
    r=subprocess.run([brudno,'mate','--fen',fen,'--moves',str(k),'--all'],capture_output=True,text=True,timeout=60)
    keys=[l.split()[1] for l in r.stdout.splitlines() if l.startswith('key ')]
    if len(keys)<2: continue
    ok=True
    for key in keys:
        t,m=sf.go(fen,f'mate {k} searchmoves {key}',10)
        if m is None or m>k: ok=False; print('SF disagrees',fen,key,m)
    if ok:
        out.append(f'{fen} ;dm {k} ;keys {" ".join(keys)}')
        print(out[-1], flush=True)
    if len(out)>=12: break
sf.quit()
open(os.path.join(set_dir, 'cooks.epd'),'w').write(
    '# Mates with more than one key (README.md): every key within K, each confirmed by '
    'Stockfish 15.1\'s go mate K searchmoves KEY.\n' + '\n'.join(out)+'\n')
