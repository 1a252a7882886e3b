"""Train a selector for the tray counter: one score per tray, "these counts are exact".

Issue 11's seventh round (docs/vision.md "The selector"): measured, **not shipped**.
The counter is exact on about three trays in four, but the shipped rule (every
colour's top probability at least a threshold, neither guard firing) keeps about one
in eight of the coverage set sure, so a selector was taught to rank the trays with
everything the network says about each at once. At equal safety on set-ups no part of
the network learnt from it ranked no better than the least sure colour and the guards;
this script stays to repeat the measurement. Runs in the trainer's throwaway PyTorch
environment (the figures in the docs)::

    uv run --locked python scripts/vision/make_tray_crops.py --set train --first 4100 \\
        --last 4700 --out /tmp/crops
    uv run --locked python scripts/vision/make_tray_crops.py --set dev --cache /tmp/frames \\
        --out /tmp/dev
    /tmp/torch/bin/python scripts/vision/train_selector.py --mask /tmp/crops/tray-mask.npy \\
        --counter counter.pt --stack-guard stack.guard.pt --miscount-guard miscount.guard.pt \\
        --train /tmp/crops/train-4[1-4]*.npz /tmp/crops/train-stacked-2[89]*.npz \\
        /tmp/crops/train-stacked-30[0-4]*.npz \\
        --tune /tmp/dev/dev-*.npz /tmp/crops/train-45*.npz /tmp/crops/train-stacked-30[5-9]*.npz \\
        --check /tmp/crops/train-46*.npz /tmp/crops/train-stacked-3[12]*.npz \\
        --guards --out /tmp/selector.onnx

(``train-stacked-*``: the sixth round's stacked set-ups, ``train_stack_guard.py``; the
counter's weights are the fourth round's, shipped since, and the guards' those of the
fifth and sixth rounds, all kept outside the repository and frozen.) Every set-up used
is one none of them learnt from (the counter: ``train`` 0-2 399; the guards: 0-1 199 and
the stacked 2 400-2 799).

Inputs per tray, all from one pass of the network: each colour's top count
probability (as log-odds), its second's log, the entropy and the expected count; the
least sure colour; the cover, stack guard and miscount guard logits; the lift's scale
(the camera's tilt and height), read back from the input's lift channel; and
(``--head``) a small head on the counter's frozen 11 x 21 x 96 features (3 x 3,
96 -> 16), pooled by its highest and its mean over the tray's area. A two-layer net
(-> 32 -> 1) gives the score's logit, taught on hand-free trays (those whose least sure
colour reaches ``--min-confidence``, and with ``--guards`` that neither guard flags),
the label "all five counts exact" (a missed stacked cube is a wrong count). The exported
network's outputs: ``logits``, ``stack``, ``miscount`` exactly as before, and
``selector`` (the logit).

The threshold: on the ``--tune`` trays, the lowest score at which no tray read surely
(gated, score reached, no cover) is wrong, the miss probability it allows halved for a
margin. The old rule and the new on every set, and the new at fixed scores, are
printed; ``--check`` is never tuned on.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).parent))
from train_stack_guard import CounterWithGuard, StackGuard
from train_tray_counter import CROP_H, CROP_W, INPUTS, MAX_COUNT, TrayCounter, to_tensor

COLOURS = 5
SUMMARY = 4 * COLOURS + 5
"""Summary inputs: 4 per colour, then least sure colour, cover, stack, miscount, lift."""
COVER_THRESHOLD = 0.1
OLD_RULE = (0.996, 0.0383, 0.000446)
"""The sixth round's rule: counter threshold, stack and miscount guard thresholds."""
GOOD_LIGHTS = ("neutral", "warm", "cool", "mixed")


