#!/usr/bin/python3
"""Trains the chess network on `brudno selfplay` records and exports it to
the engine's integer format, in one command:

    tools/nnue/train.py --data A.bin [B.bin ...] --out net.nnue [--hidden 256]
        [--direct] [--buckets B] [--epochs E] [--lambda L] [--batch B] [--held-out FRACTION] [--seed S]
        [--mirror] [--threads T] [--resume | --init NET.nnue]

Beside --out it writes NET.ckpt (a checkpoint after every epoch, which
--resume continues from), NET.losses.csv and NET.losses.png (the training and
held-out loss per epoch). After the last epoch it exports the network, reads
the file back and checks the integer network's scores on held-out positions
against the float network's (export.py states the tolerance); it exits 1 if
they differ by more. --init starts from a network file's weights (its widths
too) instead of random ones: the next network trained on from the last one.
docs/nnue.md, "Training", describes it all.
"""

import argparse
import csv
import ctypes
import os
import sys
import time

# OpenMP's threads otherwise spin while they wait for work: on a machine
# whose cores are busy with other jobs that made each step several times
# slower (measured on two loaded cores). Set before torch loads OpenMP.
os.environ.setdefault('OMP_WAIT_POLICY', 'PASSIVE')


def keep_freed_memory():
    """Has glibc keep the memory of freed tensors for the next ones. A
    batch's activations (4 096 x 1 024 floats at hidden 512: 16 MB) are
    above glibc's mmap threshold, so each was mapped fresh and faulted in
    page by page at every step: half the step's time at hidden 512
    (docs/nnue.md, "Training"). Elsewhere than glibc, nothing."""
    try:
        libc = ctypes.CDLL('libc.so.6')
    except OSError:
        return
    m_trim_threshold, m_mmap_max = -1, -4  # malloc.h
    libc.mallopt(m_mmap_max, 0)  # no mapping of its own for any size (its threshold stops at 32 MB)
    libc.mallopt(m_trim_threshold, 1 << 30)  # and freed memory kept up to 1 GB


keep_freed_memory()

import numpy as np  # noqa: E402  (after the environment is set)
import torch  # noqa: E402

import export
import network_file
import records as rec
from model import SCORE_SCALE, Network

# The positions the export check scores with both networks (the first of the
# held-out set): enough for a stable mean, quick in numpy.
EXPORT_CHECK_POSITIONS = 20000


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description='Train the NNUE network on training records and export it.')
    parser.add_argument('--data', nargs='+', required=True, help='files of 32-byte records')
    parser.add_argument('--out', required=True, help='the network file to write')
    parser.add_argument('--hidden', type=int, default=256, help='width of one accumulator')
    parser.add_argument('--l1', type=int, default=32, help='width of the first dense layer')
    parser.add_argument('--l2', type=int, default=32, help='width of the second dense layer')
    parser.add_argument('--direct', action='store_true',
                        help='no dense hidden layer: the accumulators, squared clipped ReLU, '
                             'straight to the output (model.py; --l1 and --l2 are ignored)')
    parser.add_argument('--buckets', type=int, default=1,
                        help='output buckets: dense stacks chosen by the number of pieces '
                             f'(1 to {network_file.MAX_BUCKETS})')
    parser.add_argument('--epochs', type=int, default=10)
    # 1.0, the search's score alone: on brudno's self-play data a blend with
    # the game's result (0.75) fitted the results better but played 180 Elo
    # worse at equal nodes (docs/nnue.md, "Training", the choice of lambda).
    parser.add_argument('--lambda', dest='lam', type=float, default=1.0,
                        help='weight of the score in the target (1 - it: the game result)')
    parser.add_argument('--batch', type=int, default=4096)
    parser.add_argument('--lr', type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument('--lr-decay', type=float, default=0.92,
                        help='factor on the learning rate after each epoch')
    parser.add_argument('--held-out', type=float, default=0.05,
                        help='fraction of the records, the last ones, kept out of training')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--mirror', action='store_true',
                        help='train on half of the positions without castling rights mirrored '
                             'left to right (a fresh half each epoch)')
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--resume', action='store_true',
                        help='continue from OUT.ckpt (its widths and options win)')
    parser.add_argument('--init', metavar='NET',
                        help='start from the weights of this network file, not random ones '
                             '(its widths win)')
    args = parser.parse_args(argv)
    if args.resume and args.init:
        parser.error('--resume continues a checkpoint; --init starts anew from a network: '
                     'not both')
    if not 0.0 <= args.lam <= 1.0:
        parser.error('--lambda must lie in [0, 1]')
    if not 0.0 < args.held_out < 1.0:
        parser.error('--held-out must lie in (0, 1)')
    if args.direct:
        args.l1 = args.l2 = 0  # the direct shape's widths, as its file and checkpoint keep them
    elif min(args.l1, args.l2) < 1:
        parser.error('--l1 and --l2 must be positive (--direct has no dense hidden layer)')
    if min(args.hidden, args.epochs, args.batch, args.threads) < 1:
        parser.error('widths, epochs, batch and threads must be positive')
    if not 1 <= args.buckets <= network_file.MAX_BUCKETS:
        parser.error(f'--buckets must lie in 1..{network_file.MAX_BUCKETS}')
    return args


