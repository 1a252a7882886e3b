"""Train the tray counter (a small CNN) on rendered tray crops and export it for cv2.dnn.

Runs in a throwaway virtual environment with PyTorch (not a project dependency)::

    python3 -m venv /tmp/torch && /tmp/torch/bin/pip install torch==2.13.0 onnx
    uv run --locked python scripts/vision/make_tray_crops.py --set train --out /tmp/crops
    /tmp/torch/bin/python scripts/vision/train_tray_counter.py /tmp/crops \\
        --out vision/data/tray-counter.onnx

Input: one tray crop (``vision.tray_crops``: 168 x 84, BGR, light-corrected),
scaled to ``(x / 255 - 0.5) / 0.25``. Output: 5 x 13 logits (each colour's count
0..12, "12" meaning 12 or more) followed by one logit "something covers the
tray" (a hand). The reader turns them into counts and confidences
(:mod:`vision.counter`). Crops of a few set-ups are kept apart to report
accuracy after each epoch: every 20th set-up of ``train``. The reader's temperature and
threshold are tuned afterwards on the ``dev`` set (``scripts/vision/tune_counter.py``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

MAX_COUNT = 12
COLOURS = 5


def conv(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class TrayCounter(nn.Module):
    """Counting by summing local evidence.

    Conv features at stride 8 (11 x 21 cells of 5.3 mm) learn where cubes stand: a
    1 x 1 head draws each colour's *density* (one unit of mass per cube, taught by the
    cube places the renderer knows). The count head sees the features summed over the
    tray's area (a fixed mask, as a depthwise convolution cv2.dnn runs), their average
    over the crop (light, blur) and each colour's total density, and gives the count
    probabilities and the cover logit. Only the count head is exported."""

    def __init__(self, pool_mask: np.ndarray) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv(3, 16, 2),  # 42 x 84
            conv(16, 24, 2),  # 21 x 42
            conv(24, 24, 1),
            conv(24, 48, 2),  # 11 x 21
            conv(48, 48, 1),
            nn.Conv2d(48, 64, 1),
            nn.ReLU(inplace=True),
        )
        self.density = nn.Sequential(nn.Conv2d(64, COLOURS, 1), nn.Softplus())
        nn.init.constant_(self.density[0].bias, -4.0)  # start near no cubes anywhere
        h, w = pool_mask.shape
        self.tray_sum = nn.Conv2d(64, 64, (h, w), groups=64, bias=False)
        weight = torch.from_numpy(pool_mask / 10.0).float()[None, None].repeat(64, 1, 1, 1)
        self.tray_sum.weight = nn.Parameter(weight, requires_grad=False)
        self.total = nn.Conv2d(COLOURS, COLOURS, (h, w), groups=COLOURS, bias=False)
        self.total.weight = nn.Parameter(torch.ones(COLOURS, 1, h, w), requires_grad=False)
        self.average = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Linear(128 + COLOURS, 128),
            nn.ReLU(inplace=True),
            nn.Linear(128, COLOURS * (MAX_COUNT + 1) + 1),
        )

    def both(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        f = self.features(x)
        d = self.density(f)
        pooled = torch.cat([self.tray_sum(f), self.average(f), self.total(d)], 1)
        return self.head(pooled), d

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.both(x)[0]


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    parts: dict[str, list[np.ndarray]] = {"crops": [], "counts": [], "hand": [], "density": []}
    for path in paths:
        with np.load(path) as data:
            for key in parts:
                parts[key].append(data[key])
    return {k: np.concatenate(v) for k, v in parts.items()}


def to_tensor(crops: np.ndarray) -> torch.Tensor:
    x = torch.from_numpy(crops).float().permute(0, 3, 1, 2) / 255.0
    return (x - 0.5) / 0.25


def augment(
    x: torch.Tensor, d: torch.Tensor, gen: torch.Generator
) -> tuple[torch.Tensor, torch.Tensor]:
    """Mirror (trays are symmetric; the density too), light colour and level, a pixel of
    registration error."""
    n = x.shape[0]
    flip = torch.rand(n, generator=gen) < 0.5
    x = torch.where(flip[:, None, None, None], x.flip(3), x)
    d = torch.where(flip[:, None, None, None], d.flip(3), d)
    img = x * 0.25 + 0.5
    gains = 1 + 0.08 * torch.randn(n, 3, 1, 1, generator=gen)
    level = 1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)
    img = (img * gains * level).clamp(0, 1)
    img = img ** (1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)).clamp(0.7, 1.4)
    img = img + 0.015 * torch.randn(img.shape, generator=gen)
    dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen))
    img = torch.roll(img, (dy, dx), (2, 3))
    return (img - 0.5) / 0.25, d


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
    model.eval()
    right = total = 0
    with torch.no_grad():
        for i in range(0, len(data["crops"]), 512):
            out = model(to_tensor(data["crops"][i : i + 512]))
            pred = out[:, :-1].reshape(-1, COLOURS, MAX_COUNT + 1).argmax(2)
            want = torch.from_numpy(data["counts"][i : i + 512]).long().clamp(0, MAX_COUNT)
            free = ~torch.from_numpy(data["hand"][i : i + 512])
            ok = (pred == want).all(1)
            right += int(ok[free].sum())
            total += int(free.sum())
    model.train()
    return f"trays without hands exact: {100 * right / max(total, 1):.2f} % of {total}"


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
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--init", type=Path, help="start from these weights (.pt)")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    files = sorted(args.crops.glob("train-*.npz"))
    # Every 20th set-up is kept apart to watch for over-fitting (the reader's threshold is
    # tuned later on the separate dev set, through the whole reader).
    train = load([f for i, f in enumerate(files) if i % 20 != 19])
    dev = load([f for i, f in enumerate(files) if i % 20 == 19])
    print(f"train {len(train['crops'])} crops, dev {len(dev['crops'])}", flush=True)
    model = TrayCounter(np.load(args.mask))
    if args.init:
        model.load_state_dict(torch.load(args.init))
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=2e-3, weight_decay=1e-4)
    batch = 128
    steps = args.epochs * (len(train["crops"]) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
    x_all, c_all, h_all = (
        train["crops"],
        torch.from_numpy(train["counts"]),
        torch.from_numpy(train["hand"]),
    )
    d_all = torch.from_numpy(train["density"].astype(np.float32))
    for epoch in range(args.epochs):
        start = time.time()
        order = torch.randperm(len(x_all), generator=gen)
        total = 0.0
        for b in range(len(x_all) // batch):
            idx = order[b * batch : (b + 1) * batch]
            x, d = augment(to_tensor(x_all[idx.numpy()]), d_all[idx], gen)
            out, dens = model.both(x)
            loss = loss_fn(out, dens, c_all[idx], h_all[idx], d)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(params, 5.0)
            opt.step()
            sched.step()
            total += float(loss.detach())
        msg = evaluate(model, dev) if len(dev["crops"]) else ""
        mean = total / max(1, len(x_all) // batch)
        print(f"epoch {epoch}: loss {mean:.4f} {msg} ({time.time() - start:.0f} s)", flush=True)
        torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    model.eval()
    dummy = torch.zeros(1, 3, 84, 168)
    torch.onnx.export(
        model,
        dummy,
        str(args.out),
        input_names=["crop"],
        output_names=["logits"],
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