def summary(
    logits: torch.Tensor, stack: torch.Tensor, miscount: torch.Tensor, scale: torch.Tensor
) -> torch.Tensor:
    """N x SUMMARY inputs from the network's outputs and the lift's scale."""
    probs = logits[:, :-1].reshape(-1, COLOURS, MAX_COUNT + 1).softmax(2)
    top = probs.topk(2, dim=2).values
    p1, p2 = top[..., 0], top[..., 1]
    sure = torch.log(p1 + 1e-6) - torch.log(1 - p1 + 1e-6)
    entropy = -(probs * torch.log(probs + 1e-9)).sum(2)
    counts = torch.arange(MAX_COUNT + 1, dtype=probs.dtype)
    expected = (probs * counts).sum(2) / 4
    least = sure.min(1, keepdim=True).values
    return torch.cat(
        [
            sure,
            torch.log(p2 + 1e-6),
            entropy,
            expected,
            least,
            logits[:, -1:].clamp(-20, 20),
            stack.clamp(-20, 20),
            miscount.clamp(-20, 20),
            scale * 10,
        ],
        1,
    )


class Selector(nn.Module):
    """Score logit from the summary inputs and (``head``) the pooled frozen features."""

    def __init__(self, pool_mask: np.ndarray, head: bool) -> None:
        super().__init__()
        self.head = nn.Sequential(nn.Conv2d(96, 16, 3, padding=1), nn.ReLU()) if head else None
        inside = (pool_mask > 0.05).astype(np.float32)
        self.register_buffer("outside", torch.from_numpy((inside - 1) * 30)[None, None])
        self.register_buffer("weights", torch.from_numpy(inside / inside.sum())[None, None])
        self.top = nn.MaxPool2d(pool_mask.shape)
        self.register_buffer("mean", torch.zeros(SUMMARY))
        self.register_buffer("std", torch.ones(SUMMARY))
        self.net = nn.Sequential(
            nn.Linear(SUMMARY + (32 if head else 0), 32), nn.ReLU(), nn.Linear(32, 1)
        )

    def forward(self, f: torch.Tensor | None, s: torch.Tensor) -> torch.Tensor:
        parts = [(s - self.mean) / self.std]
        if self.head is not None and f is not None:
            h = self.head(f)
            parts += [self.top(h + self.outside).flatten(1), (h * self.weights).sum((2, 3))]
        return self.net(torch.cat(parts, 1))


class Exported(nn.Module):
    """The shipped network: the counter, its two guards and the selector."""

    def __init__(self, both: CounterWithGuard, selector: Selector) -> None:
        super().__init__()
        self.both, self.selector = both, selector

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        f = self.both.counter.features(x)
        logits = self.both.counts(f)
        assert self.both.first is not None
        stack, miscount = self.both.first(f), self.both.guard(f)
        scale = (x[:, 3:4, 0, 1] - x[:, 3:4, 0, 0]) * 16  # the lift field is s (u - fu) / 16
        s = summary(logits, stack, miscount, scale)
        return logits, stack, miscount, self.selector(f, s)


def network(args: argparse.Namespace) -> CounterWithGuard:
    mask = np.load(args.mask)
    counter = TrayCounter(mask)
    counter.load_state_dict(torch.load(args.counter, map_location="cpu"))
    stack, miscount = StackGuard(mask), StackGuard(mask, wide=True)
    stack.load_state_dict(torch.load(args.stack_guard, map_location="cpu"))
    miscount.load_state_dict(torch.load(args.miscount_guard, map_location="cpu"))
    return CounterWithGuard(counter, miscount, stack).eval()