def split(data, fraction):
    """Training and held-out records. The held-out ones are the last of the
    data: whole games apart from the training positions (a random split would
    put neighbouring positions of one game on both sides)."""
    held = max(1, int(round(len(data) * fraction)))
    if held >= len(data):
        raise ValueError(f'{len(data)} records leave nothing to train on')
    return data[:-held], data[-held:]


def batch_tensors(records, lam, mirror_rng=None):
    stm, nstm = rec.features(records)
    if mirror_rng is not None:
        # Half of the positions a mirror is exact for: no castling right, whose
        # rooks would not mirror onto castling rooks.
        rows = np.flatnonzero((np.asarray(records['castling']) == 0) &
                              (mirror_rng.random(len(records)) < 0.5))
        stm, nstm = rec.mirror_files(stm, rows), rec.mirror_files(nstm, rows)
    target = rec.targets(records, SCORE_SCALE, lam)
    return torch.from_numpy(stm), torch.from_numpy(nstm), torch.from_numpy(target)


def loss_of(model, stm, nstm, target):
    return torch.mean((torch.sigmoid(model(stm, nstm)) - target) ** 2)


def held_out_loss(model, held, lam, batch=16384):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for start in range(0, len(held), batch):
            part = held[start:start + batch]
            total += loss_of(model, *batch_tensors(part, lam)).item() * len(part)
    return total / len(held)


def train_epoch(model, optimiser, train, args, epoch):
    model.train()
    order = np.random.default_rng([args.seed, epoch]).permutation(len(train))
    # Its own generator: which positions are mirrored depends only on the seed
    # and the epoch, so a resumed run still repeats an uninterrupted one.
    mirror_rng = np.random.default_rng([args.seed, epoch, 1]) if args.mirror else None
    total = 0.0
    for start in range(0, len(order), args.batch):
        index = np.sort(order[start:start + args.batch])  # sorted: sequential reads of the map
        stm, nstm, target = batch_tensors(train[index], args.lam, mirror_rng)
        optimiser.zero_grad()
        loss = loss_of(model, stm, nstm, target)
        loss.backward()
        optimiser.step()
        model.clip_weights()
        total += loss.item() * len(index)
    return total / len(train)


def save_checkpoint(path, model, optimiser, epoch, history, args):
    temporary = path + '.tmp'
    torch.save({'model': model.state_dict(), 'widths': model.widths(),
                'optimiser': optimiser.state_dict(), 'epoch': epoch, 'history': history,
                'options': {'lam': args.lam, 'lr': args.lr, 'lr_decay': args.lr_decay,
                            'batch': args.batch, 'seed': args.seed, 'held_out': args.held_out,
                            'mirror': args.mirror}},
               temporary)
    os.replace(temporary, path)  # a run cut off mid-write keeps the previous checkpoint


def write_losses(stem, history):
    with open(stem + '.losses.csv', 'w', newline='') as f:
        writer = csv.writer(f)
        writer.writerow(['epoch', 'train_loss', 'held_out_loss', 'seconds'])
        for row in history:
            writer.writerow([row['epoch'], '' if row['train'] is None else f"{row['train']:.8f}",
                             f"{row['held_out']:.8f}", f"{row['seconds']:.2f}"])
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
        import matplotlib.ticker
    except ImportError:
        print('losses: matplotlib is absent (python3-matplotlib); no picture, the CSV only',
              flush=True)
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    trained = [row for row in history if row['train'] is not None]
    axes.plot([r['epoch'] for r in trained], [r['train'] for r in trained], 'o-', label='training')
    axes.plot([r['epoch'] for r in history], [r['held_out'] for r in history], 's-',
              label='held out')
    axes.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    axes.set_xlabel('epoch')
    axes.set_ylabel('MSE of the win probability')
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(stem + '.losses.png', dpi=100)
    plt.close(figure)


