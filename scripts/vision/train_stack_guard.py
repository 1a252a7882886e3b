"""Train the tray counter's guards and export counter and guards as one ONNX file.

The counter misses the lower cube of a stack of two and can be sure of it (issue 11,
docs/vision.md "The stack guard", "The miscount guard"), so small heads on the counter's
own frozen features say whether a tray likely holds a stacked cube (the stack guard) or,
among the trays the counter is sure of, a stacked cube or wrong counts (the miscount
guard); the reader then leaves that tray to the players. Runs in the trainer's throwaway
PyTorch environment. The shipped network (issue 11's sixth round)::

    uv run --locked python scripts/vision/make_tray_crops.py --set train --last 1200 \\
        --stacked-only --out /tmp/crops
    uv run --locked python scripts/vision/make_tray_crops.py --set train --first 2400 \\
        --last 3300 --arrangement stacked --hand none --out /tmp/crops
    /tmp/torch/bin/python scripts/vision/train_stack_guard.py /tmp/crops/train-0*.npz \\
        /tmp/crops/train-1[01]*.npz /tmp/crops/train-stacked-2[4-8]*.npz \\
        --mask /tmp/crops/tray-mask.npy --counter counter.pt --apart-from 2800 \\
        --min-confidence 0.9 --target either --wide --epochs 40 --out miscount.onnx
    /tmp/torch/bin/python scripts/vision/train_stack_guard.py /tmp/crops/train-0000.npz \\
        --mask /tmp/crops/tray-mask.npy --counter counter.pt --wide \\
        --init-guard miscount.guard.pt --first-guard stack.guard.pt --epochs 0 \\
        --out vision/data/tray-counter.onnx

(``stack.guard.pt``: the fifth round's stack guard, trained by the first form on set-ups
0-1 199 with ``--target stacked``, kept outside the repository like the counter's
weights.) Head: at every cell of the counter's 11 x 21 feature map a 1 x 1 layer
(96 -> 16 -> 1; ``--wide``: 3 x 3, 96 -> 32 -> 1) scores the cell; the tray's score is the
highest over the cells of its area (the same mask the counter sums over). Taught per tray
with the counter's weights frozen, so the counts stay exactly the counter's. Set-ups with
``k % 23 == 7`` or ``k >= --apart-from`` are kept apart for the figures printed. The
exported network's outputs: ``logits`` (the counter's, unchanged), ``stack`` and, with
``--first-guard``, ``miscount``; the thresholds are tuned on ``dev`` and kept-apart
set-ups (``scripts/vision/tune_counter.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).parent))
from train_tray_counter import (
    CROP_H,
    CROP_W,
    INPUTS,
    MAX_COUNT,
    TrayCounter,
    to_tensor,
)


class StackGuard(nn.Module):
    """Per-cell "stack here" scores on the counter's features, the highest in the tray.
    ``wide``: each cell's score sees its 3 x 3 neighbourhood (a stack's column spans
    cells) through 32 units instead of 16."""

    def __init__(self, pool_mask: np.ndarray, wide: bool = False) -> None:
        super().__init__()
        self.score = (
            nn.Sequential(nn.Conv2d(96, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 1, 1))
            if wide
            else nn.Sequential(nn.Conv2d(96, 16, 1), nn.ReLU(), nn.Conv2d(16, 1, 1))
        )
        outside = np.where(pool_mask > 0.05, 0.0, -30.0).astype(np.float32)
        self.register_buffer("outside", torch.from_numpy(outside)[None, None])
        self.top = nn.MaxPool2d(pool_mask.shape)

    def forward(self, f: torch.Tensor) -> torch.Tensor:
        return self.top(self.score(f) + self.outside).flatten(1)


class CounterWithGuard(nn.Module):
    """The counter and its guard; with ``first`` (an earlier guard kept as it is) the
    outputs are the counts, the first guard's ``stack`` and this one's ``miscount``."""

    def __init__(
        self, counter: TrayCounter, guard: StackGuard, first: StackGuard | None = None
    ) -> None:
        super().__init__()
        self.counter, self.guard, self.first = counter, guard, first

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        f = self.counter.features(x)
        if self.first is None:
            return self.counts(f), self.guard(f)
        return self.counts(f), self.first(f), self.guard(f)

    def counts(self, f: torch.Tensor) -> torch.Tensor:
        """The counter's own output from its feature map."""
        d = self.counter.density(f)
        totals = self.counter.total(d).flatten(1)
        h = self.counter.shared(
            torch.cat([self.counter.tray_sum(f), self.counter.average(f), self.counter.total(d)], 1)
        )
        logits = [
            head(torch.cat([h, totals[:, i : i + 1]], 1))
            for i, head in enumerate(self.counter.colour_heads)
        ]
        return torch.cat([*logits, self.counter.cover(h)], 1)


