"""The float network rounded to the engine's integers, and the check that
the integer network scores positions as the float one does."""

import numpy as np
import torch

import network_file
import quantised
import records as rec
from model import (ACTIVATION_QUANT, DENSE_WEIGHT_LIMIT, DENSE_WEIGHT_SHIFT,
                   DIRECT_ACTIVATION_QUANT, DIRECT_WEIGHT_SHIFT, DIRECT_WEIGHT_SHIFT_MAX,
                   SCORE_SCALE, Network)

# The quantised score may differ from the float network's by rounding:
# activations in steps of 1/127, weights in steps of 1/127 (transformer) and
# 1/1024 (dense). The export is refused beyond these bounds on the absolute
# difference (centipawns): its mean and its 99th percentile. The largest
# difference is printed too but not bounded: a position whose float score
# sits on a steep part of the network can move by a few tens of centipawns.
MEAN_ABS_TOLERANCE_CP = 10.0
P99_ABS_TOLERANCE_CP = 50.0


def _rounded(tensor, scale, low, high):
    values = np.rint(tensor.detach().cpu().double().numpy() * scale)
    if values.min(initial=0) < low or values.max(initial=0) > high:
        raise OverflowError(f'a parameter leaves [{low}, {high}] after scaling by {scale}')
    return values


I16, I32 = (-32768, 32767), (-2 ** 31, 2 ** 31 - 1)


def _transformer(model, a):
    """The transformer's weights and biases at `a` to the unit."""
    ft_weight = _rounded(model.transformer.weight[:rec.FEATURES], a, *I16)
    ft_bias = _rounded(model.transformer_bias, a, *I16)
    # The worst accumulator: the bias and the 32 largest weights of one sign.
    worst = np.abs(ft_bias) + np.sort(np.abs(ft_weight), axis=0)[-rec.MAX_PIECES:].sum(axis=0)
    if worst.max() > 32767:
        print(f'export: warning: an accumulator could reach {int(worst.max())}, beyond int16, on '
              'some piece set; the positions checked below did not', flush=True)
    return ft_weight, ft_bias


def direct_weight_shift(output_weight, a=DIRECT_ACTIVATION_QUANT):
    """The direct shape's output weight shift S: the largest, from
    DIRECT_WEIGHT_SHIFT to DIRECT_WEIGHT_SHIFT_MAX, at which the rounded
    weights (1) stay within 127 (activation x weight inside int16 for a up
    to 258) and (2) leave no sum of squared activations times weights able
    to leave int32 in any bucket: all activations at 1.0 under the positive
    weights alone (or the negative ones) give the largest, a * a times
    their total. Trained weights are mostly far below the 1.98 that
    training allows (at most 0.11 in the first net of issue 69's data),
    and at S = 6 their steps of 1/64 cost a mean 24 cp against the float
    network (docs/nnue.md, "Rounding the direct shape"). Bound (1) is odd
    so that a network read back (dequantise()) chooses its own S again."""
    weights = output_weight.detach().cpu().double().numpy()
    shift = DIRECT_WEIGHT_SHIFT
    while shift < DIRECT_WEIGHT_SHIFT_MAX:
        rounded = np.rint(weights * (1 << (shift + 1)))
        one_sign = max(np.clip(rounded, 0, None).sum(axis=1).max(initial=0.0),
                       -np.clip(rounded, None, 0).sum(axis=1).min(initial=0.0))
        if np.abs(rounded).max(initial=0.0) > 127 or one_sign * a * a > 2 ** 31 - 1:
            break
        shift += 1
    return shift


def quantise_direct(model):
    a = DIRECT_ACTIVATION_QUANT
    shift = direct_weight_shift(model.output.weight, a)
    w = 1 << shift
    ft_weight, ft_bias = _transformer(model, a)
    limit = 32767 // a  # activation x weight inside int16 (quantised.py)
    return network_file.IntegerNetwork(
        model.hidden, 0, 0, buckets=model.buckets, ft_bias=ft_bias, ft_weight=ft_weight,
        l1_weight=None, l1_bias=None, l2_weight=None, l2_bias=None,
        out_weight=_rounded(model.output.weight, w, -limit, limit),
        out_bias=_rounded(model.output.bias, a * w, *I32),
        activation_quant=a, dense_shift=shift, score_scale=SCORE_SCALE)


