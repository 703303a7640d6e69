#!/usr/bin/python3
"""The network trainer (tools/nnue): the records' decoding and features, the
network file, and a whole run on a few thousand synthetic positions (loss
falls, the export's integer scores match the float network's, a checkpoint
resumes). Exits 77 (CTest's skip) where /usr/bin/python3 has no PyTorch.
"""

import contextlib
import csv
import hashlib
import io
import os
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'nnue')
sys.path.insert(0, TOOLS)

try:
    import numpy as np
    import torch
except ImportError as error:
    print(f'NNUE trainer test skipped: {error} (tools/setup.sh installs python3-torch)')
    sys.exit(77)

import export  # noqa: E402
import manifest  # noqa: E402
import network_file  # noqa: E402
import quantised  # noqa: E402
import records as rec  # noqa: E402
import synthetic  # noqa: E402
import train  # noqa: E402
from model import Network  # noqa: E402

PYTHON = '/usr/bin/python3' if os.path.exists('/usr/bin/python3') else sys.executable


def empty_boards(n):
    return np.full((n, 64), -1, dtype=np.int16)


def score_by_hand(net, stm_row, nstm_row, bucket=0):
    """One position's integer score from the file's arrays, through the dense
    stack of `bucket`: the reference's arithmetic written out."""
    def accumulator(indices):
        return net.ft_bias.astype(int) + sum(net.ft_weight[f].astype(int)
                                              for f in indices if f != rec.PAD)
    x = np.concatenate([np.clip(accumulator(stm_row), 0, 127),
                        np.clip(accumulator(nstm_row), 0, 127)])
    a1 = np.clip((net.l1_weight[bucket].astype(int) @ x + net.l1_bias[bucket]) >> 10, 0, 127)
    a2 = np.clip((net.l2_weight[bucket].astype(int) @ a1 + net.l2_bias[bucket]) >> 10, 0, 127)
    out = int(net.out_weight[bucket].astype(int) @ a2 + net.out_bias[bucket])
    return abs(out) * 400 // (127 << 10) * (1 if out >= 0 else -1)


