"""The engine's network file: an integer network, written and read back.

Layout (all little-endian; docs/nnue.md, "Network file", is the reference):

    header, 40 bytes (version 1) or 44 (versions 2 and 3):
      char[4]  magic "BNUE"
      uint32   version: 1, one dense stack; 2, output buckets; 3, the direct shape
      uint32   input features (768)
      uint32   hidden: the width of one accumulator (H)
      uint32   l1, l2: the widths of the two dense hidden layers (0 and 0 in version 3)
      uint32   activation: 0 = clipped ReLU (versions 1, 2); 1 = squared clipped ReLU (3)
      int32    activation quant: 127 (an activation of 1.0); 255 in version 3
      int32    weight shift: 10 (a dense weight of 1.0 is 1 << 10); in version 3 the output weights' shift, 6 to 14 (export.py)
      int32    score scale: 400 (centipawns per unit of the float output)
      uint32   buckets B, 2..16 in version 2, 1..16 in version 3 (version 1 has one)
    body:
      int16    transformer biases [H]
      int16    transformer weights [768][H]     feature-major: one feature's column is contiguous
      then B dense stacks, bucket 0 first, each:
      int16    l1 weights [l1][2H]              output-major; inputs [side to move H, other side H]
      int32    l1 biases [l1]
      int16    l2 weights [l2][l1]
      int32    l2 biases [l2]
      int16    output weights [l2]
      int32    output bias
      or, in version 3, B output layers, each:
      int16    output weights [2H]              inputs [side to move H, other side H]
      int32    output bias

A position is scored by the stack of its bucket, (pieces - 1) x B // 32
capped at B - 1 (records.output_bucket). One bucket of the dense shape is
written as version 1, the same bytes as before buckets existed. The file's
size follows from the header; a reader refuses any other size.
"""

import struct

import numpy as np

MAGIC = b'BNUE'
VERSION = 1
VERSION_BUCKETS = 2
VERSION_DIRECT = 3
MAX_BUCKETS = 16
ACTIVATION_CLIPPED_RELU = 0
ACTIVATION_SQUARED_CLIPPED_RELU = 1
HEADER = struct.Struct('<4s6I3i')
BUCKETS = struct.Struct('<I')
assert HEADER.size == 40


class IntegerNetwork:
    """The integer parameters and the constants of the header. The dense
    arrays have a leading bucket axis (B stacks). The direct shape (l1 = l2 =
    0) has no l1 and l2 arrays (None) and output weights of 2H a bucket."""

    def __init__(self, hidden, l1, l2, ft_bias, ft_weight, l1_weight, l1_bias, l2_weight,
                 l2_bias, out_weight, out_bias, activation_quant=127, dense_shift=10,
                 score_scale=400, features=768, buckets=1):
        self.features, self.hidden, self.l1, self.l2 = features, hidden, l1, l2
        self.buckets = buckets
        self.direct = l1 == 0
        self.activation_quant, self.dense_shift, self.score_scale = (
            activation_quant, dense_shift, score_scale)
        b = buckets
        self.ft_bias = np.asarray(ft_bias, dtype='<i2').reshape(hidden)
        self.ft_weight = np.asarray(ft_weight, dtype='<i2').reshape(features, hidden)
        if self.direct:
            self.l1_weight = self.l1_bias = self.l2_weight = self.l2_bias = None
            self.out_weight = np.asarray(out_weight, dtype='<i2').reshape(b, 2 * hidden)
        else:
            self.l1_weight = np.asarray(l1_weight, dtype='<i2').reshape(b, l1, 2 * hidden)
            self.l1_bias = np.asarray(l1_bias, dtype='<i4').reshape(b, l1)
            self.l2_weight = np.asarray(l2_weight, dtype='<i2').reshape(b, l2, l1)
            self.l2_bias = np.asarray(l2_bias, dtype='<i4').reshape(b, l2)
            self.out_weight = np.asarray(out_weight, dtype='<i2').reshape(b, l2)
        self.out_bias = np.asarray(out_bias, dtype='<i4').reshape(b)

    def _arrays(self):
        arrays = [self.ft_bias, self.ft_weight]
        for b in range(self.buckets):
            if not self.direct:
                arrays += [self.l1_weight[b], self.l1_bias[b], self.l2_weight[b], self.l2_bias[b]]
            arrays += [self.out_weight[b], self.out_bias[b:b + 1]]
        return arrays

    def to_bytes(self):
        if self.direct:
            version, activation = VERSION_DIRECT, ACTIVATION_SQUARED_CLIPPED_RELU
        else:
            version = VERSION if self.buckets == 1 else VERSION_BUCKETS
            activation = ACTIVATION_CLIPPED_RELU
        header = HEADER.pack(MAGIC, version, self.features, self.hidden, self.l1, self.l2,
                             activation, self.activation_quant, self.dense_shift,
                             self.score_scale)
        if version != VERSION:
            header += BUCKETS.pack(self.buckets)
        return header + b''.join(a.tobytes() for a in self._arrays())