def trays(both: CounterWithGuard, path: Path, cache: Path, maps: bool) -> dict[str, np.ndarray]:
    """Every tray of a crop file: summary inputs, outputs, truth, conditions (cached)."""
    target = cache / path.name
    if target.exists():
        with np.load(target) as data:
            if not maps or "maps" in data.files:
                return {k: data[k] for k in data.files if maps or k != "maps"}
    with np.load(path) as data:
        arrays = dict(data)
    n = len(arrays["counts"])
    stacked = (
        arrays["stacked"]
        if "stacked" in arrays
        else np.load(path.with_suffix(".stacked.npy"))
        if path.with_suffix(".stacked.npy").exists()
        else np.zeros(n, bool)
    )
    out: dict[str, list[np.ndarray]] = {k: [] for k in ("summary", "logits", "maps")}
    with torch.no_grad():
        for at in range(0, n, 64):
            x = to_tensor(arrays["crops"][at : at + 64], arrays["lift"][at : at + 64])
            f = both.counter.features(x)
            logits = both.counts(f)
            assert both.first is not None
            stack, miscount = both.first(f), both.guard(f)
            scale = torch.from_numpy(arrays["lift"][at : at + 64, :1]).float()
            out["summary"].append(summary(logits, stack, miscount, scale).numpy())
            out["logits"].append(torch.cat([logits, stack, miscount], 1).numpy().astype(np.float32))
            if maps:
                out["maps"].append(f.half().numpy())
    got = {k: np.concatenate(v) for k, v in out.items() if v}
    name = path.stem
    light = str(arrays["light_condition"][0]) if "light_condition" in arrays else None
    got.update(
        truth=np.clip(arrays["counts"], 0, MAX_COUNT),
        hand=arrays["hand"],
        tilt=arrays["tilt"],
        stacked=stacked,
        unsure=arrays.get("unsure", np.zeros(n, bool)),
        setup=np.full(n, int(name[-4:])),
        kind=np.full(n, name[:-5]),
        **{
            key: arrays.get(f"{key}_condition", np.full(n, "?" if light is None else ""))
            for key in ("light", "blur", "floor", "hand")
            if key != "hand"
        },
        hand_condition=arrays.get("hand_condition", np.where(arrays["hand"], "?", "none")),
    )
    if light is None:  # a file made before conditions were saved: the light from k
        kinds = ("warm", "cool", "mixed", "neutral", "dim")  # table_render.LIGHT_KINDS
        got["light"] = np.full(n, kinds[int(name[-4:]) % len(kinds)])
    cache.mkdir(parents=True, exist_ok=True)
    np.savez(target, **got)
    return got


def gather(both: CounterWithGuard, paths: list[Path], cache: Path, maps: bool) -> dict:
    parts = [trays(both, p, cache, maps) for p in paths]
    keys = set.intersection(*(set(p) for p in parts))
    return {k: np.concatenate([p[k] for p in parts]) for k in keys}


def exact(data: dict) -> np.ndarray:
    logits = data["logits"][:, : COLOURS * (MAX_COUNT + 1)].reshape(-1, COLOURS, MAX_COUNT + 1)
    return (logits.argmax(2) == data["truth"]).all(1)


def old_sure(data: dict) -> np.ndarray:
    logits = torch.from_numpy(data["logits"]).double()
    probs = logits[:, :-3].reshape(-1, COLOURS, MAX_COUNT + 1).softmax(2).numpy()
    cover, stack, miscount = (1 / (1 + np.exp(-data["logits"][:, i])) for i in (-3, -2, -1))
    thr, st, mc = OLD_RULE
    return (
        (probs.max(2).min(1) >= thr)
        & (cover < COVER_THRESHOLD)
        & (stack < st)
        & (miscount < mc)
        & ~data["unsure"]
    )


def least_sure(data: dict) -> np.ndarray:
    """Each tray's least sure colour: the top count probability of its worst colour."""
    logits = torch.from_numpy(data["logits"][:, : COLOURS * (MAX_COUNT + 1)]).double()
    return logits.reshape(-1, COLOURS, MAX_COUNT + 1).softmax(2).amax(2).amin(1).numpy()


def gate(data: dict, min_confidence: float, guards: bool) -> np.ndarray:
    """The trays the selector may call sure: least sure colour at least ``min_confidence``
    and (``guards``) neither guard at its sixth-round threshold."""
    keep = least_sure(data) >= min_confidence
    if guards:
        stack, miscount = (1 / (1 + np.exp(-data["logits"][:, i])) for i in (-2, -1))
        keep &= (stack < OLD_RULE[1]) & (miscount < OLD_RULE[2])
    return keep