class RecordFormat(unittest.TestCase):
    def test_decoding_gives_back_the_encoded_pieces(self):
        records = synthetic.generate(300, seed=5)
        squares, codes = rec.decode_pieces(records)
        for i in range(len(records)):
            occupancy = int(records['occupancy'][i])
            expected = [s for s in range(64) if occupancy >> s & 1]
            self.assertEqual(list(squares[i][squares[i] >= 0]), expected)
            packed = records['pieces'][i]
            nibbles = [packed[j // 2] >> (4 * (j % 2)) & 15 for j in range(len(expected))]
            self.assertEqual(list(codes[i][:len(expected)]), nibbles)

    def test_a_hand_made_record_has_the_agreed_bytes(self):
        boards = empty_boards(1)
        boards[0, 4] = rec.WHITE * 8 + rec.KING      # e1
        boards[0, 12] = rec.WHITE * 8 + rec.PAWN     # e2
        boards[0, 60] = rec.BLACK * 8 + rec.KING     # e8
        record = rec.encode(boards, stm=[1], score=[-35], result=[-1], ply=[300])
        raw = record.tobytes()
        self.assertEqual(len(raw), 32)
        self.assertEqual(int.from_bytes(raw[0:8], 'little'), (1 << 4) | (1 << 12) | (1 << 60))
        self.assertEqual(raw[8], 0x05)   # e1 white king (low), e2 white pawn (high)
        self.assertEqual(raw[9], 0x0D)   # e8 black king
        self.assertEqual(int.from_bytes(raw[24:26], 'little', signed=True), -35)
        self.assertEqual(raw[26], 0xFF)  # result -1
        self.assertEqual(raw[27], 1)
        self.assertEqual(raw[31], 255)   # the ply, capped

    def test_features_follow_the_scalar_definition(self):
        records = synthetic.generate(200, seed=6)
        stm, nstm = rec.features(records)
        squares, codes = rec.decode_pieces(records)
        for i in range(len(records)):
            side = int(records['stm'][i])
            pieces = [(int(c) >> 3, int(c) & 7, int(s)) for s, c in zip(squares[i], codes[i])
                      if c >= 0]
            self.assertEqual(sorted(stm[i][stm[i] != rec.PAD]),
                             sorted(rec.feature_index(side, *p) for p in pieces))
            self.assertEqual(sorted(nstm[i][nstm[i] != rec.PAD]),
                             sorted(rec.feature_index(1 - side, *p) for p in pieces))

    def test_the_colour_flipped_mirror_has_the_same_features(self):
        records = synthetic.generate(200, seed=7)
        squares, codes = rec.decode_pieces(records)
        mirrored = empty_boards(len(records))
        for i in range(len(records)):
            for s, c in zip(squares[i], codes[i]):
                if c >= 0:
                    mirrored[i, s ^ 56] = c ^ 8
        flipped = rec.encode(mirrored, 1 - records['stm'], records['score'], records['result'])
        a_stm, a_nstm = rec.features(records)
        b_stm, b_nstm = rec.features(flipped)
        self.assertTrue(np.array_equal(np.sort(a_stm, 1), np.sort(b_stm, 1)))
        self.assertTrue(np.array_equal(np.sort(a_nstm, 1), np.sort(b_nstm, 1)))

    def test_mirroring_files_gives_the_mirrored_boards_features(self):
        records = synthetic.generate(200, seed=8)
        squares, codes = rec.decode_pieces(records)
        mirrored = empty_boards(len(records))
        for i in range(len(records)):
            for s, c in zip(squares[i], codes[i]):
                if c >= 0:
                    mirrored[i, s ^ 7] = c
        flipped = rec.encode(mirrored, records['stm'], records['score'], records['result'])
        a_stm, a_nstm = rec.features(records)
        b_stm, b_nstm = rec.features(flipped)
        rows = np.arange(0, len(records), 2)  # every other record mirrored
        for ours, theirs in ((a_stm, b_stm), (a_nstm, b_nstm)):
            mirrored_rows = rec.mirror_files(ours, rows)
            self.assertTrue(np.array_equal(np.sort(mirrored_rows[rows], 1),
                                           np.sort(theirs[rows], 1)))
            others = np.arange(1, len(records), 2)
            self.assertTrue(np.array_equal(mirrored_rows[others], ours[others]))
            self.assertTrue(np.all((mirrored_rows == rec.PAD) == (ours == rec.PAD)))

    def test_a_file_of_partial_records_is_refused(self):
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, 'cut.bin')
            with open(path, 'wb') as f:
                f.write(synthetic.generate(3, seed=1).tobytes()[:-5])
            with self.assertRaises(ValueError):
                rec.open_data([path])

    def test_the_target_blends_score_and_result(self):
        boards = empty_boards(2)
        boards[:, 4], boards[:, 60] = 5, 13
        records = rec.encode(boards, stm=[0, 0], score=[0, 400], result=[1, -1])
        only_score = rec.targets(records, 400, 1.0)
        self.assertAlmostEqual(float(only_score[0]), 0.5, places=6)
        self.assertAlmostEqual(float(only_score[1]), 1 / (1 + np.exp(-1)), places=6)
        only_result = rec.targets(records, 400, 0.0)
        self.assertEqual(list(only_result), [1.0, 0.0])
        half = rec.targets(records, 400, 0.5)
        self.assertAlmostEqual(float(half[0]), 0.75, places=6)


class DataManifest(unittest.TestCase):
    def test_positions_are_counted_once_across_pieces(self):
        records = synthetic.generate(50, seed=8)
        repeated = records[:10].copy()
        repeated['score'] += 7  # another score, ply and result: the same positions
        repeated['ply'] += 3
        repeated['result'] = -repeated['result']
        other_side = records[10:15].copy()
        other_side['stm'] ^= 1  # the other side to move: other positions
        with tempfile.TemporaryDirectory() as work:
            first = os.path.join(work, 'a.bin')
            second = os.path.join(work, 'b.bin')
            np.concatenate([records, records[:5]]).tofile(first)
            np.concatenate([repeated, other_side]).tofile(second)
            rows = manifest.manifest_rows([first, second])
            with open(first, 'rb') as f:
                first_sha = hashlib.sha256(f.read()).hexdigest()
        self.assertEqual(rows[0], ('a.bin', 55, 50, first_sha))
        self.assertEqual(rows[1][1:3], (15, 15))
        self.assertEqual(rows[2][:3], ('all', 70, 55))

    def test_a_missing_piece_exits_2_with_a_message(self):
        with contextlib.redirect_stderr(io.StringIO()) as errors:
            status = manifest.main(['/nonexistent/piece.bin'])
        self.assertEqual(status, 2)
        self.assertIn('manifest.py:', errors.getvalue())


class BadInput(unittest.TestCase):
    """The command's main, in this process (a subprocess each would spend
    seconds importing torch)."""

    def run_train(self, *arguments):
        with contextlib.redirect_stderr(io.StringIO()) as errors:
            status = train.main(list(arguments))
        return status, errors.getvalue()

    def test_missing_or_foreign_data_is_refused_with_a_message(self):
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, 'net.nnue')
            status, errors = self.run_train('--data', os.path.join(work, 'none.bin'), '--out', out)
            self.assertEqual(status, 1)
            self.assertIn('error:', errors)
            foreign = os.path.join(work, 'foreign.bin')
            with open(foreign, 'wb') as f:
                f.write(bytes(range(256)) * 8)  # whole records, nonsense fields
            status, errors = self.run_train('--data', foreign, '--out', out)
            self.assertEqual(status, 1)
            self.assertIn('error:', errors)
            self.assertFalse(os.path.exists(out))

    def test_options_out_of_range_are_refused(self):
        for option in (['--lambda', '1.5'], ['--held-out', '0'], ['--hidden', '0'], ['--l1', '0'],
                       ['--buckets', '0'], ['--buckets', '17']):
            with self.assertRaises(SystemExit) as exit_, \
                    contextlib.redirect_stderr(io.StringIO()):
                train.parse_args(['--data', 'x.bin', '--out', 'x.nnue', *option])
            self.assertEqual(exit_.exception.code, 2, option)

    def test_a_bad_starting_network_is_refused_with_a_message(self):
        with tempfile.TemporaryDirectory() as work:
            data = os.path.join(work, 'synthetic.bin')
            synthetic.generate(200, seed=2).tofile(data)
            out = os.path.join(work, 'net.nnue')
            truncated = os.path.join(work, 'truncated.nnue')
            with open(truncated, 'wb') as f:
                f.write(export.quantise(Network(hidden=8, l1=4, l2=4)).to_bytes()[:-1])
            for start in (truncated, os.path.join(work, 'none.nnue')):
                status, errors = self.run_train('--data', data, '--out', out, '--init', start)
                self.assertEqual(status, 1, start)
                self.assertIn('error: --init', errors)
            self.assertFalse(os.path.exists(out))
        with self.assertRaises(SystemExit) as exit_, contextlib.redirect_stderr(io.StringIO()):
            train.parse_args(['--data', 'x.bin', '--out', 'x.nnue', '--resume', '--init', 'y.nnue'])
        self.assertEqual(exit_.exception.code, 2)