def expected_size(features, hidden, l1, l2, buckets=1):
    if l1 == 0:  # the direct shape, version 3
        return HEADER.size + BUCKETS.size + 2 * hidden + 2 * features * hidden + buckets * (
            2 * 2 * hidden + 4)
    header = HEADER.size + (0 if buckets == 1 else BUCKETS.size)
    stack = 2 * (2 * hidden * l1) + 4 * l1 + 2 * l1 * l2 + 4 * l2 + 2 * l2 + 4
    return header + 2 * hidden + 2 * features * hidden + buckets * stack


def write(path, network):
    with open(path, 'wb') as f:
        f.write(network.to_bytes())


def read(path):
    with open(path, 'rb') as f:
        return from_bytes(f.read(), path)


def from_bytes(data, name='network'):
    if len(data) < HEADER.size:
        raise ValueError(f'{name}: {len(data)} bytes, shorter than the {HEADER.size}-byte header')
    (magic, version, features, hidden, l1, l2, activation, activation_quant, dense_shift,
     score_scale) = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise ValueError(f'{name}: magic {magic!r}, not {MAGIC!r}')
    if version not in (VERSION, VERSION_BUCKETS, VERSION_DIRECT):
        raise ValueError(f'{name}: version {version}, this reader knows {VERSION}, '
                         f'{VERSION_BUCKETS} and {VERSION_DIRECT}')
    direct = version == VERSION_DIRECT
    activation_of_version = (ACTIVATION_SQUARED_CLIPPED_RELU if direct
                             else ACTIVATION_CLIPPED_RELU)
    if features != 768 or activation != activation_of_version:
        raise ValueError(f'{name}: {features} features, activation {activation}: not this format')
    if direct != (l1 == 0 and l2 == 0) or (not direct and min(l1, l2) < 1):
        raise ValueError(f'{name}: dense widths {l1} and {l2} in a version {version} file')
    offset = HEADER.size
    buckets = 1
    if version != VERSION:
        if len(data) < offset + BUCKETS.size:
            raise ValueError(f'{name}: {len(data)} bytes, shorter than the version {version} '
                             'header')
        (buckets,) = BUCKETS.unpack_from(data, offset)
        offset += BUCKETS.size
        least = 1 if direct else 2
        if not least <= buckets <= MAX_BUCKETS:
            raise ValueError(f'{name}: {buckets} buckets, outside {least}..{MAX_BUCKETS}')
    size = expected_size(features, hidden, l1, l2, buckets)
    if len(data) != size:
        raise ValueError(f'{name}: {len(data)} bytes where the header says {size}')

    def take(dtype, count):
        nonlocal offset
        array = np.frombuffer(data, dtype=dtype, count=count, offset=offset)
        offset += array.nbytes
        return array

    ft_bias = take('<i2', hidden)
    ft_weight = take('<i2', features * hidden)
    if direct:
        outputs = [[take('<i2', 2 * hidden), take('<i4', 1)] for _ in range(buckets)]
        dense = [None] * 4 + [np.concatenate([output[i] for output in outputs])
                              for i in range(2)]
        # The engine multiplies activation and weight in int16 (quantised.py).
        if int(np.abs(dense[4].astype(np.int32)).max(initial=0)) * activation_quant > 32767:
            raise ValueError(f'{name}: an output weight times the activation quant '
                             f'{activation_quant} leaves int16')
    else:
        stacks = [[take('<i2', l1 * 2 * hidden), take('<i4', l1), take('<i2', l2 * l1),
                   take('<i4', l2), take('<i2', l2), take('<i4', 1)] for _ in range(buckets)]
        dense = [np.concatenate([stack[i] for stack in stacks]) for i in range(6)]
    return IntegerNetwork(hidden, l1, l2, ft_bias, ft_weight, *dense,
                          activation_quant=activation_quant, dense_shift=dense_shift,
                          score_scale=score_scale, features=features, buckets=buckets)
