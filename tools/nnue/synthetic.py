#!/usr/bin/python3
"""Synthetic training records, for the trainer's test and its speed
measurement while no self-play data exists:

    tools/nnue/synthetic.py --count N --out synthetic.bin [--seed S]

Each position is legal-ish: one king a side, 0 to 30 other pieces on random
distinct squares, no pawn on the first or last rank, a random side to move
(checks are not excluded). Its score is the material balance from the side to
move's view (100, 300, 300, 500, 900) plus a little noise, and its result is
drawn from the win probability that score implies, so a network has
something learnable and the target's blend of score and result is
exercised.
"""

import argparse
import sys

import numpy as np

import records as rec

PIECE_VALUES = np.array([100, 300, 300, 500, 900, 0])
# How often each non-king piece type is drawn: pawns most, queens least.
TYPE_WEIGHTS = np.array([8, 2, 2, 2, 1], dtype=float) / 15


def generate(count, seed):
    rng = np.random.default_rng(seed)
    boards = np.full((count, 64), -1, dtype=np.int16)
    squares = np.argsort(rng.random((count, 64)), axis=1)  # random distinct squares per row
    others = rng.integers(0, 31, size=count)
    row = np.arange(count)
    boards[row, squares[:, 0]] = rec.WHITE * 8 + rec.KING
    boards[row, squares[:, 1]] = rec.BLACK * 8 + rec.KING
    for slot in range(2, 32):
        present = slot - 2 < others
        piece_type = rng.choice(5, size=count, p=TYPE_WEIGHTS)
        square = squares[:, slot]
        # A pawn on the first or last rank becomes a knight.
        piece_type = np.where((piece_type == rec.PAWN) & ((square < 8) | (square >= 56)),
                              rec.KNIGHT, piece_type)
        colour = rng.integers(0, 2, size=count)
        boards[row[present], square[present]] = (colour * 8 + piece_type)[present]
    stm = rng.integers(0, 2, size=count)
    occupied = boards >= 0
    sign = np.where((boards >> 3) == stm[:, None], 1, -1)
    material = np.where(occupied, sign * PIECE_VALUES[np.where(occupied, boards & 7, 5)], 0)
    score = material.sum(axis=1) + rng.normal(0, 15, size=count)
    score = np.clip(np.rint(score), -3000, 3000).astype(np.int16)
    win = 1 / (1 + np.exp(-score / 400.0))
    u = rng.random(count)
    draw_band = 0.15
    result = np.where(u < win - draw_band, 1, np.where(u > win + draw_band, -1, 0))
    ply = rng.integers(8, 200, size=count)
    return rec.encode(boards, stm, score, result, ply)


def main(argv=None):
    parser = argparse.ArgumentParser(description='Write synthetic training records.')
    parser.add_argument('--count', type=int, required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--seed', type=int, default=1)
    args = parser.parse_args(argv)
    generate(args.count, args.seed).tofile(args.out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