def main(argv=None):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    stem = args.out[:-5] if args.out.endswith('.nnue') else args.out
    checkpoint_path = stem + '.ckpt'

    try:
        data = rec.open_data(args.data)
        train, held = split(data, args.held_out)
        rec.targets(data[:1 << 16], SCORE_SCALE, args.lam)  # a foreign file fails here, not later
        rec.features(data[:1 << 16])
    except (OSError, ValueError) as error:
        print(f'error: {error}', file=sys.stderr)
        return 1

    checkpoint = None
    if args.resume:
        if not os.path.exists(checkpoint_path):
            print(f'error: --resume: no checkpoint {checkpoint_path}', file=sys.stderr)
            return 1
        checkpoint = torch.load(checkpoint_path)
        for name, value in checkpoint['options'].items():
            setattr(args, name, value)
        args.hidden, args.l1, args.l2 = (checkpoint['widths'][k] for k in ('hidden', 'l1', 'l2'))
        args.buckets = checkpoint['widths'].get('buckets', 1)  # checkpoints before buckets: one
    start_network = None
    if args.init:
        try:
            start_network = export.dequantise(network_file.read(args.init))
        except (OSError, ValueError) as error:
            print(f'error: --init {args.init}: {error}', file=sys.stderr)
            return 1
        args.hidden, args.l1, args.l2 = (start_network.hidden, start_network.l1_width,
                                         start_network.l2_width)
        args.buckets = start_network.buckets
        print(f'starting from the weights of {args.init}', flush=True)
    model = (start_network if start_network is not None else
             Network(args.hidden, args.l1, args.l2, args.buckets))
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    history, first_epoch = [], 1
    if checkpoint is not None:
        model.load_state_dict(checkpoint['model'])
        optimiser.load_state_dict(checkpoint['optimiser'])
        history, first_epoch = checkpoint['history'], checkpoint['epoch'] + 1
        print(f'resumed from {checkpoint_path} after epoch {checkpoint["epoch"]}', flush=True)

    shape = (f'2x{args.hidden} (SCReLU) -> 1' if args.l1 == 0 else
             f'2x{args.hidden} -> {args.l1} -> {args.l2} -> 1')
    print(f'{len(train)} training and {len(held)} held-out records; network 768 -> {shape}'
          f'{f" in {args.buckets} output buckets" if args.buckets > 1 else ""}; lambda {args.lam}, batch {args.batch},'
          f' {args.threads} threads{", mirrored halves" if args.mirror else ""}', flush=True)
    if not history:
        history.append({'epoch': 0, 'train': None, 'held_out': held_out_loss(model, held, args.lam),
                        'seconds': 0.0})
        before = f'the network of {args.init}' if args.init else 'untrained'
        print(f'epoch 0: held-out loss {history[0]["held_out"]:.6f} ({before})', flush=True)

    for epoch in range(first_epoch, args.epochs + 1):
        for group in optimiser.param_groups:
            group['lr'] = args.lr * args.lr_decay ** (epoch - 1)
        start = time.monotonic()
        train_loss = train_epoch(model, optimiser, train, args, epoch)
        seconds = time.monotonic() - start
        loss = held_out_loss(model, held, args.lam)
        history.append({'epoch': epoch, 'train': train_loss, 'held_out': loss, 'seconds': seconds})
        print(f'epoch {epoch}: training loss {train_loss:.6f}, held-out loss {loss:.6f}, '
              f'{seconds:.1f} s ({len(train) / seconds:.0f} records/s)', flush=True)
        save_checkpoint(checkpoint_path, model, optimiser, epoch, history, args)
        write_losses(stem, history)

    start = time.monotonic()
    checked = held[:EXPORT_CHECK_POSITIONS]
    try:
        network_file.write(args.out, export.quantise(model))
        written = network_file.read(args.out)
        mean_error, p99_error, max_error = export.compare(model, written, checked)
    except OverflowError as error:
        print(f'error: the export does not fit the integer format: {error}', file=sys.stderr)
        return 1
    print(f'exported {args.out} ({os.path.getsize(args.out)} bytes) in '
          f'{time.monotonic() - start:.1f} s; integer against float on {len(checked)} held-out '
          f'positions: |difference| mean {mean_error:.2f} cp, 99th percentile {p99_error:.1f} cp,'
          f' max {max_error:.1f} cp (tolerance: mean {export.MEAN_ABS_TOLERANCE_CP}, 99th '
          f'percentile {export.P99_ABS_TOLERANCE_CP})', flush=True)
    if not export.within_tolerance(mean_error, p99_error):
        print('error: the integer network differs from the float one beyond the tolerance',
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
