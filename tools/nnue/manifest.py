#!/usr/bin/python3
"""The data manifest's rows (docs/nnue.md, "Data manifest"): for each piece of
training data its records, the distinct positions among them and its sha256,
then the distinct positions of all the pieces together.

A position is the board, the side to move, the castling rights and the en
passant file: the same position reached in two games (or twice in one) counts
once, whatever its score, result, move counters or ply.

    /usr/bin/python3 tools/nnue/manifest.py /data/piece-*.bin
"""

import argparse
import hashlib
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import records as rec  # noqa: E402

POSITION_FIELDS = ('occupancy', 'pieces', 'stm', 'castling', 'ep')


def distinct_positions(records):
    """The distinct positions of `records`, each as one opaque byte string
    (a numpy void array, sorted), so that the sets of several pieces can be
    merged by np.unique again."""
    keys = np.empty(len(records), dtype=[(name, rec.RECORD_DTYPE[name])
                                         for name in POSITION_FIELDS])
    for name in POSITION_FIELDS:
        keys[name] = records[name]
    return np.unique(keys.view(np.dtype((np.void, keys.dtype.itemsize))))


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            digest.update(block)
    return digest.hexdigest()


def manifest_rows(paths):
    """(name, records, distinct positions, sha256) for each piece, then
    ('all', records, distinct positions of the union, '')."""
    rows = []
    sets = []
    total = 0
    for path in paths:
        records = rec.open_data([path])
        distinct = distinct_positions(records)
        sets.append(distinct)
        total += len(records)
        rows.append((os.path.basename(path), len(records), len(distinct), sha256_of(path)))
    union = np.unique(np.concatenate(sets)) if sets else []
    rows.append(('all', total, len(union), ''))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('pieces', nargs='+', help='record files of brudno selfplay')
    args = parser.parse_args(argv)
    try:
        rows = manifest_rows(args.pieces)
    except (OSError, ValueError) as error:
        print(f'manifest.py: {error}', file=sys.stderr)
        return 2
    print('| piece | records | distinct positions | sha256 |')
    print('|---|---:|---:|---|')
    for name, count, distinct, digest in rows:
        print(f'| {name} | {count:,} | {distinct:,} | {digest} |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
