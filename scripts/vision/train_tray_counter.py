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
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv(3, 16, 2),  # 42 x 84
            conv(16, 16, 1),
            conv(16, 32, 2),  # 21 x 42
            conv(32, 32, 1),
            conv(32, 48, 2),  # 11 x 21
            conv(48, 48, 1),
            conv(48, 64, 2),  # 6 x 11
        )
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Dropout(0.2),
            nn.Linear(64 * 6 * 11, 160),
            nn.ReLU(inplace=True),
            nn.Linear(160, COLOURS * (MAX_COUNT + 1) + 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    parts: dict[str, list[np.ndarray]] = {"crops": [], "counts": [], "hand": []}
    for path in paths:
        with np.load(path) as data:
            for key in parts:
                parts[key].append(data[key])
    return {k: np.concatenate(v) for k, v in parts.items()}


def to_tensor(crops: np.ndarray) -> torch.Tensor:
    x = torch.from_numpy(crops).float().permute(0, 3, 1, 2) / 255.0
    return (x - 0.5) / 0.25


def augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Mirror (trays are symmetric), light colour and level, a pixel of registration error."""
    n = x.shape[0]
    flip = torch.rand(n, generator=gen) < 0.5
    x = torch.where(flip[:, None, None, None], x.flip(3), x)
    img = x * 0.25 + 0.5
    gains = 1 + 0.08 * torch.randn(n, 3, 1, 1, generator=gen)
    level = 1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)
    img = (img * gains * level).clamp(0, 1)
    img = img ** (1 + 0.15 * torch.randn(n, 1, 1, 1, generator=gen)).clamp(0.7, 1.4)
    img = img + 0.015 * torch.randn(img.shape, generator=gen)
    dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen))
    img = torch.roll(img, (dy, dx), (2, 3))
    return (img - 0.5) / 0.25


def loss_fn(out: torch.Tensor, counts: torch.Tensor, hand: torch.Tensor) -> torch.Tensor:
    logits = out[:, :-1].reshape(-1, COLOURS, MAX_COUNT + 1)
    target = counts.clamp(0, MAX_COUNT).long()
    ce = nn.functional.cross_entropy(logits.reshape(-1, MAX_COUNT + 1), target.reshape(-1))
    bce = nn.functional.binary_cross_entropy_with_logits(out[:, -1], hand.float())
    return ce + 0.3 * bce


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
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
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
    model = TrayCounter()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    batch = 128
    steps = args.epochs * (len(train["crops"]) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    x_all, c_all, h_all = (
        train["crops"],
        torch.from_numpy(train["counts"]),
        torch.from_numpy(train["hand"]),
    )
    for epoch in range(args.epochs):
        start = time.time()
        order = torch.randperm(len(x_all), generator=gen)
        total = 0.0
        for b in range(len(x_all) // batch):
            idx = order[b * batch : (b + 1) * batch]
            x = augment(to_tensor(x_all[idx.numpy()]), gen)
            loss = loss_fn(model(x), c_all[idx], h_all[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss)
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