def quantise(model):
    if model.direct:
        return quantise_direct(model)
    a = ACTIVATION_QUANT
    w = 1 << DENSE_WEIGHT_SHIFT
    dense = (-DENSE_WEIGHT_LIMIT * w, DENSE_WEIGHT_LIMIT * w)
    ft_weight, ft_bias = _transformer(model, a)
    # The engine shifts each dense layer's sum right by the weight shift,
    # which rounds toward minus infinity; half a step added to the bias makes
    # it round to nearest, without a cost at inference.
    half = 1 << (DENSE_WEIGHT_SHIFT - 1)
    return network_file.IntegerNetwork(
        model.hidden, model.l1_width, model.l2_width, buckets=model.buckets,
        ft_bias=ft_bias, ft_weight=ft_weight,
        l1_weight=_rounded(model.l1.weight, w, *dense),
        l1_bias=_rounded(model.l1.bias, a * w, *I32) + half,
        l2_weight=_rounded(model.l2.weight, w, *dense),
        l2_bias=_rounded(model.l2.bias, a * w, *I32) + half,
        out_weight=_rounded(model.output.weight, w, *dense),
        out_bias=_rounded(model.output.bias, a * w, *I32),
        activation_quant=a, dense_shift=DENSE_WEIGHT_SHIFT, score_scale=SCORE_SCALE)


def dequantise(net):
    """The float network whose quantise() is `net` again, byte for byte: each
    integer over its scale (the half step quantise adds to the dense biases
    taken off). A network file as a starting point for more training
    (train.py --init): training then goes on from the network the engine
    plays, not from an untrained one."""
    a = DIRECT_ACTIVATION_QUANT if net.direct else ACTIVATION_QUANT
    w = 1 << net.dense_shift
    half = 1 << (net.dense_shift - 1)
    if net.activation_quant != a or net.score_scale != SCORE_SCALE or net.features != rec.FEATURES:
        raise ValueError('the network file has other constants than this trainer '
                         f'(activation {net.activation_quant}, scale {net.score_scale}, '
                         f'{net.features} features)')
    model = Network(net.hidden, net.l1, net.l2, net.buckets)
    b = net.buckets

    def tensor(values, scale, shape):
        return torch.from_numpy(np.asarray(values, dtype=np.float64).reshape(shape) / scale).float()

    with torch.no_grad():
        model.transformer.weight[:rec.FEATURES] = tensor(net.ft_weight, a,
                                                         (rec.FEATURES, net.hidden))
        model.transformer.weight[rec.FEATURES:] = 0.0  # the padding row
        model.transformer_bias[:] = tensor(net.ft_bias, a, net.hidden)
        if net.direct:
            model.output.weight[:] = tensor(net.out_weight, w, (b, 2 * net.hidden))
            model.output.bias[:] = tensor(net.out_bias, a * w, b)
            return model
        # The file's stacks are bucket-major, as the model's layers are.
        model.l1.weight[:] = tensor(net.l1_weight, w, (b * net.l1, 2 * net.hidden))
        model.l1.bias[:] = tensor(net.l1_bias.astype(np.int64) - half, a * w, b * net.l1)
        model.l2.weight[:] = tensor(net.l2_weight, w, (b * net.l2, net.l1))
        model.l2.bias[:] = tensor(net.l2_bias.astype(np.int64) - half, a * w, b * net.l2)
        model.output.weight[:] = tensor(net.out_weight, w, (b, net.l2))
        model.output.bias[:] = tensor(net.out_bias, a * w, b)
    return model


def float_scores(model, records, batch=8192):
    """The float network's scores in centipawns (side to move's view)."""
    out = []
    model.eval()
    with torch.no_grad():
        for start in range(0, len(records), batch):
            stm, nstm = rec.features(records[start:start + batch])
            out.append(model(torch.from_numpy(stm), torch.from_numpy(nstm)).numpy() * SCORE_SCALE)
    return np.concatenate(out) if out else np.zeros(0)


def compare(model, net, records):
    """(mean, 99th percentile, max) of the absolute difference in centipawns
    between the float network's scores and the integer one's."""
    difference = np.abs(float_scores(model, records) - quantised.evaluate(net, records))
    return (float(difference.mean()), float(np.percentile(difference, 99)),
            float(difference.max()))


def within_tolerance(mean_error, p99_error):
    return mean_error <= MEAN_ABS_TOLERANCE_CP and p99_error <= P99_ABS_TOLERANCE_CP
