"""Train the tray counter (a small CNN) on rendered tray crops and export it for cv2.dnn.

Runs in a throwaway virtual environment with PyTorch (not a project dependency)::

    python3 -m venv /tmp/torch && /tmp/torch/bin/pip install torch==2.13.0 onnx
    uv run --locked python scripts/vision/make_tray_crops.py --set train --out /tmp/crops
    uv run --locked python scripts/vision/make_tray_crops.py --mask-only --out /tmp/crops
    /tmp/torch/bin/python scripts/vision/train_tray_counter.py /tmp/crops \\
        --mask /tmp/crops/tray-mask.npy --minutes 48 --threads 1 \\
        --out vision/data/tray-counter.onnx

(the shipped counter, issue 11's third round: ``--init`` with the second round's
weights, a ``.pt`` kept outside the repository, then ``--minutes 65 --lr 2e-3`` on
one shared core while ``make_tray_crops.py`` rendered more set-ups beside it,
1 645 in the end; docs/vision.md "The tray counter").

Input: one tray crop (``vision.tray_crops``: 168 x 84, BGR, light-corrected),
scaled to ``(x / 255 - 0.5) / 0.25``, and its lift field (two channels,
``vision.tray_crops.lift_field``: where a cube's top is drawn from its footprint at
this camera pose; :func:`lift_fields` here computes the same). Output: 5 x 13
logits (each colour's count 0..12, "12" meaning 12 or more) followed by one
logit "something covers the tray" (a hand). The reader turns them into counts and confidences
(:mod:`vision.counter`). Crops of a few set-ups are kept apart to report
accuracy after each report: ``train`` set-ups with ``k % 23 == 7`` (spread over every
light and tilt band). The reader's temperature and
threshold are tuned afterwards on the ``dev`` set (``scripts/vision/tune_counter.py``).
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

MAX_COUNT = 12
COLOURS = 5
CROP_W, CROP_H = 168, 84
LIFT_SCALE = 16.0
"""As ``vision.tray_crops.LIFT_SCALE``."""
INPUTS = 5
"""B, G, R and the lift's u and v."""


