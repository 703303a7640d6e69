"""Training records of `brudno selfplay` and the network's input features.

A data file is a plain concatenation of 32-byte little-endian records with no
header (docs/nnue.md, "Training data"), so pieces of a run concatenate with
`cat`. This module reads them without copying (numpy memory maps) and turns a
batch of records into feature indices, vectorised over the batch.

Features: 768 = 2 (own, opponent) x 6 (pawn .. king) x 64 squares, seen from
one side. From black's side the board is mirrored vertically (square ^ 56) and
black's pieces are the "own" ones, so a position and its colour-flipped mirror
give the same two feature sets with the sides swapped.
"""

import numpy as np

RECORD_DTYPE = np.dtype([
    ('occupancy', '<u8'), ('pieces', 'u1', 16), ('score', '<i2'), ('result', 'i1'),
    ('stm', 'u1'), ('castling', 'u1'), ('ep', 'u1'), ('halfmove', 'u1'), ('ply', 'u1')])
assert RECORD_DTYPE.itemsize == 32

FEATURES = 768
MAX_PIECES = 32
# The index of "no feature": padding for positions with fewer than 32 pieces.
# The feature transformer keeps a zero row for it that is never trained.
PAD = FEATURES

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
WHITE, BLACK = 0, 1


def feature_index(perspective, colour, piece_type, square):
    """The one feature a piece gives from `perspective`'s side (scalar form,
    the definition the vectorised code below follows)."""
    relative = 0 if colour == perspective else 1
    oriented = square if perspective == WHITE else square ^ 56
    return (relative * 6 + piece_type) * 64 + oriented


def open_data(paths):
    """The records of every file, in the order given, as one array (each file
    memory-mapped; concatenated only when there is more than one)."""
    parts = []
    for path in paths:
        size = _file_size(path)
        if size % RECORD_DTYPE.itemsize != 0:
            raise ValueError(f'{path}: {size} bytes is not a whole number of 32-byte records')
        if size == 0:
            continue
        parts.append(np.memmap(path, dtype=RECORD_DTYPE, mode='r'))
    if not parts:
        raise ValueError('no records in ' + ', '.join(paths))
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _file_size(path):
    with open(path, 'rb') as f:
        f.seek(0, 2)
        return f.tell()


def decode_pieces(records):
    """(squares, codes): two (N, 32) int arrays, one slot per occupied square
    in ascending square order, code = colour * 8 + type; -1 in unused slots."""
    n = len(records)
    occupancy = np.ascontiguousarray(records['occupancy']).astype(np.uint64)
    bits = ((occupancy[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    counts = bits.sum(axis=1)
    if np.any(counts > MAX_PIECES):
        raise ValueError('a record has more than 32 occupied squares')
    rows, squares = np.nonzero(bits)  # row-major: ascending squares within a row
    slots = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
    packed = np.ascontiguousarray(records['pieces']).reshape(n, 16)
    nibbles = np.empty((n, 32), dtype=np.int16)
    nibbles[:, 0::2] = packed & 0x0F
    nibbles[:, 1::2] = packed >> 4
    out_squares = np.full((n, MAX_PIECES), -1, dtype=np.int16)
    out_codes = np.full((n, MAX_PIECES), -1, dtype=np.int16)
    out_squares[rows, slots] = squares
    out_codes[rows, slots] = nibbles[rows, slots]
    codes = out_codes[out_codes >= 0]
    if np.any((codes & 7) > KING):
        raise ValueError('a record has a piece code with a type above 5 (king)')
    return out_squares, out_codes


def features(records):
    """(stm, nstm): two (N, 32) int64 arrays of feature indices, the side to
    move's view and the other side's, padded with PAD."""
    squares, codes = decode_pieces(records)
    present = codes >= 0
    colour = codes >> 3
    piece_type = codes & 7
    stm = np.asarray(records['stm']).astype(np.int16)[:, None]
    if np.any(stm > 1):
        raise ValueError('a record has a side to move other than 0 (white) or 1 (black)')

    def view(perspective):
        relative = (colour != perspective).astype(np.int64)
        oriented = np.where(perspective == WHITE, squares, squares ^ 56).astype(np.int64)
        index = (relative * 6 + piece_type) * 64 + oriented
        return np.where(present, index, PAD)

    return view(stm), view(1 - stm)


def output_bucket(features_array, buckets):
    """The output bucket of each position, (N,) int64, from one side's (N, 32)
    features: (pieces - 1) x buckets // 32, capped at buckets - 1 (with 8
    buckets: 1-4 pieces in bucket 0, ..., 29-32 in bucket 7). The engine
    computes the same from its board (games/chess/eval/nnue/network.hpp)."""
    pieces = (np.asarray(features_array) != PAD).sum(axis=1).astype(np.int64)
    return np.minimum((np.maximum(pieces, 1) - 1) * buckets // MAX_PIECES, buckets - 1)


def mirror_files(features_array, rows):
    """The features of `rows` for the board mirrored left to right (a1 <->
    h1): each square's file reversed, square ^ 7, which commutes with the
    vertical mirror of black's view. Without castling rights the mirrored
    position is the same game, so its score and result hold for it too."""
    out = features_array.copy()
    part = out[rows]
    out[rows] = np.where(part != PAD, part ^ 7, PAD)
    return out


def targets(records, score_scale, lam):
    """The training target per record: lam * sigmoid(score / score_scale) +
    (1 - lam) * (result + 1) / 2, a win probability for the side to move."""
    score = np.asarray(records['score']).astype(np.float32)
    result = np.asarray(records['result']).astype(np.float32)
    if np.any(np.abs(result) > 1):
        raise ValueError('a record has a result other than -1, 0 or 1')
    from_score = 1.0 / (1.0 + np.exp(-score / score_scale))
    return (lam * from_score + (1.0 - lam) * (result + 1.0) / 2.0).astype(np.float32)


def encode(boards, stm, score, result, ply=None):
    """Records from boards given as (N, 64) arrays of codes (colour * 8 + type,
    -1 for empty): the writer's side of the format, for tests and synthetic
    data. Castling, en passant and the halfmove clock are left at zero."""
    boards = np.asarray(boards)
    n = len(boards)
    records = np.zeros(n, dtype=RECORD_DTYPE)
    occupied = boards >= 0
    weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
    records['occupancy'] = (occupied.astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64)
    nibbles = np.zeros((n, 32), dtype=np.uint8)
    for i in range(n):
        codes = boards[i][occupied[i]]
        if len(codes) > MAX_PIECES:
            raise ValueError('more than 32 pieces')
        nibbles[i, :len(codes)] = codes
    records['pieces'] = nibbles[:, 0::2] | (nibbles[:, 1::2] << 4)
    records['score'] = score
    records['result'] = result
    records['stm'] = stm
    records['ply'] = 0 if ply is None else np.minimum(ply, 255)
    return records
