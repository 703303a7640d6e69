"""The engine's network file: an integer network, written and read back.

Layout (all little-endian; docs/nnue.md, "Network file", is the reference):

    header, 40 bytes:
      char[4]  magic "BNUE"
      uint32   version (1)
      uint32   input features (768)
      uint32   hidden: the width of one accumulator (H)
      uint32   l1, l2: the widths of the two dense hidden layers
      uint32   activation: 0 = clipped ReLU
      int32    activation quant: 127 (an activation of 1.0)
      int32    dense weight shift: 10 (a dense weight of 1.0 is 1 << 10)
      int32    score scale: 400 (centipawns per unit of the float output)
    body:
      int16    transformer biases [H]
      int16    transformer weights [768][H]     feature-major: one feature's column is contiguous
      int16    l1 weights [l1][2H]              output-major; inputs [side to move H, other side H]
      int32    l1 biases [l1]
      int16    l2 weights [l2][l1]
      int32    l2 biases [l2]
      int16    output weights [l2]
      int32    output bias

The file's size follows from the header; a reader refuses any other size.
"""

import struct

import numpy as np

MAGIC = b'BNUE'
VERSION = 1
ACTIVATION_CLIPPED_RELU = 0
HEADER = struct.Struct('<4s6I3i')
assert HEADER.size == 40


class IntegerNetwork:
    """The integer parameters and the constants of the header."""

    def __init__(self, hidden, l1, l2, ft_bias, ft_weight, l1_weight, l1_bias, l2_weight,
                 l2_bias, out_weight, out_bias, activation_quant=127, dense_shift=10,
                 score_scale=400, features=768):
        self.features, self.hidden, self.l1, self.l2 = features, hidden, l1, l2
        self.activation_quant, self.dense_shift, self.score_scale = (
            activation_quant, dense_shift, score_scale)
        self.ft_bias = np.asarray(ft_bias, dtype='<i2').reshape(hidden)
        self.ft_weight = np.asarray(ft_weight, dtype='<i2').reshape(features, hidden)
        self.l1_weight = np.asarray(l1_weight, dtype='<i2').reshape(l1, 2 * hidden)
        self.l1_bias = np.asarray(l1_bias, dtype='<i4').reshape(l1)
        self.l2_weight = np.asarray(l2_weight, dtype='<i2').reshape(l2, l1)
        self.l2_bias = np.asarray(l2_bias, dtype='<i4').reshape(l2)
        self.out_weight = np.asarray(out_weight, dtype='<i2').reshape(l2)
        self.out_bias = np.asarray(out_bias, dtype='<i4').reshape(1)

    def _arrays(self):
        return [self.ft_bias, self.ft_weight, self.l1_weight, self.l1_bias, self.l2_weight,
                self.l2_bias, self.out_weight, self.out_bias]

    def to_bytes(self):
        header = HEADER.pack(MAGIC, VERSION, self.features, self.hidden, self.l1, self.l2,
                             ACTIVATION_CLIPPED_RELU, self.activation_quant, self.dense_shift,
                             self.score_scale)
        return header + b''.join(a.tobytes() for a in self._arrays())


def expected_size(features, hidden, l1, l2):
    return (HEADER.size + 2 * hidden + 2 * features * hidden + 2 * (2 * hidden * l1) + 4 * l1
            + 2 * l1 * l2 + 4 * l2 + 2 * l2 + 4)


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
    if version != VERSION:
        raise ValueError(f'{name}: version {version}, this reader knows {VERSION}')
    if features != 768 or activation != ACTIVATION_CLIPPED_RELU:
        raise ValueError(f'{name}: {features} features, activation {activation}: not this format')
    size = expected_size(features, hidden, l1, l2)
    if len(data) != size:
        raise ValueError(f'{name}: {len(data)} bytes where the header says {size}')
    offset = HEADER.size
    shapes = [('<i2', hidden), ('<i2', features * hidden), ('<i2', l1 * 2 * hidden), ('<i4', l1),
              ('<i2', l2 * l1), ('<i4', l2), ('<i2', l2), ('<i4', 1)]
    arrays = []
    for dtype, count in shapes:
        array = np.frombuffer(data, dtype=dtype, count=count, offset=offset)
        offset += array.nbytes
        arrays.append(array)
    return IntegerNetwork(hidden, l1, l2, *arrays, activation_quant=activation_quant,
                          dense_shift=dense_shift, score_scale=score_scale, features=features)