def features(
    both: CounterWithGuard, paths: list[Path], min_confidence: float, target: str
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Frozen feature maps (float16) of every hand-free crop in ``paths`` that the counter
    is at least ``min_confidence`` sure of (its least sure colour's top probability), with
    their labels (``target``: the tray holds a stacked cube, the counter's counts are
    wrong, or either), that confidence and whether the tray is stacked."""
    maps, labels, sure, stacks = [], [], [], []
    for path in paths:
        with np.load(path) as data:
            keep = ~data["hand"]
            crops, lift, counts = data["crops"][keep], data["lift"][keep], data["counts"][keep]
        stacked = torch.from_numpy(np.load(path.with_suffix(".stacked.npy"))[keep])
        with torch.no_grad():
            for at in range(0, len(crops), 64):
                x = to_tensor(crops[at : at + 64], lift[at : at + 64])
                f = both.counter.features(x)
                probs = both.counts(f)[:, :-1].reshape(len(f), 5, MAX_COUNT + 1).softmax(2)
                conf = probs.amax(2).amin(1)
                truth = torch.from_numpy(counts[at : at + 64]).long().clamp(0, MAX_COUNT)
                wrong = (probs.argmax(2) != truth).any(1)
                st = stacked[at : at + 64]
                label = {"stacked": st, "wrong": wrong, "either": st | wrong}[target]
                pick = conf >= min_confidence
                maps.append(f[pick].half())
                labels.append(label[pick].float())
                sure.append(conf[pick])
                stacks.append(st[pick])
    return torch.cat(maps), torch.cat(labels), torch.cat(sure), torch.cat(stacks)


def figures(
    guard: nn.Module,
    maps: torch.Tensor,
    labels: torch.Tensor,
    sure: torch.Tensor,
    stacks: torch.Tensor,
) -> str:
    """Kept-apart figures: at the scores that catch 90-99 % of the positive trays, the
    share of the other trays flagged; and at counter confidence 0.98, the stacked trays
    and the positives left sure."""
    with torch.no_grad():
        score = torch.cat([guard(maps[i : i + 512].float()) for i in range(0, len(maps), 512)])
    score, y = score.flatten().numpy(), labels.numpy() > 0.5
    st, confident = stacks.numpy(), sure.numpy() >= 0.98
    pos, neg = score[y], score[~y]
    parts = [f"{len(pos)} positive ({(y & confident).sum()} at 0.98) / {len(neg)} not"]
    for recall in (0.9, 0.95, 0.98, 0.99):
        t = np.quantile(pos, 1 - recall)
        left = confident & (score < t)
        parts.append(
            f"recall {recall:.2f}: {100 * (neg >= t).mean():.0f} % others flagged; at 0.98 "
            f"{(left & y).sum()} positive and {(left & st).sum()} stacked of {left.sum()} left"
        )
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("crops", type=Path, nargs="+", help="crop files with .stacked.npy")
    parser.add_argument("--mask", type=Path, required=True)
    parser.add_argument("--counter", type=Path, required=True, help="the counter's weights (.pt)")
    parser.add_argument(
        "--apart-from",
        type=int,
        default=10**9,
        help="set-ups k >= this (and k % 23 == 7) are kept apart for the figures",
    )
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--min-confidence",
        type=float,
        default=0.0,
        help="learn only from trays the counter is at least this sure of (a guard matters "
        "only where the counter would be sure)",
    )
    parser.add_argument("--target", choices=["stacked", "wrong", "either"], default="stacked")
    parser.add_argument("--wide", action="store_true", help="3 x 3 neighbourhood, 32 units")
    parser.add_argument(
        "--first-guard",
        type=Path,
        help="an earlier guard's weights (.guard.pt, 1 x 1 head): exported as it is beside "
        "this one (outputs logits, stack, miscount)",
    )
    parser.add_argument(
        "--init-guard", type=Path, help="start from these weights (with --epochs 0: export only)"
    )
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--report", type=int, default=5, help="kept-apart figures every N epochs")
    parser.add_argument(
        "--focus",
        type=float,
        default=4.0,
        help="extra weight of the trays the counter is sure of (0.9 or more in every colour): "
        "where a missed stack does harm",
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    mask = np.load(args.mask)
    counter = TrayCounter(mask)
    counter.load_state_dict(torch.load(args.counter, map_location="cpu"))
    counter.eval()
    guard = StackGuard(mask, args.wide)
    if args.init_guard:
        guard.load_state_dict(torch.load(args.init_guard, map_location="cpu"))
    first = None
    if args.first_guard:
        first = StackGuard(mask)
        first.load_state_dict(torch.load(args.first_guard, map_location="cpu"))
        first.eval()
    both = CounterWithGuard(counter, guard, first).eval()
    paths = [p for p in args.crops if p.with_suffix(".stacked.npy").exists()]

    def apart(path: Path) -> bool:
        k = int(path.stem[-4:])
        return k % 23 == 7 or k >= args.apart_from

    if args.epochs:
        train(guard, both, [p for p in paths if not apart(p)], [p for p in paths if apart(p)], args)
        torch.save(guard.state_dict(), args.out.with_suffix(".guard.pt"))
    both.eval()
    torch.onnx.export(
        both,
        torch.zeros(1, INPUTS, CROP_H, CROP_W),
        str(args.out),
        input_names=["crop"],
        output_names=["logits", "stack"] if first is None else ["logits", "stack", "miscount"],
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")


def train(
    guard: StackGuard,
    both: CounterWithGuard,
    paths: list[Path],
    apart: list[Path],
    args: argparse.Namespace,
) -> None:
    """Teach ``guard`` on the frozen features of ``paths``; figures on ``apart``."""
    train_maps, train_y, train_sure, _ = features(both, paths, args.min_confidence, args.target)
    val = features(both, apart, args.min_confidence, args.target)
    print(f"{len(train_y)} training trays ({int(train_y.sum())} positive), {len(val[1])} apart")
    weight = 1.0 + args.focus * (train_sure >= 0.9).float()
    guard.train()
    opt = torch.optim.AdamW(guard.parameters(), lr=args.lr, weight_decay=1e-3)
    pos_weight = (len(train_y) - train_y.sum()) / train_y.sum().clamp(min=1.0)
    for epoch in range(args.epochs):
        guard.train()
        order = torch.randperm(len(train_y))
        for at in range(0, len(order), 256):
            batch = order[at : at + 256]
            loss = nn.functional.binary_cross_entropy_with_logits(
                guard(train_maps[batch].float()).flatten(),
                train_y[batch],
                weight=weight[batch],
                pos_weight=pos_weight,
            )
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch % args.report == args.report - 1 or epoch == args.epochs - 1:
            guard.eval()
            print(f"epoch {epoch + 1}: kept apart: {figures(guard, *val)}", flush=True)


if __name__ == "__main__":
    main()