def not_covered(data: dict) -> np.ndarray:
    cover = 1 / (1 + np.exp(-data["logits"][:, -3]))
    return (cover < COVER_THRESHOLD) & ~data["unsure"]


def scores(selector: Selector, data: dict, allowed: np.ndarray) -> np.ndarray:
    """The selector's probability per tray; 0 where ``allowed`` is false."""
    out = np.zeros(len(allowed))
    out[allowed] = raw_scores(
        selector, {k: data[k][allowed] for k in ("summary", "maps") if k in data}
    )
    return out


def raw_scores(selector: Selector, data: dict) -> np.ndarray:
    selector.eval()
    with torch.no_grad():
        out = []
        for at in range(0, len(data["summary"]), 1024):
            f = (
                torch.from_numpy(data["maps"][at : at + 1024]).float()
                if selector.head is not None
                else None
            )
            s = torch.from_numpy(data["summary"][at : at + 1024]).float()
            out.append(selector(f, s).flatten().numpy())
    return 1 / (1 + np.exp(-np.concatenate(out).astype(np.float64)))


def coverage_set(data: dict) -> np.ndarray:
    """Up to 40 deg, good light, no hand (the frame's hand condition when known)."""
    return (
        (data["tilt"] < 40)
        & np.isin(data["light"], GOOD_LIGHTS)
        & ~data["hand"]
        & np.isin(data["hand_condition"], ["none", "?"])
    )


def report(name: str, data: dict, sure: np.ndarray) -> str:
    right = exact(data)
    wrong = sure & ~right
    cov = coverage_set(data)
    bands = []
    for low in (20, 30, 40, 50):
        m = (data["tilt"] >= low) & (data["tilt"] < low + 10)
        bands.append(f"{low}-{low + 10}: {sure[m].sum()}/{wrong[m].sum()}")
    return (
        f"{name}: {len(sure)} trays, {sure.sum()} sure, {wrong.sum()} wrong "
        f"({100 * wrong.sum() / max(sure.sum(), 1):.2f} %), coverage set "
        f"{100 * sure[cov].mean():.1f} % of {cov.sum()}; stacked sure/wrong "
        f"{(sure & data['stacked']).sum()}/{(wrong & data['stacked']).sum()}; "
        f"by tilt sure/wrong {', '.join(bands)}"
    )


