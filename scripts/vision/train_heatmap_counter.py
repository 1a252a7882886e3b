"""Train a counter that sees cubes, not totals (issue 28 item 2), export it for cv2.dnn, and
measure it beside the shipped counter on crops it was not trained on.

Training runs in a throwaway virtual environment with PyTorch (not a project dependency);
issue 28's third round, C = /tmp/c3/crops, one thread at nice 15 (docs/vision.md "A
counter that sees cubes")::

    python3 -m venv /tmp/torch2 && /tmp/torch2/bin/pip install torch==2.13.0 onnx
    uv run --locked python scripts/vision/make_tray_crops.py --set train --last 831 --out C
    uv run --locked python scripts/vision/make_tray_crops.py --set dev --out C
    uv run --locked python scripts/vision/make_tray_crops.py --mask-only --out C
    cd scripts/vision
    nice -n 15 /tmp/torch2/bin/python train_heatmap_counter.py train C --threads 1 \
        --init ../../vision/data/tray-counter.onnx --lr 3e-4 --minutes 35 --out /tmp/r1.onnx
    nice -n 15 /tmp/torch2/bin/python train_heatmap_counter.py train C --threads 1 \
        --init /tmp/r1.pt --lr 2e-4 --minutes 29 --report-minutes 5 --out /tmp/r2.onnx

(the crops were rendered beside the first round; set-ups rendered meanwhile join the
training at each report). The network draws, at stride 8 (11 x 21 cells of 5.3 mm), one
*centre heatmap* per colour: one unit of mass per cube, around the cube's centre as the
renderer placed it (``density`` of ``make_tray_crops.py``), so touching cubes and a cube
on another each leave their own mass; a *stack* score (the highest of a per-cell map), a
*cover* score and, per colour, a *check*: the probability that the heatmap's total,
rounded, is the count. ``--init`` starts it from the shipped counter, which has the
same features, a density head, a stack guard and a cover path.

A colour's count is its heatmap's total, rounded; the tray is *sure* when every total
lies within ``margin`` of its count, every check reaches ``check``, the stack score stays
under ``stack`` and nothing covers it (``--mirror``: read mirrored too, both reads within
the margin). The thresholds are tuned on the ``dev`` crops for two limits of
sure-but-wrong (``tune``, written beside the ONNX file), then both counters are measured
on a fresh set, read once (``measure``; its crops: ``make_tray_crops.py --set
held-out-9``)::

    uv run --locked python scripts/vision/train_heatmap_counter.py tune C /tmp/r2.onnx --mirror
    uv run --locked python scripts/vision/train_heatmap_counter.py measure F /tmp/r2.onnx

(``tune`` and ``measure`` run in the project's environment: OpenCV reads the ONNX file,
as the app would.) The input is the tray counter's: the light-corrected crop and its lift
field (``vision.tray_crops``). Issue 28's fourth round tried a second stack guard beside the
counter's own (``train-stack``: copies of the last feature layers and the stack head over
the frozen first layers; not kept, docs/vision.md)::

    nice -n 19 /tmp/torch2/bin/python train_heatmap_counter.py train-stack C --threads 1 \
        --init /tmp/r2.pt --lr 3e-4 --minutes 45 --out /tmp/c4/s2.onnx

Issue 28's sixth round trained a third counter from random weights (no ``--init``), to see
whether a counter whose errors differ helps the agreement rule (it did not:
``combine_counters.py``)::

    nice -n 15 /tmp/torch2/bin/python train_heatmap_counter.py train C --threads 1 \
        --lr 1e-3 --minutes 50 --report-minutes 12 --out /tmp/c6/scratch.onnx
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

COLOURS = 5
OUTPUTS = ("density", "stack", "cover", "check")
GRID = (11, 21)
EASY_TILT = 40.0


def make_model(pool_mask: np.ndarray, init: Path | None) -> Any:
    """The network (PyTorch), started from the shipped counter's weights when ``init`` names
    its ONNX file: its features, density head, cover path and stack guard are this
    network's, so training begins from a counter that already sees cubes."""
    import torch
    from torch import nn
    from train_tray_counter import INPUTS, tray_pools

    def conv(cin: int, cout: int, stride: int) -> nn.Sequential:
        # No batch norm: the shipped counter's is folded into its convolutions.
        return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1), nn.ReLU())

    class HeatmapCounter(nn.Module):
        """Centre heatmaps per colour, a stack score and a cover score, at stride 8."""

        def __init__(self) -> None:
            super().__init__()
            self.features = nn.Sequential(
                conv(INPUTS, 16, 2),
                conv(16, 32, 2),
                conv(32, 32, 1),
                conv(32, 32, 1),
                conv(32, 64, 2),
                conv(64, 64, 1),
                conv(64, 64, 1),
                nn.Conv2d(64, 96, 1),
                nn.ReLU(),
            )
            self.density = nn.Conv2d(96, COLOURS, 1)
            nn.init.constant_(self.density.bias, -4.0)
            outside = np.where(pool_mask > 0.05, 0.0, -30.0).astype(np.float32)[None, None]
            # Mass only inside the tray (grown 4 mm): a neighbour's cubes in the crop count 0.
            self.register_buffer("outside", torch.from_numpy(outside))
            self.stack = nn.Sequential(nn.Conv2d(96, 16, 1), nn.ReLU(), nn.Conv2d(16, 1, 1))
            self.top = nn.MaxPool2d(GRID)
            self.tray_sum, self.total = tray_pools(pool_mask)
            self.average = nn.AdaptiveAvgPool2d(1)
            self.shared = nn.Sequential(nn.Flatten(), nn.Linear(192 + COLOURS, 192), nn.ReLU())
            self.cover = nn.Linear(192, 1)
            self.check = nn.ModuleList(
                nn.Sequential(nn.Linear(193, 64), nn.ReLU(), nn.Linear(64, 1))
                for _ in range(COLOURS)
            )

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
            f = self.features(x)
            d = nn.functional.softplus(self.density(f) + self.outside)
            stack = self.top(self.stack(f) + self.outside).flatten(1)
            pooled = torch.cat([self.tray_sum(f), self.average(f), self.total(d)], 1)
            h = self.shared(pooled)
            # The checks learn from what the counter sees without changing it (detached).
            quiet = self.shared(pooled.detach()).detach()
            totals = pooled[:, -COLOURS:].flatten(1).detach()
            check = [
                head(torch.cat([quiet, totals[:, i : i + 1]], 1))
                for i, head in enumerate(self.check)
            ]
            return d, stack, self.cover(h), torch.cat(check, 1)

    model = HeatmapCounter()
    if init is not None and init.suffix == ".pt":  # an earlier round of this script
        model.load_state_dict(torch.load(init))
    elif init is not None:
        import onnx
        from onnx import numpy_helper

        graph = onnx.load(str(init)).graph
        weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
        convs = [n for n in graph.node if n.op_type == "Conv"]
        gemms = {n.input[1]: n for n in graph.node if n.op_type == "Gemm"}
        state = model.state_dict()
        targets = [f"features.{i}.0" for i in range(7)] + ["features.7", "density"]
        for name, node in zip(targets, convs, strict=False):
            state[f"{name}.weight"] = torch.from_numpy(weights[node.input[1]].copy())
            state[f"{name}.bias"] = torch.from_numpy(weights[node.input[2]].copy())
        pairs = {
            "shared.1": "counter.shared.1",
            "cover": "counter.cover",
            "stack.0": "first.score.0",
            "stack.2": "first.score.2",
        }
        for mine, theirs in pairs.items():
            for part in ("weight", "bias"):
                state[f"{mine}.{part}"] = torch.from_numpy(weights[f"{theirs}.{part}"].copy())
        for i in range(COLOURS):  # the checks start from the colour heads' first layers
            for part in ("weight", "bias"):
                got = weights[f"counter.colour_heads.{i}.0.{part}"].copy()
                state[f"check.{i}.0.{part}"] = torch.from_numpy(got)
        state["tray_sum.weight"] = torch.from_numpy(weights["counter.tray_sum.weight"].copy())
        assert "counter.shared.1.weight" in gemms
        model.load_state_dict(state)
    return model