def conv(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


def tray_pools(pool_mask: np.ndarray) -> tuple[nn.Conv2d, nn.Conv2d]:
    """Fixed layers (as depthwise convolutions cv2.dnn runs): the 96 features summed over
    the tray's area (a tenth of the mask), and each colour's density summed everywhere."""
    h, w = pool_mask.shape
    tray_sum = nn.Conv2d(96, 96, (h, w), groups=96, bias=False)
    weight = torch.from_numpy(pool_mask / 10.0).float()[None, None].repeat(96, 1, 1, 1)
    tray_sum.weight = nn.Parameter(weight, requires_grad=False)
    total = nn.Conv2d(COLOURS, COLOURS, (h, w), groups=COLOURS, bias=False)
    total.weight = nn.Parameter(torch.ones(COLOURS, 1, h, w), requires_grad=False)
    return tray_sum, total


class TrayCounter(nn.Module):
    """Counting by summing local evidence.

    Conv features at stride 8 (11 x 21 cells of 5.3 mm; two 3 x 3 layers at stride 4
    first, where one cube is three cells wide) learn where cubes stand: a 1 x 1 head
    draws each colour's *density* (one unit of mass per cube, taught by the cube places
    the renderer knows). The features summed over the tray's area (a fixed mask, as a
    depthwise convolution cv2.dnn runs), their average over the crop (light, blur) and
    every colour's total density feed a shared layer; each colour then has a head of its
    own that sees that layer and its own density total and gives the probabilities of
    its counts. One more logit says whether something covers the tray. Only the count
    and cover logits are exported."""

    def __init__(self, pool_mask: np.ndarray, width: int = 64) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv(INPUTS, 16, 2),  # 42 x 84
            conv(16, 32, 2),  # 21 x 42
            conv(32, 32, 1),
            conv(32, 32, 1),
            conv(32, width, 2),  # 11 x 21
            conv(width, width, 1),
            conv(width, width, 1),
            nn.Conv2d(width, 96, 1),
            nn.ReLU(inplace=True),
        )
        self.density = nn.Sequential(nn.Conv2d(96, COLOURS, 1), nn.Softplus())
        nn.init.constant_(self.density[0].bias, -4.0)  # start near no cubes anywhere
        self.tray_sum, self.total = tray_pools(pool_mask)
        self.average = nn.AdaptiveAvgPool2d(1)
        self.shared = nn.Sequential(
            nn.Flatten(), nn.Linear(192 + COLOURS, 192), nn.ReLU(inplace=True)
        )
        self.colour_heads = nn.ModuleList(
            nn.Sequential(nn.Linear(193, 64), nn.ReLU(inplace=True), nn.Linear(64, MAX_COUNT + 1))
            for _ in range(COLOURS)
        )
        self.cover = nn.Linear(192, 1)

    def both(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        f = self.features(x)
        d = self.density(f)
        totals = self.total(d).flatten(1)
        h = self.shared(torch.cat([self.tray_sum(f), self.average(f), self.total(d)], 1))
        logits = [
            head(torch.cat([h, totals[:, i : i + 1]], 1))
            for i, head in enumerate(self.colour_heads)
        ]
        return torch.cat([*logits, self.cover(h)], 1), d

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.both(x)[0]


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    keys = ("crops", "counts", "hand", "density", "lift")
    parts: dict[str, list[np.ndarray]] = {k: [] for k in keys}
    for path in paths:
        with np.load(path) as data:
            for key in parts:
                parts[key].append(data[key])
    return {k: np.concatenate(v) for k, v in parts.items() if v}


def lift_fields(lift: torch.Tensor) -> torch.Tensor:
    """N x 2 x H x W lift fields from N x 3 (s, foot u, foot v), as vision.tray_crops makes."""
    v, u = torch.meshgrid(
        torch.arange(CROP_H, dtype=torch.float32),
        torch.arange(CROP_W, dtype=torch.float32),
        indexing="ij",
    )
    s, fu, fv = (lift[:, i, None, None] for i in range(3))
    return torch.stack([s * (u - fu), s * (v - fv)], 1) / LIFT_SCALE


def to_tensor(crops: np.ndarray, lift: np.ndarray) -> torch.Tensor:
    x = torch.from_numpy(crops).float().permute(0, 3, 1, 2) / 255.0
    return torch.cat([(x - 0.5) / 0.25, lift_fields(torch.from_numpy(lift).float())], 1)


def augment(
    crops: np.ndarray, lift: np.ndarray, d: torch.Tensor, gen: torch.Generator
) -> tuple[torch.Tensor, torch.Tensor]:
    """Mirror (trays are symmetric; the density and the lift too), light colour and level,
    a pixel of registration error, a few per cent of error in the camera pose."""
    n = crops.shape[0]
    img = torch.from_numpy(crops).float().permute(0, 3, 1, 2) / 255.0
    lift_t = torch.from_numpy(lift).float().clone()
    flip = torch.rand(n, generator=gen) < 0.5
    img = torch.where(flip[:, None, None, None], img.flip(3), img)
    d = torch.where(flip[:, None, None, None], d.flip(3), d)
    lift_t[:, 1] = torch.where(flip, CROP_W - 1 - lift_t[:, 1], lift_t[:, 1])
    gains = 1 + 0.08 * torch.randn(n, 3, 1, 1, generator=gen)
    level = 1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)
    img = (img * gains * level).clamp(0, 1)
    img = img ** (1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)).clamp(0.7, 1.4)
    img = img + 0.015 * torch.randn((n, 1, *img.shape[2:]), generator=gen)
    dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen))
    img = torch.roll(img, (dy, dx), (2, 3))
    lift_t[:, 0] *= 1 + 0.04 * torch.randn(n, generator=gen)
    mid = torch.tensor([CROP_W / 2, CROP_H / 2])
    lift_t[:, 1:] = mid + (lift_t[:, 1:] - mid) * (1 + 0.03 * torch.randn(n, 1, generator=gen))
    lift_t[:, 1] += dx
    lift_t[:, 2] += dy
    return torch.cat([(img - 0.5) / 0.25, lift_fields(lift_t)], 1), d


def learning_rate(progress: float, peak: float, warm: float, floor: float) -> float:
    """Linear warm-up over the first ``warm`` of the run, then a cosine down to ``floor``
    times the peak (``progress`` runs from 0 to 1 over the run's wall time)."""
    lr = peak * (
        progress / warm
        if progress < warm
        else 0.5 * (1 + math.cos(math.pi * (progress - warm) / (1 - warm)))
    )
    return max(lr, peak * floor)


def loss_fn(
    out: torch.Tensor,
    dens: torch.Tensor,
    counts: torch.Tensor,
    hand: torch.Tensor,
    want_dens: torch.Tensor,
) -> torch.Tensor:
    logits = out[:, :-1].reshape(-1, COLOURS, MAX_COUNT + 1)
    target = counts.clamp(0, MAX_COUNT).long()
    ce = nn.functional.cross_entropy(logits.reshape(-1, MAX_COUNT + 1), target.reshape(-1))
    bce = nn.functional.binary_cross_entropy_with_logits(out[:, -1], hand.float())
    # Where cubes stand (not under a hand, where they cannot be seen): the local lesson.
    seen = (~hand).float()[:, None, None, None]
    local = (((dens - want_dens) ** 2) * seen).sum((1, 2, 3)).mean()
    total = ((dens.sum((2, 3)) - counts.float()).abs() * seen[:, :, 0, 0]).mean()
    return ce + 0.3 * bce + local + 0.05 * total


