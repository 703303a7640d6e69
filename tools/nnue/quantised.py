#!/usr/bin/python3
"""The integer network's score for a record, exactly as the engine computes
it: the reference (oracle) for the engine's inference. numpy only.

    tools/nnue/quantised.py --net net.nnue --data positions.bin [--count N]

prints one line per record: its index and the score in centipawns from the
side to move's point of view.

The arithmetic (A = activation quant 127, S = dense weight shift 10):
    acc[side]  = ft_bias + sum of ft_weight[f] over the side's features
                 (each sum fits int16; checked here)
    x          = clamp(acc[stm], 0, A) ++ clamp(acc[other], 0, A)       (2H values, 0..A)
    h1         = l1_weight . x + l1_bias                                (int32)
    a1         = clamp(h1 >> S, 0, A)          (>> is arithmetic: rounds toward minus infinity)
    h2         = l2_weight . a1 + l2_bias;  a2 = clamp(h2 >> S, 0, A)
    out        = out_weight . a2 + out_bias                             (int32, A << S to the unit)
                 (the dense weights those of the position's output bucket)
    score (cp) = out * score_scale / (A << S), the division truncating toward zero
                 (C++'s int64_t division)

The direct shape (version 3; A = 255, S the file's shift, 6 to 14 (export.py), so
a weight of 1.0 is 64 at S = 6):
    x          = clamp(acc[stm], 0, A) ++ clamp(acc[other], 0, A)       (2H values, 0..A)
    p          = x * out_weight, each product inside int16 (the reader checks
                 |weight| * A <= 32767), then
    sum        = sum of p * x                   (int32, wrapping: modulo 2^32)
    out        = sum / A + out_bias             (truncating toward zero; int32, A << S to the unit)
    score (cp) = out * score_scale / (A << S), truncating toward zero
"""

import argparse
import sys

import numpy as np

import network_file
import records as rec


def accumulators(net, feature_indices):
    """(N, H) int32 accumulator of one side from (N, 32) feature indices
    (PAD for none); raises if any sum leaves int16, as the engine's would."""
    table = np.vstack([net.ft_weight.astype(np.int32), np.zeros((1, net.hidden), np.int32)])
    acc = np.tile(net.ft_bias.astype(np.int32), (len(feature_indices), 1))
    for slot in range(feature_indices.shape[1]):  # slot by slot: (N, H) memory, not (N, 32, H)
        acc += table[feature_indices[:, slot]]
    if acc.min(initial=0) < -32768 or acc.max(initial=0) > 32767:
        raise OverflowError('an accumulator leaves int16')
    return acc


def wrap_int32(values):
    """int64 values taken modulo 2^32 into int32's range, as C++'s wrapping
    lanes leave them."""
    return (np.asarray(values, dtype=np.int64) + 2 ** 31) % 2 ** 32 - 2 ** 31


def truncating_division(values, divisor):
    return np.sign(values) * (np.abs(values) // divisor)


def evaluate_direct(net, stm, nstm):
    a = net.activation_quant
    x = np.concatenate([np.clip(accumulators(net, stm), 0, a),
                        np.clip(accumulators(net, nstm), 0, a)], axis=1).astype(np.int32)
    bucket = rec.output_bucket(stm, net.buckets)
    out = np.zeros(len(x), dtype=np.int64)
    for b in range(net.buckets):
        rows = np.flatnonzero(bucket == b)
        products = x[rows] * net.out_weight[b].astype(np.int32)  # inside int16, as the engine's
        sums = wrap_int32((products * x[rows]).sum(axis=1, dtype=np.int64))
        out[rows] = wrap_int32(truncating_division(sums, a) + int(net.out_bias[b]))
    scaled = out * net.score_scale
    return truncating_division(scaled, a << net.dense_shift).astype(np.int64)


def evaluate_features(net, stm, nstm):
    if net.direct:
        return evaluate_direct(net, stm, nstm)
    a = net.activation_quant
    s = net.dense_shift
    x = np.concatenate([np.clip(accumulators(net, stm), 0, a),
                        np.clip(accumulators(net, nstm), 0, a)], axis=1).astype(np.int32)
    bucket = rec.output_bucket(stm, net.buckets)
    out = np.zeros(len(x), dtype=np.int64)
    for b in range(net.buckets):  # each bucket's positions through its own stack
        rows = np.flatnonzero(bucket == b)
        h1 = x[rows] @ net.l1_weight[b].astype(np.int32).T + net.l1_bias[b]
        a1 = np.clip(h1 >> s, 0, a)
        h2 = a1 @ net.l2_weight[b].astype(np.int32).T + net.l2_bias[b]
        a2 = np.clip(h2 >> s, 0, a)
        out[rows] = (a2 @ net.out_weight[b].astype(np.int32) + net.out_bias[b]).astype(np.int64)
    scaled = out * net.score_scale
    divisor = a << s
    # Truncation toward zero, as integer division in C++.
    return (np.sign(scaled) * (np.abs(scaled) // divisor)).astype(np.int64)


def evaluate(net, records):
    """Scores in centipawns (int64, side to move's view) of a record array."""
    stm, nstm = rec.features(records)
    return evaluate_features(net, stm, nstm)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--net', required=True, help='network file (tools/nnue/train.py --out)')
    parser.add_argument('--data', required=True, help='a file of 32-byte training records')
    parser.add_argument('--count', type=int, default=None, help='only the first COUNT records')
    args = parser.parse_args(argv)
    try:
        net = network_file.read(args.net)
        data = rec.open_data([args.data])
    except (OSError, ValueError) as error:
        print(f'error: {error}', file=sys.stderr)
        return 1
    if args.count is not None:
        data = data[:args.count]
    for start in range(0, len(data), 65536):
        scores = evaluate(net, data[start:start + 65536])
        sys.stdout.write(''.join(f'{start + i} {s}\n' for i, s in enumerate(scores)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