def train(args: argparse.Namespace) -> None:
    """Teach the heatmaps (and the stack and cover scores) on the ``train`` crops, reporting
    the ``dev`` figures every ``--report-minutes``; set-ups rendered meanwhile join in."""
    import torch
    from torch import nn
    from train_tray_counter import augment, learning_rate, load, to_tensor

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    model = make_model(np.load(args.crops / "tray-mask.npy"), args.init)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=1e-4)
    gen = torch.Generator().manual_seed(1)
    rng = np.random.default_rng(2)
    seen: set[Path] = set()
    data: dict[str, np.ndarray] = {}
    dev = load_set(args.crops, "dev")
    print(f"dev: {len(dev['crops'])} crops; step 0: {dev_figures(model, dev)}", flush=True)
    start, step, report, running, runs = time.time(), 0, time.time(), 0.0, 0
    parts = np.zeros(2)
    budget = 60 * args.minutes
    while (progress := (time.time() - start) / budget) < 1:
        if step == 0 or time.time() - report > 60 * args.report_minutes:
            if step:
                print(
                    f"step {step} ({time.time() - start:.0f} s, {len(data['crops'])} crops): "
                    f"loss {running / max(1, runs):.4f} (heatmap, totals "
                    f"{np.round(parts / max(1, runs), 4).tolist()}); dev {dev_figures(model, dev)}",
                    flush=True,
                )
                torch.save(model.state_dict(), args.out.with_suffix(".pt"))
                report, running, runs, parts = time.time(), 0.0, 0, np.zeros(2)
            settled = time.time() - 30  # not a file still being written
            new = [
                p
                for p in sorted(args.crops.glob("train-*.npz"))
                if p not in seen and "-stacked" not in p.name and p.stat().st_mtime < settled
            ]
            seen.update(new)
            if new:
                more = load(new)
                more["stacked"] = np.concatenate([np.load(p)["stacked"] for p in new])
                data = {k: np.concatenate([data[k], more[k]]) if data else more[k] for k in more}
        for group in opt.param_groups:
            group["lr"] = learning_rate(progress, args.lr, warm=0.05, floor=0.01)
        idx = rng.integers(len(data["crops"]), size=args.batch)
        want = torch.from_numpy(data["density"][idx].astype(np.float32))
        x, want = augment(data["crops"][idx], data["lift"][idx], want, gen)
        counts = torch.from_numpy(data["counts"][idx].astype(np.float32))
        hand = torch.from_numpy(data["hand"][idx])
        stacked = torch.from_numpy(data["stacked"][idx]).float()
        dens, stack, cover, check = model(x)
        seen_t = (~hand).float()
        totals = dens.detach().sum((2, 3))
        right = (torch.round(totals) == counts).float()
        local = ((dens - want) ** 2).sum((1, 2, 3))
        total = nn.functional.smooth_l1_loss(dens.sum((2, 3)), counts, reduction="none", beta=0.2)
        loss = (
            (seen_t * (args.local * local + total.sum(1))).mean()
            + nn.functional.binary_cross_entropy_with_logits(stack[:, 0], stacked)
            + 0.5 * nn.functional.binary_cross_entropy_with_logits(cover[:, 0], hand.float())
            + (
                seen_t[:, None]
                * nn.functional.binary_cross_entropy_with_logits(check, right, reduction="none")
            ).mean()
        )
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(params, 5.0)
        opt.step()
        running, runs = running + float(loss.detach()), runs + 1
        parts += np.array([float(local.mean()), float(total.sum(1).mean())])
        step += 1
    print(f"step {step} ({time.time() - start:.0f} s): dev {dev_figures(model, dev)}", flush=True)
    torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    model.eval()
    dummy = to_tensor(data["crops"][:2], data["lift"][:2])
    torch.onnx.export(
        model,
        (dummy,),
        str(args.out),
        input_names=["crops"],
        output_names=list(OUTPUTS),
        dynamic_axes={name: {0: "n"} for name in ("crops", *OUTPUTS)},
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {args.out} after {step} steps", flush=True)


def dev_figures(model: Any, dev: dict[str, np.ndarray]) -> str:
    """Exact and sure shares of the dev crops (PyTorch's reading, during training)."""
    import torch
    from train_tray_counter import to_tensor

    model.eval()
    parts: list[list[np.ndarray]] = [[], [], [], []]
    with torch.no_grad():
        for i in range(0, len(dev["crops"]), 256):
            d, s, c, k = model(to_tensor(dev["crops"][i : i + 256], dev["lift"][i : i + 256]))
            for part, value in zip(
                parts,
                (
                    d.sum((2, 3)),
                    torch.sigmoid(s[:, 0]),
                    torch.sigmoid(c[:, 0]),
                    torch.sigmoid(k).min(1).values,
                ),
                strict=True,
            ):
                part.append(value.numpy())
    model.train()
    got = {
        key: np.concatenate(p)
        for key, p in zip(("totals", "stack", "cover", "check"), parts, strict=True)
    }
    counts, _ = verdicts(got, 0.5, 1.0, 0.0)
    right = (counts == dev["counts"]).all(1)
    easy = easy_mask(dev)
    best = best_thresholds(got, dev)
    return (
        f"exact easy {100 * right[easy].mean():.1f} %, stacked "
        f"{100 * right[dev['stacked'] & ~dev['hand']].mean():.1f} %; "
        f"sure easy {best[0]:.1f} % at margin {best[1]}, stack {best[2]}, check {best[3]} "
        "(<= 0.5 % wrong)"
    )


def easy_mask(data: dict[str, np.ndarray]) -> np.ndarray:
    """Trays at tilt <= 40 degrees, in good light (not dim), without a hand."""
    return (data["tilt"] <= EASY_TILT) & (data["light_condition"] != "dim") & ~data["hand"]


MARGINS = (0.1, 0.15, 0.2, 0.3, 0.5)
STACKS = (0.05, 0.1, 0.2, 0.3, 0.5, 1.01)
CHECKS = (0.0, 0.5, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.998)


def best_thresholds(
    got: dict[str, np.ndarray], data: dict[str, np.ndarray], limit: float = 0.005
) -> tuple[float, float, float, float]:
    """(sure % of easy trays, margin, stack, check) with most easy trays sure while at
    most ``limit`` of the sure hand-free trays, and of the sure easy trays, are wrong."""
    best = (0.0, 0.0, 0.0, 0.0)
    free, easy = ~data["hand"], easy_mask(data)
    for margin in MARGINS:
        for stack in STACKS:
            for check in CHECKS:
                counts, sure = verdicts(got, margin, stack, check)
                right = (counts == data["counts"]).all(1)
                if any(
                    (sure & m & ~right).sum() > limit * max(1, (sure & m).sum())
                    for m in (free, easy)
                ):
                    continue
                cover = 100 * (sure & easy).sum() / max(1, easy.sum())
                if cover > best[0]:
                    best = (round(float(cover), 1), margin, stack, check)
    return best


def train_stack(args: argparse.Namespace) -> None:
    """Teach a second stack guard (``stack2``) on the ``train`` crops: a copy of the last
    three feature layers and the stack head, started from the trained counter (``--init``,
    its ``.pt``), over the counter's frozen first layers. Every other output of the
    network stays as it was, bit for bit; ``stack2`` learns only "a cube lies on another"
    (issue 28's fourth round: the stack guards leave most right trays unsure)."""
    import copy

    import torch
    from torch import nn
    from train_tray_counter import augment, learning_rate, load

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    base = make_model(np.load(args.crops / "tray-mask.npy"), args.init)
    model = with_second_stack(base, copy)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=1e-4)
    gen = torch.Generator().manual_seed(1)
    rng = np.random.default_rng(2)
    paths = [p for p in sorted(args.crops.glob("train-*.npz")) if "-stacked" not in p.name]
    data = load(paths)
    data["stacked"] = np.concatenate([np.load(p)["stacked"] for p in paths])
    dev = load_set(args.crops, "dev")
    print(f"{len(data['crops'])} train crops; step 0: {stack_figures(model, dev)}", flush=True)
    start, step, report, running = time.time(), 0, time.time(), 0.0
    budget = 60 * args.minutes
    while (progress := (time.time() - start) / budget) < 1:
        for group in opt.param_groups:
            group["lr"] = learning_rate(progress, args.lr, warm=0.05, floor=0.01)
        idx = rng.integers(len(data["crops"]), size=args.batch)
        want = torch.from_numpy(data["density"][idx].astype(np.float32))
        x, _ = augment(data["crops"][idx], data["lift"][idx], want, gen)
        stacked = torch.from_numpy(data["stacked"][idx]).float()
        loss = nn.functional.binary_cross_entropy_with_logits(model.stack2(x)[:, 0], stacked)
        opt.zero_grad()
        loss.backward()
        opt.step()
        running += float(loss.detach())
        step += 1
        if time.time() - report > 60 * args.report_minutes:
            print(
                f"step {step} ({time.time() - start:.0f} s): loss {running / step:.4f}; "
                f"dev {stack_figures(model, dev)}",
                flush=True,
            )
            report = time.time()
            torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    print(f"step {step}: dev {stack_figures(model, dev)}", flush=True)
    torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    model.eval()
    dummy = torch.zeros(2, 5, 84, 168)
    torch.onnx.export(
        model,
        (dummy,),
        str(args.out),
        input_names=["crops"],
        output_names=[*OUTPUTS, "stack2"],
        dynamic_axes={name: {0: "n"} for name in ("crops", *OUTPUTS, "stack2")},
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {args.out} after {step} steps", flush=True)


def with_second_stack(base: Any, copy: Any) -> Any:
    """The trained counter with a second stack guard beside its own outputs."""
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.branch = nn.Sequential(*(copy.deepcopy(base.features[i]) for i in (5, 6, 7, 8)))
            self.head = copy.deepcopy(base.stack)
            self.base = base
            for p in self.base.parameters():
                p.requires_grad_(False)

        def stack2(self, x: torch.Tensor) -> torch.Tensor:
            with torch.no_grad():
                f = self.base.features[:5](x)
            return self.base.top(self.head(self.branch(f)) + self.base.outside).flatten(1)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
            return (*self.base(x), self.stack2(x))

    return Model()


def stack_figures(model: Any, dev: dict[str, np.ndarray]) -> str:
    """How well the counter's own stack score and ``stack2`` tell stacked trays on the easy
    ``dev`` trays: the share of unstacked trays scored under the threshold that flags 95 %
    of the stacked ones (higher is better)."""
    import torch
    from train_tray_counter import to_tensor

    model.eval()
    old, new = [], []
    with torch.no_grad():
        for i in range(0, len(dev["crops"]), 256):
            x = to_tensor(dev["crops"][i : i + 256], dev["lift"][i : i + 256])
            out = model(x)
            old.append(out[1][:, 0].numpy())
            new.append(out[4][:, 0].numpy())
    model.train()
    easy = easy_mask(dev)
    got = []
    for score in (np.concatenate(old), np.concatenate(new)):
        cut = np.quantile(score[easy & dev["stacked"]], 0.05)
        got.append(100 * float((score[easy & ~dev["stacked"]] < cut).mean()))
    return f"unstacked easy trays below 95 % of the stacked: old {got[0]:.1f} %, new {got[1]:.1f} %"


# -- reading it as the app would (cv2.dnn), tuning and measuring: the project's venv --------


def read(onnx: Path, data: dict[str, np.ndarray], mirror: bool = False) -> dict[str, np.ndarray]:
    """Totals per colour (N x 5); stack, cover and least check probabilities (N); ms per
    tray on one core. ``mirror``: also read each crop mirrored (trays are symmetric) and
    keep the mean totals, the higher stack and cover, the lower check and, as ``spread``,
    how far the two reads' totals lie from the counts."""
    import cv2

    from vision.tray_crops import CROP_SIZE, lift_field

    cv2.setNumThreads(1)
    net = cv2.dnn.readNetFromONNX(str(onnx))
    parts: dict[str, list[np.ndarray]] = {k: [] for k in ("totals", "stack", "cover", "check")}
    parts["spread"] = []
    t0 = time.thread_time()
    for i in range(0, len(data["crops"]), 6):  # six trays a frame, as the reader feeds them
        crops = data["crops"][i : i + 6].astype(np.float32)
        lift = data["lift"][i : i + 6]
        x = ((crops / 255.0 - 0.5) / 0.25).transpose(0, 3, 1, 2)
        x = np.concatenate([x, np.stack([lift_field(*v) for v in lift])], 1)
        if mirror:
            turned = [lift_field(s, CROP_SIZE[0] - 1 - u, v) for s, u, v in lift]
            x = np.concatenate([x, np.concatenate([x[:, :3, :, ::-1], np.stack(turned)], 1)])
        net.setInput(np.ascontiguousarray(x))
        d, s, c, k = net.forward(list(OUTPUTS))
        n = len(crops)
        totals = d.sum((2, 3)).reshape(-1, n, COLOURS)
        mean = totals.mean(0)
        parts["totals"].append(mean)
        parts["spread"].append(np.abs(totals - np.rint(mean)).max((0, 2)))
        parts["stack"].append((1 / (1 + np.exp(-s[:, 0]))).reshape(-1, n).max(0))
        parts["cover"].append((1 / (1 + np.exp(-c[:, 0]))).reshape(-1, n).max(0))
        parts["check"].append((1 / (1 + np.exp(-k))).min(1).reshape(-1, n).min(0))
    ms = 1000 * (time.thread_time() - t0) / max(1, len(data["crops"]))
    return {**{k: np.concatenate(v) for k, v in parts.items()}, "ms": np.array(ms)}


def verdicts(
    got: dict[str, np.ndarray], margin: float, stack: float, check: float
) -> tuple[np.ndarray, ...]:
    """(counts, sure) of every crop under the thresholds: a colour's count is its heatmap's
    total rounded; sure when every total is within ``margin`` of its count, every colour's
    check at least ``check``, the stack score under ``stack`` and nothing covers it."""
    counts = np.rint(got["totals"]).clip(0, None)
    off = got["spread"] if "spread" in got else np.abs(got["totals"] - counts).max(1)
    sure = (off <= margin) & (got["check"] >= check) & (got["stack"] < stack) & (got["cover"] < 0.5)
    return counts, sure


def shipped(data: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, float]:
    """The shipped counter's counts and sureness (as the reader decides) on the crops."""
    import cv2

    from vision.counter import CubeCounter
    from vision.geometry import COLOURS as NAMES
    from vision.geometry import load_board

    cv2.setNumThreads(1)
    counter = CubeCounter(load_board("control-board"))
    counts, sure = [], []
    t0 = time.thread_time()
    for i in range(0, len(data["crops"]), 6):
        crops = {k: c for k, c in enumerate(data["crops"][i : i + 6])}
        lifts = {k: tuple(float(v) for v in lift) for k, lift in enumerate(data["lift"][i : i + 6])}
        for r in counter.read(crops, lifts):  # type: ignore[arg-type]
            counts.append([r.counts[c] for c in NAMES])
            sure.append(
                min(r.confidence.values()) >= counter.model.threshold
                and not r.occluded
                and not r.stack_suspect
            )
    ms = 1000 * (time.thread_time() - t0) / max(1, len(data["crops"]))
    return np.array(counts), np.array(sure), ms


def load_set(folder: Path, prefix: str) -> dict[str, np.ndarray]:
    """Every ``{prefix}-{k}.npz`` of ``folder`` (``make_tray_crops.py``), concatenated."""
    paths = sorted(
        p
        for p in folder.glob(f"{prefix}-*.npz")
        if p.stem.split("-")[-1].isdigit() and p.stem[: -len(p.stem.split("-")[-1]) - 1] == prefix
    )
    keys = ("crops", "counts", "hand", "lift", "tilt", "stacked", "light_condition")
    parts: dict[str, list[np.ndarray]] = {k: [] for k in keys}
    for path in paths:
        with np.load(path) as data:
            for key in keys:
                parts[key].append(data[key])
    return {k: np.concatenate(v) for k, v in parts.items()}


BANDS = ((0, 2), (3, 4), (5, 6), (7, 99))
"""Cubes in a tray (all colours), as issue 28 reports the counter's accuracy."""


def figures(data: dict[str, np.ndarray], counts: np.ndarray, sure: np.ndarray) -> dict[str, Any]:
    """Exact, sure and sure-but-wrong shares: easy trays, all, no hands, a hand over the
    tray, stacked, and easy trays by how many cubes they hold."""
    right = (counts == data["counts"]).all(1)
    easy, free = easy_mask(data), ~data["hand"]
    cubes = data["counts"].sum(1)

    def share(mask: np.ndarray) -> dict[str, Any]:
        s = sure & mask
        return {
            "trays": int(mask.sum()),
            "exact %": round(100 * (right & mask).sum() / max(1, mask.sum()), 1),
            "sure %": round(100 * s.sum() / max(1, mask.sum()), 1),
            "sure but wrong": int((s & ~right).sum()),
            "sure but wrong %": round(100 * (s & ~right).sum() / max(1, s.sum()), 2),
        }

    out = {
        "easy (tilt <= 40, not dim, no hands)": share(easy),
        "all trays": share(np.ones_like(free)),
        "no hands": share(free),
        "a hand over the tray": share(~free),
        "stacked, no hands": share(data["stacked"] & free),
    }
    for low, high in BANDS:
        out[f"easy, {low}-{high} cubes"] = share(easy & (cubes >= low) & (cubes <= high))
    return out


LIMITS = (0.002, 0.005)
"""Sure-but-wrong limits on dev: one operating point each (the follow bench's 0.2 % and
the counting-from-scratch target's 0.5 %), both fixed before a held-out set is read."""


def tune(args: argparse.Namespace) -> None:
    """Choose margin, stack and check on the dev crops for each of :data:`LIMITS`: the most
    easy trays sure while at most that share of the sure hand-free trays are wrong; written
    beside the ONNX file."""
    data = load_set(args.crops, "dev")
    got = read(args.onnx, data, args.mirror)
    points = {}
    for limit in LIMITS:
        sure_easy, margin, stack, check = best_thresholds(got, data, limit)
        points[str(limit)] = {"margin": margin, "stack": stack, "check": check}
        counts, sure = verdicts(got, margin, stack, check)
        print(f"<= {100 * limit:.1f} % wrong on dev: {points[str(limit)]}, sure easy {sure_easy} %")
        print(json.dumps(figures(data, counts, sure)))
    args.onnx.with_suffix(".json").write_text(
        json.dumps(
            {
                "points": points,
                "mirror": args.mirror,
                "tuned_on": f"dev, {len(data['crops'])} crops",
            }
        ),
        "utf-8",
    )


def measure(args: argparse.Namespace) -> None:
    """Both counters on a set of crops (read it once: it is a held-out set): the heatmap
    counter at each operating point tuned on dev, the shipped one as the reader decides."""
    data = load_set(args.crops, args.prefix)
    tuned = json.loads(args.onnx.with_suffix(".json").read_text("utf-8"))
    got = read(args.onnx, data, tuned["mirror"])
    out: dict[str, Any] = {"crops": len(data["crops"]), "mirror": tuned["mirror"]}
    for limit, point in tuned["points"].items():
        counts, sure = verdicts(got, point["margin"], point["stack"], point["check"])
        out[f"heatmap counter, tuned to <= {100 * float(limit):.1f} % wrong on dev"] = figures(
            data, counts, sure
        )
    old_counts, old_sure, old_ms = shipped(data)
    out["shipped counter"] = figures(data, old_counts, old_sure)
    print(json.dumps(out, indent=1))
    print(
        f"ms per tray (one core): heatmap {float(got['ms']):.2f}, shipped {old_ms:.2f}; "
        f"heatmap file {args.onnx.stat().st_size / 1e6:.2f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("train")
    t.add_argument("crops", type=Path)
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--minutes", type=float, default=40)
    t.add_argument("--threads", type=int, default=1)
    t.add_argument("--batch", type=int, default=48)
    t.add_argument("--lr", type=float, default=3e-4, help="peak learning rate")
    t.add_argument(
        "--init",
        type=Path,
        help="start from the shipped counter (its ONNX file) or an earlier round (.pt)",
    )
    t.add_argument("--local", type=float, default=10.0, help="weight of the heatmap loss")
    t.add_argument("--report-minutes", type=float, default=4.0)
    for name in ("tune", "measure"):
        s = sub.add_parser(name)
        s.add_argument("crops", type=Path)
        s.add_argument("onnx", type=Path)
        s.add_argument("--prefix", default="held-out-9")
        s.add_argument("--mirror", action="store_true", help="also read mirrored (tune)")
    k = sub.add_parser("train-stack")
    k.add_argument("crops", type=Path)
    k.add_argument("--init", type=Path, required=True, help="the trained counter's .pt")
    k.add_argument("--out", type=Path, required=True)
    k.add_argument("--minutes", type=float, default=40)
    k.add_argument("--threads", type=int, default=1)
    k.add_argument("--batch", type=int, default=48)
    k.add_argument("--lr", type=float, default=3e-4, help="peak learning rate")
    k.add_argument("--report-minutes", type=float, default=5.0)
    args = parser.parse_args()
    what = {"train": train, "tune": tune, "measure": measure, "train-stack": train_stack}
    what[args.what](args)


if __name__ == "__main__":
    sys.exit(main())
