"""The network, in floating point, as PyTorch trains it.

    768 features per side --(feature transformer, shared)--> hidden, one
    accumulator for the side to move and one for the other side;
    clipped ReLU on each, concatenated [side to move, other side] (2 x hidden);
    dense 2 x hidden -> l1, clipped ReLU; dense l1 -> l2, clipped ReLU;
    dense l2 -> 1: the side to move's score in units of SCORE_SCALE
    centipawns, i.e. the logit of its win probability.

With B output buckets (--buckets) the three dense layers are B stacks, and a
position is scored by the stack of its bucket, chosen by its number of pieces
(records.output_bucket): an endgame is weighed by weights of its own. The
feature transformer is shared. B = 1 is the single stack.

The direct shape (l1 = l2 = 0, train.py --direct) has no hidden dense layer:

    768 features per side --(feature transformer)--> hidden, twice;
    squared clipped ReLU (SCReLU: clamp(x, 0, 1) squared) on each,
    concatenated (2 x hidden); dense 2 x hidden -> 1 in each output bucket.

Its cost at inference is the accumulators' updates and one dot product, so
the accumulator can be wide; the square gives the one layer the curvature the
hidden layers gave.

Every activation is clipped to [0, 1] and every dense weight to [-2, 2],
the ranges the integer network (quantised.py) represents: activations as
0..127, dense weights as int16 at 1024 to the unit (int8 at 64 to the unit
was measured too coarse: the trained dense weights are mostly below 0.25,
and their rounding moved scores by 16 cp on average).
"""

import torch
from torch import nn

from records import FEATURES, PAD, output_bucket

# Centipawns per unit of the output (the logit): win probability =
# sigmoid(score_cp / SCORE_SCALE). A constant of the format, written in the
# network file's header.
SCORE_SCALE = 400
ACTIVATION_QUANT = 127      # an activation of 1.0 is 127 in the integer network
DENSE_WEIGHT_SHIFT = 10     # a dense weight of 1.0 is 1 << 10 = 1024
# |weight| <= 2: 2048 in int16, and a sum of 127 * 2048 over 2 x hidden
# inputs stays far inside int32 for any width used here.
DENSE_WEIGHT_LIMIT = 2.0
# The direct shape's integers: an activation of 1.0 is 255, an output weight
# of 1.0 is 1 << S. An output weight stays under 128 in the file, so that
# activation x weight fits int16: the engine multiplies the two in int16
# lanes before the second factor of the square (quantised.py). Training
# keeps the weights within 127/64 (1.984), which S = 6 always stores; the
# export takes the largest S, up to 14, that the trained weights allow
# (export.direct_weight_shift()).
DIRECT_ACTIVATION_QUANT = 255
DIRECT_WEIGHT_SHIFT = 6
DIRECT_WEIGHT_SHIFT_MAX = 14
DIRECT_WEIGHT_LIMIT = 127 / 64


class Network(nn.Module):
    def __init__(self, hidden=256, l1=32, l2=32, buckets=1):
        super().__init__()
        if (l1 == 0) != (l2 == 0):
            raise ValueError('l1 and l2 are both 0 (the direct shape) or both positive')
        self.hidden, self.l1_width, self.l2_width, self.buckets = hidden, l1, l2, buckets
        self.direct = l1 == 0
        # One row per feature plus the padding row, which stays zero.
        self.transformer = nn.EmbeddingBag(FEATURES + 1, hidden, mode='sum', padding_idx=PAD)
        self.transformer_bias = nn.Parameter(torch.zeros(hidden))
        # Every bucket's stack in one layer, bucket-major (bucket b's outputs
        # are rows b * width .. (b + 1) * width - 1); with one bucket these
        # are the plain layers.
        if self.direct:
            self.output = nn.Linear(2 * hidden, buckets)
            layers = ((self.output, 1),)
        else:
            self.l1 = nn.Linear(2 * hidden, l1 * buckets)
            self.l2 = nn.Linear(l1, l2 * buckets)
            self.output = nn.Linear(l2, buckets)
            layers = ((self.l1, l1), (self.l2, l2), (self.output, 1))
        with torch.no_grad():
            # Small enough that a full board (32 features) starts inside the
            # clipped ReLU's slope rather than stuck at 0 or 1.
            self.transformer.weight.normal_(0.0, 0.1 / 32 ** 0.5 * 4)
            self.transformer.weight[PAD].zero_()
            self.transformer_bias.fill_(0.5)
            # Every bucket starts as the first one: the same function, which
            # the buckets then specialise.
            for layer, width in layers:
                for b in range(1, buckets):
                    layer.weight[b * width:(b + 1) * width] = layer.weight[:width]
                    layer.bias[b * width:(b + 1) * width] = layer.bias[:width]
        self.clip_weights()

    def widths(self):
        return {'hidden': self.hidden, 'l1': self.l1_width, 'l2': self.l2_width,
                'buckets': self.buckets}

    def accumulate(self, indices):
        """(N, hidden): the sums of the transformer's rows at each row of
        (N, 32) feature indices, PAD rows left out. The embedding bag's sum,
        as a sparse 0/1 matrix times the weights: forward and backward
        together in half the embedding bag's time on these CPUs (23 ms
        against 43 ms for both sides of a batch of 4 096 at hidden 512, one
        thread; docs/nnue.md, "Training")."""
        rows = torch.arange(len(indices)).repeat_interleave(indices.shape[1])
        columns = indices.reshape(-1)
        kept = columns != PAD
        ones = torch.ones(int(kept.sum()), dtype=self.transformer.weight.dtype)
        matrix = torch.sparse_coo_tensor(torch.stack([rows[kept], columns[kept]]), ones,
                                         (len(indices), FEATURES + 1))
        return torch.sparse.mm(matrix, self.transformer.weight)

    def forward(self, stm, nstm):
        """stm, nstm: (N, 32) int64 feature indices (PAD for none). Returns
        (N,) logits: the score in units of SCORE_SCALE centipawns."""
        both = self.accumulate(torch.cat([stm, nstm])) + self.transformer_bias
        x = torch.clamp(torch.cat([both[:len(stm)], both[len(stm):]], dim=1), 0.0, 1.0)
        if self.direct:
            out = self.output(x * x)
            if self.buckets == 1:
                return out.squeeze(1)
            bucket = torch.from_numpy(output_bucket(stm.numpy(), self.buckets))
            return out[torch.arange(len(stm)), bucket]
        if self.buckets == 1:
            x = torch.clamp(self.l1(x), 0.0, 1.0)
            x = torch.clamp(self.l2(x), 0.0, 1.0)
            return self.output(x).squeeze(1)
        rows = torch.arange(len(stm))
        bucket = torch.from_numpy(output_bucket(stm.numpy(), self.buckets))
        x = self.l1(x).view(len(stm), self.buckets, self.l1_width)[rows, bucket]
        x = torch.clamp(x, 0.0, 1.0)
        x = self.l2(x).view(len(stm), self.buckets, self.l2_width)[rows, bucket]
        x = torch.clamp(x, 0.0, 1.0)
        return self.output(x)[rows, bucket]

    def clip_weights(self):
        """Keeps the dense weights inside the range the integer network
        stores: [-2, 2], or the direct shape's output weights inside
        +-127/64 (called after every optimiser step)."""
        with torch.no_grad():
            if self.direct:
                self.output.weight.clamp_(-DIRECT_WEIGHT_LIMIT, DIRECT_WEIGHT_LIMIT)
                return
            for layer in (self.l1, self.l2, self.output):
                layer.weight.clamp_(-DENSE_WEIGHT_LIMIT, DENSE_WEIGHT_LIMIT)