def evaluate(model: nn.Module, data: dict[str, np.ndarray]) -> str:
    """Validation figures: cells and trays exact (no hand), and how many hand-free trays
    are at least 0.99 sure of every colour, with how many of those are wrong."""
    model.eval()
    probs, covered = [], []
    with torch.no_grad():
        for i in range(0, len(data["crops"]), 512):
            out = model(to_tensor(data["crops"][i : i + 512], data["lift"][i : i + 512]))
            probs.append(out[:, :-1].reshape(-1, COLOURS, MAX_COUNT + 1).softmax(2))
            covered.append(out[:, -1].sigmoid())
    model.train()
    p = torch.cat(probs).numpy()
    cover = torch.cat(covered).numpy()
    pred = p.argmax(2)
    want = np.clip(data["counts"], 0, MAX_COUNT)
    free = ~data["hand"]
    cells = (pred == want)[free].mean()
    exact = (pred == want).all(1)
    sure = (p.max(2).min(1) >= 0.99) & (cover < 0.5)
    wrong = sure & ~exact
    hand_missed = (cover[data["hand"]] < 0.5).mean() if data["hand"].any() else 0.0
    return (
        f"cells {100 * cells:.2f} %, trays exact {100 * exact[free].mean():.2f} % of "
        f"{free.sum()}; sure@0.99 {100 * sure[free].mean():.1f} %, wrong of sure "
        f"{100 * wrong.sum() / max(sure.sum(), 1):.2f} % ({wrong.sum()}); "
        f"hands missed {100 * hand_missed:.1f} %"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("crops", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--mask",
        type=Path,
        required=True,
        help="tray area at the feature map's size (11 x 21, .npy): "
        "scripts/vision/make_tray_crops.py --mask-only writes it",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=90.0,
        help="training time: the learning rate warms up and anneals over this wall time "
        "(a shared machine's speed varies; the run ends annealed when time is up)",
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=64, help="channels at stride 8")
    parser.add_argument("--init", type=Path, help="start from these weights (.pt)")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--report-every", type=int, default=250, help="steps between reports")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    model = TrayCounter(np.load(args.mask), args.width).to(memory_format=torch.channels_last)
    if args.init:
        state = torch.load(args.init)
        first = state["features.0.0.weight"]
        if first.shape[1] < INPUTS:  # a counter without the lift: its new inputs start at 0
            pad = torch.zeros(first.shape[0], INPUTS - first.shape[1], *first.shape[2:])
            state["features.0.0.weight"] = torch.cat([first, pad], 1)
        model.load_state_dict(state)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=1e-4)
    budget = 60.0 * args.minutes
    start = time.time()
    seen: set[Path] = set()
    train: dict[str, np.ndarray] = {}
    dev: dict[str, np.ndarray] = {}
    step, total = 0, 0.0
    while True:
        if step % args.report_every == 0:
            # Set-ups rendered meanwhile join the training set. Some are kept apart to
            # watch for over-fitting (the reader's thresholds are tuned later on the
            # separate dev set, through the whole reader).
            files = sorted(args.crops.glob("train-*.npz"))
            settled = time.time() - 30  # not a file still being written
            new = [
                (int(f.stem.split("-")[1]), f)
                for f in files
                if f not in seen and f.stat().st_mtime < settled and has_lift(f)
            ]
            seen.update(f for _, f in new)
            train = merge(train, load([f for k, f in new if k % 23 != 7]))
            dev = merge(dev, load([f for k, f in new if k % 23 == 7]))
            x_all, c_all, h_all = train["crops"], train["counts"], train["hand"]
            d_all, l_all = train["density"], train["lift"]
            if step:
                msg = evaluate(model, dev)
                print(
                    f"step {step} ({time.time() - start:.0f} s, {len(x_all)} crops): "
                    f"loss {total / args.report_every:.4f} {msg}",
                    flush=True,
                )
                torch.save(model.state_dict(), args.out.with_suffix(".pt"))
                total = 0.0
        progress = (time.time() - start) / budget
        if progress >= 1:
            break
        for group in opt.param_groups:
            group["lr"] = learning_rate(progress, args.lr, warm=0.1, floor=1e-3)
        idx = torch.randint(len(x_all), (args.batch,), generator=gen).numpy()
        x, d = augment(x_all[idx], l_all[idx], torch.from_numpy(d_all[idx].astype(np.float32)), gen)
        out, dens = model.both(x.contiguous(memory_format=torch.channels_last))
        loss = loss_fn(out, dens, torch.from_numpy(c_all[idx]), torch.from_numpy(h_all[idx]), d)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(params, 5.0)
        opt.step()
        total += float(loss.detach())
        step += 1
    print(f"step {step} ({time.time() - start:.0f} s): {evaluate(model, dev)}", flush=True)
    torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    export(model, args.out)


def has_lift(path: Path) -> bool:
    with np.load(path) as data:
        return "lift" in data.files


def merge(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    if not a or not len(b.get("crops", ())):
        return a or b
    return {k: np.concatenate([a[k], b[k]]) for k in a}


def export(model: nn.Module, out: Path) -> None:
    """Write the count and cover logits' network as ONNX for cv2.dnn."""
    model = model.to(memory_format=torch.contiguous_format).eval()
    dummy = torch.zeros(1, INPUTS, CROP_H, CROP_W)
    torch.onnx.export(
        model,
        dummy,
        str(out),
        input_names=["crop"],
        output_names=["logits"],
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