class NetworkFile(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(3)
        self.net = export.quantise(Network(hidden=16, l1=8, l2=4))

    def test_bytes_read_back_equal(self):
        data = self.net.to_bytes()
        self.assertEqual(len(data), network_file.expected_size(768, 16, 8, 4))
        again = network_file.from_bytes(data)
        self.assertEqual(again.to_bytes(), data)
        self.assertEqual((again.hidden, again.l1, again.l2), (16, 8, 4))

    def test_truncated_or_foreign_files_are_refused(self):
        data = self.net.to_bytes()
        for bad in (data[:-1], data[:20], b'XNUE' + data[4:], data + b'\0',
                    data[:4] + (2).to_bytes(4, 'little') + data[8:]):
            with self.assertRaises(ValueError):
                network_file.from_bytes(bad)

    def test_a_network_read_as_floats_quantises_to_the_same_bytes(self):
        # --init's starting point: the engine's network exactly, not nearly.
        model = export.dequantise(self.net)
        self.assertEqual(export.quantise(model).to_bytes(), self.net.to_bytes())
        records = synthetic.generate(300, seed=8)
        mean_error, p99_error, _ = export.compare(model, self.net, records)
        self.assertLessEqual(mean_error, export.MEAN_ABS_TOLERANCE_CP)
        self.assertLessEqual(p99_error, export.P99_ABS_TOLERANCE_CP)

    def test_integer_scores_follow_the_stated_arithmetic(self):
        # One position, by hand from the file's arrays, against the reference.
        records = synthetic.generate(1, seed=9)
        stm, nstm = rec.features(records)
        expected = score_by_hand(self.net, stm[0], nstm[0])
        self.assertEqual(int(quantised.evaluate(self.net, records)[0]), expected)


class OutputBuckets(unittest.TestCase):
    """Dense stacks chosen by the number of pieces (docs/nnue.md)."""

    def setUp(self):
        torch.manual_seed(4)
        self.model = Network(hidden=16, l1=8, l2=4, buckets=4)
        with torch.no_grad():  # buckets apart, so that choosing the wrong one shows
            for layer in (self.model.l1, self.model.l2, self.model.output):
                layer.bias.uniform_(-0.5, 0.5)
        self.net = export.quantise(self.model)

    def test_the_bucket_follows_the_piece_count(self):
        boards = empty_boards(33)
        for n in range(33):
            boards[n, :n] = rec.WHITE * 8 + rec.PAWN
        stm, _ = rec.features(rec.encode(boards, stm=[0] * 33, score=[0] * 33, result=[0] * 33))
        self.assertEqual(list(rec.output_bucket(stm, 8)),
                         [0] * 5 + [n // 4 for n in range(4, 32)])
        self.assertEqual(list(rec.output_bucket(stm, 1)), [0] * 33)

    def test_bytes_are_version_2_and_read_back_equal(self):
        data = self.net.to_bytes()
        self.assertEqual(int.from_bytes(data[4:8], 'little'), 2)
        self.assertEqual(len(data), network_file.expected_size(768, 16, 8, 4, 4))
        again = network_file.from_bytes(data)
        self.assertEqual(again.buckets, 4)
        self.assertEqual(again.to_bytes(), data)
        for bad in (data[:-1], data[:42], data[:40] + (1).to_bytes(4, 'little') + data[44:],
                    data[:40] + (17).to_bytes(4, 'little') + data[44:]):
            with self.assertRaises(ValueError):
                network_file.from_bytes(bad)

    def test_a_network_read_as_floats_keeps_its_buckets(self):
        model = export.dequantise(self.net)
        self.assertEqual(model.buckets, 4)
        self.assertEqual(export.quantise(model).to_bytes(), self.net.to_bytes())

    def test_each_position_is_scored_by_its_buckets_stack(self):
        records = synthetic.generate(400, seed=21)
        stm, nstm = rec.features(records)
        bucket = rec.output_bucket(stm, 4)
        self.assertGreater(len(set(bucket.tolist())), 1, 'the positions should span buckets')
        net = self.net
        scores = quantised.evaluate(net, records)
        for i in range(0, 400, 37):
            self.assertEqual(int(scores[i]), score_by_hand(net, stm[i], nstm[i], bucket[i]))
        mean_error, p99_error, _ = export.compare(self.model, net, records)
        self.assertLessEqual(mean_error, export.MEAN_ABS_TOLERANCE_CP)
        self.assertLessEqual(p99_error, export.P99_ABS_TOLERANCE_CP)


def direct_score_by_hand(net, stm_row, nstm_row, bucket=0):
    """One position's integer score through the direct shape, its arithmetic
    (quantised.py's docstring) written out in Python's integers."""
    a = net.activation_quant

    def activations(indices):
        acc = net.ft_bias.astype(int) + sum(net.ft_weight[f].astype(int)
                                            for f in indices if f != rec.PAD)
        return np.clip(acc, 0, a)
    x = np.concatenate([activations(stm_row), activations(nstm_row)]).astype(int)
    total = int(sum(int(c) * int(w) * int(c) for c, w in zip(x, net.out_weight[bucket])))
    assert -2 ** 31 <= total < 2 ** 31  # no wrapping for these weights
    quotient = abs(total) // a * (1 if total >= 0 else -1)
    out = quotient + int(net.out_bias[bucket])
    scaled = out * net.score_scale
    return abs(scaled) // (a << net.dense_shift) * (1 if scaled >= 0 else -1)


class DirectShape(unittest.TestCase):
    """Squared clipped ReLU straight to the output buckets (model.py)."""

    def setUp(self):
        torch.manual_seed(6)
        self.model = Network(hidden=32, l1=0, l2=0, buckets=4)
        with torch.no_grad():  # buckets apart, so that choosing the wrong one shows
            self.model.output.bias.uniform_(-0.5, 0.5)
        self.net = export.quantise(self.model)

    def test_bytes_are_version_3_and_read_back_equal(self):
        data = self.net.to_bytes()
        self.assertEqual(int.from_bytes(data[4:8], 'little'), 3)
        self.assertEqual(len(data), network_file.expected_size(768, 32, 0, 0, 4))
        again = network_file.from_bytes(data)
        self.assertTrue(again.direct)
        self.assertEqual((again.hidden, again.buckets), (32, 4))
        self.assertEqual(again.to_bytes(), data)
        heavy_model = Network(hidden=32, l1=0, l2=0, buckets=4)
        with torch.no_grad():
            heavy_model.output.weight.uniform_(-3.0, 3.0)
        heavy_model.clip_weights()  # at 127/64: 127 in the file, 127 x 255 inside int16
        self.assertEqual(int(np.abs(export.quantise(heavy_model).out_weight).max()), 127)
        heavy = bytearray(data)
        first_weight = 44 + 2 * 32 + 2 * 768 * 32
        heavy[first_weight:first_weight + 2] = (129).to_bytes(2, 'little')
        for bad in (data[:-1], data[:40] + (0).to_bytes(4, 'little') + data[44:],
                    data[:24] + (0).to_bytes(4, 'little') + data[28:], bytes(heavy)):
            with self.assertRaises(ValueError):
                network_file.from_bytes(bad)

    def test_a_network_read_as_floats_quantises_to_the_same_bytes(self):
        model = export.dequantise(self.net)
        self.assertTrue(model.direct)
        self.assertEqual(export.quantise(model).to_bytes(), self.net.to_bytes())

    def test_integer_scores_follow_the_stated_arithmetic(self):
        records = synthetic.generate(400, seed=22)
        stm, nstm = rec.features(records)
        bucket = rec.output_bucket(stm, 4)
        self.assertGreater(len(set(bucket.tolist())), 1, 'the positions should span buckets')
        scores = quantised.evaluate(self.net, records)
        for i in range(0, 400, 37):
            self.assertEqual(int(scores[i]),
                             direct_score_by_hand(self.net, stm[i], nstm[i], bucket[i]))
        mean_error, p99_error, _ = export.compare(self.model, self.net, records)
        self.assertLessEqual(mean_error, export.MEAN_ABS_TOLERANCE_CP)
        self.assertLessEqual(p99_error, export.P99_ABS_TOLERANCE_CP)

    def test_the_output_shift_is_the_finest_the_weights_allow(self):
        self.assertGreater(self.net.dense_shift, 6, 'initial weights are small')
        records = synthetic.generate(400, seed=23)
        fine = export.compare(self.model, self.net, records)[0]
        coarse_net = export.quantise(self.model)
        coarse_net.dense_shift = 6
        coarse_net.out_weight = np.rint(self.model.output.weight.detach().double().numpy() * 64)
        coarse_net.out_bias = np.rint(self.model.output.bias.detach().double().numpy() * 255 * 64)
        coarse = export.compare(self.model, coarse_net, records)[0]
        self.assertLess(fine, coarse / 4, f'mean error {fine} cp at shift '
                        f'{self.net.dense_shift} against {coarse} at 6')
        # Weights at the clip fit only at 6; weights of one sign that
        # could sum beyond int32 stop the shift below what their size allows.
        heavy = Network(hidden=32, l1=0, l2=0, buckets=2)
        with torch.no_grad():
            heavy.output.weight.fill_(1.9)
        self.assertEqual(export.direct_weight_shift(heavy.output.weight), 6)
        wide = Network(hidden=1024, l1=0, l2=0, buckets=2)
        with torch.no_grad():
            wide.output.weight.fill_(0.06)  # 0.06 x 2^S x 2048 x 255^2 within int32: S <= 8
        self.assertEqual(export.direct_weight_shift(wide.output.weight), 8)
        self.assertGreaterEqual(export.direct_weight_shift(-wide.output.weight[:, :1]), 10)

    def test_a_dense_width_of_zero_alone_is_refused(self):
        with self.assertRaises(ValueError):
            Network(hidden=16, l1=0, l2=4)


class TrainingRun(unittest.TestCase):
    """One run of the command on synthetic material-count positions."""

    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.TemporaryDirectory()
        cls.data = os.path.join(cls.work.name, 'synthetic.bin')
        synthetic.generate(5000, seed=11).tofile(cls.data)
        cls.out = os.path.join(cls.work.name, 'net.nnue')
        cls.first_run = cls.train('--epochs', '5')
        cls.losses = cls.read_losses()

    @classmethod
    def tearDownClass(cls):
        cls.work.cleanup()

    @classmethod
    def train(cls, *options, out=None):
        command = [PYTHON, os.path.join(TOOLS, 'train.py'), '--data', cls.data,
                   '--out', out or cls.out,
                   '--hidden', '32', '--l1', '16', '--l2', '16', '--batch', '128',
                   '--held-out', '0.2', '--threads', '1', '--lr', '0.01', *options]
        return subprocess.run(command, capture_output=True, text=True, timeout=240)

    @classmethod
    def read_losses(cls, stem='net'):
        with open(os.path.join(cls.work.name, stem + '.losses.csv')) as f:
            return [{k: float(v) if v else None for k, v in row.items()}
                    for row in csv.DictReader(f)]

    def test_the_run_succeeds_and_prints_each_epoch(self):
        self.assertEqual(self.first_run.returncode, 0, self.first_run.stdout + self.first_run.stderr)
        for epoch in range(1, 6):
            self.assertIn(f'epoch {epoch}: training loss', self.first_run.stdout)
        self.assertIn('integer against float', self.first_run.stdout)

    def test_the_held_out_loss_falls_below_a_bound(self):
        held = [row['held_out_loss'] for row in self.losses]
        print(f'held-out loss per epoch: {held}', file=sys.stderr)
        self.assertEqual(len(held), 6)  # before training and after each of 5 epochs
        # Measured: 0.133 untrained, 0.006 after 5 epochs.
        self.assertLess(held[-1], 0.3 * held[0])
        self.assertLess(held[-1], 0.025)

    def test_the_loss_picture_and_checkpoint_are_written(self):
        for name in ('net.losses.png', 'net.ckpt'):
            path = os.path.join(self.work.name, name)
            self.assertTrue(os.path.getsize(path) > 0, name)

    def test_the_integer_network_scores_as_the_float_one(self):
        checkpoint = torch.load(os.path.join(self.work.name, 'net.ckpt'))
        model = Network(**checkpoint['widths'])
        model.load_state_dict(checkpoint['model'])
        net = network_file.read(self.out)
        held = rec.open_data([self.data])[-1000:]
        mean_error, p99_error, _ = export.compare(model, net, held)
        self.assertLessEqual(mean_error, export.MEAN_ABS_TOLERANCE_CP)
        self.assertLessEqual(p99_error, export.P99_ABS_TOLERANCE_CP)
        # The scores mean something: they follow the material count.
        scores = quantised.evaluate(net, held)
        self.assertGreater(np.corrcoef(scores, held['score'])[0, 1], 0.8)

    def test_the_reference_command_prints_the_integer_scores(self):
        listing = subprocess.run([PYTHON, os.path.join(TOOLS, 'quantised.py'), '--net', self.out,
                                  '--data', self.data, '--count', '50'],
                                 capture_output=True, text=True, timeout=60)
        self.assertEqual(listing.returncode, 0, listing.stderr)
        printed = [int(line.split()[1]) for line in listing.stdout.splitlines()]
        expected = quantised.evaluate(network_file.read(self.out), rec.open_data([self.data])[:50])
        self.assertEqual(printed, list(expected))

    def test_a_run_with_mirrored_halves_learns_too(self):
        out = os.path.join(self.work.name, 'mirrored.nnue')
        run = self.train('--epochs', '3', '--mirror', out=out)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn('mirrored halves', run.stdout)
        held = [row['held_out_loss'] for row in self.read_losses('mirrored')]
        self.assertLess(held[-1], 0.3 * held[0])
        # Other positions were trained on than in the first run: another network.
        self.assertNotEqual(held[1:], [row['held_out_loss'] for row in self.losses[1:4]])

    def test_a_run_with_output_buckets_learns_too(self):
        out = os.path.join(self.work.name, 'buckets.nnue')
        run = self.train('--epochs', '3', '--buckets', '4', out=out)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn('in 4 output buckets', run.stdout)
        held = [row['held_out_loss'] for row in self.read_losses('buckets')]
        self.assertLess(held[-1], 0.3 * held[0])
        self.assertEqual(network_file.read(out).buckets, 4)

    def test_a_run_of_the_direct_shape_learns_too(self):
        out = os.path.join(self.work.name, 'direct.nnue')
        run = self.train('--epochs', '3', '--direct', '--buckets', '2', out=out)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn('2x32 (SCReLU) -> 1 in 2 output buckets', run.stdout)
        held = [row['held_out_loss'] for row in self.read_losses('direct')]
        self.assertLess(held[-1], 0.3 * held[0])
        net = network_file.read(out)
        self.assertTrue(net.direct)
        self.assertEqual(net.buckets, 2)

    def test_a_run_started_from_a_network_begins_where_that_one_ended(self):
        # The first run's network as the start; a narrower width asked for on
        # the command line gives way to the file's.
        out = os.path.join(self.work.name, 'init.nnue')
        run = self.train('--epochs', '1', '--hidden', '8', '--init', self.out, out=out)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn('starting from the weights of', run.stdout)
        self.assertEqual(network_file.read(out).hidden, 32)
        held = [row['held_out_loss'] for row in self.read_losses('init')]
        first = [row['held_out_loss'] for row in self.losses]
        # Before its first epoch it already scores as the first run ended
        # (the integer network's rounding apart), far from an untrained one.
        print(f'started from a network: held-out loss {held}, the first run {first}',
              file=sys.stderr)
        self.assertLess(held[0], 1.5 * first[-1])
        self.assertLess(held[0], 0.3 * first[0])

    def test_a_resumed_run_ends_as_the_uninterrupted_one(self):
        # 4 epochs, then resumed to 5: the same network as the first run's 5.
        out = os.path.join(self.work.name, 'resumed.nnue')
        first = self.train('--epochs', '4', out=out)
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        resumed = self.train('--epochs', '5', '--resume', out=out)
        self.assertEqual(resumed.returncode, 0, resumed.stdout + resumed.stderr)
        self.assertIn('resumed from', resumed.stdout)
        self.assertNotIn('epoch 4:', resumed.stdout)
        self.assertIn('epoch 5:', resumed.stdout)
        held = [row['held_out_loss'] for row in self.read_losses('resumed')]
        self.assertEqual(held, [row['held_out_loss'] for row in self.losses])
        with open(out, 'rb') as a, open(self.out, 'rb') as b:
            self.assertEqual(a.read(), b.read())

if __name__ == '__main__':
    unittest.main(verbosity=2)