def worst_rate(data: dict, sure: np.ndarray) -> float:
    """The highest share of sure trays wrong in any tilt band, light, hand, blur, floor."""
    wrong = sure & ~exact(data)
    worst = 0.0
    band = np.minimum((data["tilt"] - 20) // 10, 3)
    for values in (band, data["light"], data["hand_condition"], data["blur"], data["floor"]):
        for v in np.unique(values):
            m = values == v
            worst = max(worst, 100 * wrong[m].sum() / max(sure[m].sum(), 1))
    return worst


def tune(score_sets: list[tuple[dict, np.ndarray]], margin: float) -> float:
    """The lowest score at which no sure tray of any set is wrong, its miss odds / margin
    (the scores are 0 outside the gate)."""
    highest_wrong = 0.0
    for data, score in score_sets:
        bad = not_covered(data) & ~exact(data)
        if bad.any():
            highest_wrong = max(highest_wrong, float(score[bad].max()))
    return 1 - (1 - highest_wrong) / margin


def train(selector: Selector, data: dict, args: argparse.Namespace) -> None:
    keep = ~data["hand"] & gate(data, args.min_confidence, args.guards)
    s = torch.from_numpy(data["summary"][keep]).float()
    y = torch.from_numpy(exact(data)[keep]).float()
    selector.mean.copy_(s.mean(0))
    selector.std.copy_(s.std(0).clamp(min=1e-3))
    maps = torch.from_numpy(data["maps"][keep]) if selector.head is not None else None
    print(f"{len(y)} training trays, {int(y.sum())} exact", flush=True)
    weight = torch.where(y > 0.5, 1.0, args.negative_weight)
    opt = torch.optim.AdamW(selector.parameters(), lr=args.lr, weight_decay=1e-3)
    steps = args.epochs * ((len(y) + 255) // 256)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, args.lr, total_steps=steps)
    for epoch in range(args.epochs):
        selector.train()
        order = torch.randperm(len(y))
        total = 0.0
        for at in range(0, len(order), 256):
            batch = order[at : at + 256]
            f = None if maps is None else maps[batch].float()
            loss = nn.functional.binary_cross_entropy_with_logits(
                selector(f, s[batch]).flatten(), y[batch], weight=weight[batch]
            )
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(batch)
        print(f"epoch {epoch + 1}: loss {total / len(y):.4f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mask", type=Path, required=True)
    parser.add_argument("--counter", type=Path, required=True)
    parser.add_argument("--stack-guard", type=Path, required=True)
    parser.add_argument("--miscount-guard", type=Path, required=True)
    parser.add_argument("--train", type=Path, nargs="+", required=True)
    parser.add_argument("--tune", type=Path, nargs="+", required=True)
    parser.add_argument("--check", type=Path, nargs="+", default=[])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/selector-cache"))
    parser.add_argument("--head", action="store_true", help="a head on the frozen features")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--margin", type=float, default=2.0)
    parser.add_argument(
        "--min-confidence",
        type=float,
        default=0.9,
        help="only trays whose least sure colour reaches this are learnt from and may be sure",
    )
    parser.add_argument(
        "--guards", action="store_true", help="and only trays neither guard flags (sixth round)"
    )
    parser.add_argument(
        "--negative-weight", type=float, default=5.0, help="weight of a wrong tray in the loss"
    )
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    both = network(args)
    selector = Selector(np.load(args.mask), args.head)
    train(selector, gather(both, args.train, args.cache, args.head), args)
    tune_sets = {p.stem[:-5]: [] for p in args.tune}
    for p in args.tune:
        tune_sets[p.stem[:-5]].append(p)
    tuned = [(name, gather(both, ps, args.cache, args.head)) for name, ps in tune_sets.items()]
    allowed = {name: gate(data, args.min_confidence, args.guards) for name, data in tuned}
    scored = [(data, scores(selector, data, allowed[name])) for name, data in tuned]
    threshold = tune(scored, args.margin)
    print(f"selector threshold {threshold:.6f}")
    check_sets = {p.stem[:-5]: [] for p in args.check}
    for p in args.check:
        check_sets[p.stem[:-5]].append(p)
    checked = [(name, gather(both, ps, args.cache, args.head)) for name, ps in check_sets.items()]
    for label, group in (("tuned on", tuned), ("never tuned on", checked)):
        for name, data in group:
            score = scores(selector, data, gate(data, args.min_confidence, args.guards))
            new = (score >= threshold) & not_covered(data)
            print(f"[{label}] old rule {report(name, data, old_sure(data))}")
            print(f"[{label}] new rule {report(name, data, new)}")
            print(
                f"    worst condition wrong %: old {worst_rate(data, old_sure(data)):.2f}, "
                f"new {worst_rate(data, new):.2f}"
            )
            for t in (0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.998, 0.999):
                sure = (score >= t) & not_covered(data)
                print(f"    at {t}: {report(name, data, sure)}")
    torch.save(selector.state_dict(), args.out.with_suffix(".selector.pt"))
    exported = Exported(both, selector).eval()
    torch.onnx.export(
        exported,
        torch.zeros(1, INPUTS, CROP_H, CROP_W),
        str(args.out),
        input_names=["crop"],
        output_names=["logits", "stack", "miscount", "selector"],
        opset_version=13,
        dynamo=False,
    )
    args.out.with_suffix(".selector.json").write_text(
        json.dumps({"selector_threshold": round(threshold, 6)}) + "\n", "utf-8"
    )
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
