"""Tune the tray counter's temperature and thresholds on the dev set; write its JSON.

    uv run --locked python scripts/vision/tune_counter.py vision/data/tray-counter.onnx \\
        --cache /tmp/frames

Every dev frame (``vision.table_sets.DEV``, never the held-out set) is registered
and cut into tray crops exactly as the reader does; the network reads each crop
(plain and mirrored). Then:

* the temperature is the one that makes the probabilities honest on dev
  (lowest negative log-likelihood of the true counts, hands excluded);
* the cover threshold and the confidence threshold are the lowest that keep the
  trays read surely and wrong at or under ``--target`` (default 0.15 %) in every
  tilt band, light, hand condition (none, at the edge, over a tray), blur and
  tray floor on dev: a margin under the 0.5 % the held-out set must meet.

A counter with a stack guard (``--stack-guard``; ``scripts/vision/train_stack_guard.py``)
has its guard threshold set first: the stack probability that the guard reaches on
``--stack-recall`` (default 98 %) of the hand-free dev trays that hold a stacked cube;
trays it flags are never sure, and the thresholds above are then tuned with it, or,
with ``--threshold`` (as for the shipped counter), the confidence threshold is kept as
tuned before and the guard only takes trays away from the sure ones.

A counter with a miscount guard too (``--miscount-apart FILES``: crop files of train
set-ups no counter or guard was trained on, ``make_tray_crops.py --arrangement stacked``)
has that guard's threshold set last, with the counter's thresholds kept: the highest
value at which no tray read surely is wrong, neither on dev nor in those files, divided
by ``--miscount-margin`` (default 2). Dev alone cannot set it: no stacked dev tray
reaches the counter's threshold.

Writes ``tray-counter.json`` beside the model (model file, temperature,
thresholds, mirror) and prints the dev figures.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.counter import MAX_COUNT, CounterModel, CubeCounter, softmax
from vision.geometry import COLOURS, load_board, load_tokens
from vision.registration import FiducialFinder
from vision.table_sets import DEV, walk
from vision.tray_crops import CROP_SIZE, camera_pose, tray_crops, tray_lifts

CONDITIONS = ("tilt", "light", "hand", "blur", "floor")
"""Every value of each must keep the trays read surely and wrong under the target."""


def collect(
    model_path: Path,
    cache: Path | None,
    setups: int | None,
    lift: bool,
    guard: bool = False,
    miscount: bool = False,
) -> dict[str, np.ndarray]:
    board, tokens = load_board("control-board"), load_tokens()
    finder = FiducialFinder([board])
    model = CounterModel(
        model_path, 1.0, 0.0, 2.0, False, lift, 1.0 if guard else None, 1.0 if miscount else None
    )
    plain = CubeCounter(board, model)
    keys = ("logits", "mirrored", "stack", "miscount", "truth", "covered", "stacked", *CONDITIONS)
    rows: dict[str, list] = {k: [] for k in keys}
    for item in walk(DEV, board, tokens, cache=cache, setups=setups):
        cond = item.setup.conditions()
        for image, truth in item.frames:
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            found = finder.detect(grey)
            reg = finder.register(grey, found, board)
            if reg is None or reg.unsure:
                continue
            crops = tray_crops(image, found, reg, board)
            lifts = tray_lifts(board, camera_pose(reg, (image.shape[1], image.shape[0])))
            sides = sorted(crops)
            plain_lifts = [lifts[s] for s in sides]
            logits, stack, wrong = plain.outputs([crops[s] for s in sides], plain_lifts)
            rows["logits"].append(logits)
            rows["stack"].append(np.zeros(len(sides)) if stack is None else stack)
            rows["miscount"].append(np.full(len(sides), -50.0) if wrong is None else wrong)
            mirrored = [(k, CROP_SIZE[0] - 1 - u, v) for k, u, v in plain_lifts]
            rows["mirrored"].append(plain.logits([crops[s][:, ::-1] for s in sides], mirrored))
            frame_cond = {**cond, **truth["conditions"]}
            for s in sides:
                rows["truth"].append([truth["counts"][str(s)][c] for c in COLOURS])
                rows["covered"].append(s in truth["hand_over_trays"])
                rows["stacked"].append(truth["arrangement"][str(s)] == "stacked")
                for key in CONDITIONS:
                    rows[key].append(frame_cond[key])
    return {
        "logits": np.concatenate(rows["logits"]),
        "mirrored": np.concatenate(rows["mirrored"]),
        "truth": np.clip(np.array(rows["truth"]), 0, MAX_COUNT),
        "stack": 1 / (1 + np.exp(-np.concatenate(rows["stack"]))),
        "miscount": 1 / (1 + np.exp(-np.concatenate(rows["miscount"]))),
        "covered": np.array(rows["covered"]),
        "stacked": np.array(rows["stacked"]),
        **{key: np.array(rows[key]) for key in CONDITIONS},
    }


def collect_crops(model_path: Path, files: list[Path]) -> dict[str, np.ndarray]:
    """The same outputs for the hand-free crops of ``make_tray_crops.py`` files."""
    board = load_board("control-board")
    counter = CubeCounter(board, CounterModel(model_path, 1.0, 0.0, 2.0, False, True, 1.0, 1.0))
    rows: dict[str, list] = {k: [] for k in ("logits", "stack", "miscount", "truth", "stacked")}
    for path in files:
        with np.load(path) as data:
            free = ~data["hand"]
            crops, lifts, counts = data["crops"][free], data["lift"][free], data["counts"][free]
        for at in range(0, len(crops), 48):
            logits, stack, wrong = counter.outputs(
                list(crops[at : at + 48]), [tuple(x) for x in lifts[at : at + 48]]
            )
            assert stack is not None and wrong is not None
            rows["logits"].append(logits)
            rows["stack"].append(stack)
            rows["miscount"].append(wrong)
        rows["truth"].append(counts)
        rows["stacked"].append(np.load(path.with_suffix(".stacked.npy"))[free])
    got = {k: np.concatenate(v) for k, v in rows.items()}
    got["stack"], got["miscount"] = (1 / (1 + np.exp(-got[k])) for k in ("stack", "miscount"))
    got["truth"] = np.clip(got["truth"], 0, MAX_COUNT)
    return got


def sure_and_wrong(
    data: dict[str, np.ndarray], t: float, thr: float, cover: float, limits: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray]:
    """Per tray: read surely (with both guards' ``limits``), and read surely but wrong."""
    probs, covered = probabilities(data["logits"], t)
    sure = (
        (probs.max(2).min(1) >= thr)
        & (covered < cover)
        & (data["stack"] < limits[0])
        & (data["miscount"] < limits[1])
    )
    return sure, sure & (probs.argmax(2) != data["truth"]).any(1)


def probabilities(logits: np.ndarray, temperature: float) -> tuple[np.ndarray, np.ndarray]:
    """(N x 5 x 13 count probabilities, N covered probabilities)."""
    probs = softmax(logits[:, :-1].reshape(-1, len(COLOURS), MAX_COUNT + 1), temperature)
    return probs, 1 / (1 + np.exp(-logits[:, -1]))


def figures(
    data: dict[str, np.ndarray],
    logits: np.ndarray,
    t: float,
    thr: float,
    cover: float,
    stack_limit: float = 2.0,
    miscount_limit: float = 2.0,
) -> dict:
    probs, covered = probabilities(logits, t)
    pred = probs.argmax(2)
    conf = probs.max(2).min(1)
    sure = (
        (conf >= thr)
        & (covered < cover)
        & (data["stack"] < stack_limit)
        & (data["miscount"] < miscount_limit)
    )
    wrong = sure & (pred != data["truth"]).any(1)
    out = {"sure %": 100 * sure.mean(), "wrong % of sure": 100 * wrong.sum() / max(sure.sum(), 1)}
    worst = 0.0
    for key in CONDITIONS:
        for value in np.unique(data[key]):
            m = data[key] == value
            rate = 100 * wrong[m].sum() / max(sure[m].sum(), 1)
            out[f"{key} {value}: sure %, wrong %"] = (
                round(100 * sure[m].mean(), 1),
                round(rate, 2),
            )
            worst = max(worst, rate)
    good = (
        (~data["covered"])
        & (data["hand"] == "none")
        & (data["light"] != "dim")
        & np.isin(data["tilt"], ["20-30 deg", "30-40 deg"])
    )
    out["coverage %"] = 100 * sure[good].mean()
    out["stacked trays sure, wrong"] = (
        int(sure[data["stacked"]].sum()),
        int(wrong[data["stacked"]].sum()),
    )
    out["worst wrong %"] = worst
    return out


def tune_miscount(
    data: dict[str, np.ndarray],
    apart: dict[str, np.ndarray],
    t: float,
    threshold: float,
    cover: float,
    stack_limit: float,
    args: argparse.Namespace,
) -> tuple[float, float]:
    """(confidence threshold, miscount threshold): for each confidence threshold from the
    one tuned on dev up to 0.999, the highest miscount threshold at which no tray read
    surely is wrong on dev nor in the kept-apart files, divided by the margin; of those,
    the pair that keeps the most of dev's coverage set sure."""
    best: tuple[float, float, float] | None = None
    for thr in np.arange(threshold, 0.99901, 0.0005):
        limit = 0.0
        for cand in np.geomspace(1e-5, 1.0, 101):
            limits = (stack_limit, float(cand))
            if any(sure_and_wrong(d, t, float(thr), cover, limits)[1].any() for d in (data, apart)):
                break
            limit = float(cand)
        if limit == 0.0:
            continue
        lim = limit / args.miscount_margin
        logits = data["logits"]
        coverage = figures(data, logits, t, float(thr), cover, stack_limit, lim)["coverage %"]
        print(f"threshold {thr:.4f}: miscount guard {lim:.6f}, dev coverage {coverage:.1f} %")
        if best is None or coverage > best[0]:
            best = (coverage, round(float(thr), 4), lim)
    if best is None:
        raise SystemExit("no pair of thresholds keeps the kept-apart trays from being wrong")
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--setups", type=int)
    parser.add_argument("--target", type=float, default=0.15)
    parser.add_argument(
        "--mirror",
        action="store_true",
        help="also try reading each crop mirrored (twice the network's time per frame)",
    )
    parser.add_argument(
        "--no-lift", action="store_true", help="a counter trained without lift fields"
    )
    parser.add_argument(
        "--stack-guard", action="store_true", help="the model has a stack guard output"
    )
    parser.add_argument("--stack-recall", type=float, default=0.98)
    parser.add_argument(
        "--threshold", type=float, help="keep this confidence threshold (tuned before on dev)"
    )
    parser.add_argument(
        "--miscount-apart",
        type=Path,
        nargs="+",
        help="the model has a miscount guard; these kept-apart crop files set its threshold",
    )
    parser.add_argument("--miscount-margin", type=float, default=2.0)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    data = collect(
        args.model,
        args.cache,
        args.setups,
        not args.no_lift,
        args.stack_guard,
        bool(args.miscount_apart),
    )
    print(f"dev trays: {len(data['truth'])}")
    stack_limit = 2.0
    if args.stack_guard:
        stacks = data["stack"][data["stacked"] & ~data["covered"]]
        stack_limit = float(np.quantile(stacks, 1 - args.stack_recall))
        others = data["stack"][~data["stacked"] & ~data["covered"]]
        print(
            f"stack guard: {len(stacks)} stacked dev trays, threshold {stack_limit:.4f} "
            f"flags {100 * (stacks >= stack_limit).mean():.1f} % of them and "
            f"{100 * (others >= stack_limit).mean():.1f} % of the other trays"
        )
    best: tuple[float, ...] | None = None
    for mirror in (False, True) if args.mirror else (False,):
        logits = (data["logits"] + data["mirrored"]) / 2 if mirror else data["logits"]
        free = ~data["covered"]
        nll = {}
        for t in np.arange(0.6, 3.01, 0.1):
            probs, _ = probabilities(logits[free], t)
            p_true = np.take_along_axis(probs, data["truth"][free][..., None], 2)[..., 0]
            nll[round(float(t), 2)] = float(-np.log(np.clip(p_true, 1e-9, 1)).sum())
        t = min(nll, key=nll.get)  # type: ignore[arg-type]
        for cover in (0.1, 0.2, 0.3, 0.5, 0.7):
            steps = [*np.arange(0.5, 0.99, 0.005), *np.arange(0.99, 0.9999, 0.0005)]
            if args.threshold is not None:
                steps = [args.threshold]
            for thr in steps:
                f = figures(data, logits, t, float(thr), cover, stack_limit)
                if f["worst wrong %"] <= args.target:
                    score = (f["coverage %"], -float(mirror))
                    if best is None or score > best[0]:
                        best = (score, mirror, t, float(thr), cover)
                    break
    if best is None:  # nothing meets the target: sure of nothing rather than wrong
        print("no threshold meets the target on dev: the counter will leave every tray")
        best = ((0.0, 0.0), False, 1.0, 1.01, 0.5)
    _, mirror, t, thr, cover = best
    logits = (data["logits"] + data["mirrored"]) / 2 if mirror else data["logits"]
    miscount_limit = 2.0
    if args.miscount_apart:
        apart = collect_crops(args.model, args.miscount_apart)
        thr, miscount_limit = tune_miscount(data, apart, t, thr, cover, stack_limit, args)
        for name, d in (("dev", data), ("kept-apart stacked", apart)):
            for lim in (2.0, miscount_limit):
                sure, wrong = sure_and_wrong(d, t, thr, cover, (stack_limit, lim))
                print(
                    f"threshold {thr}, miscount guard at {lim:.5f}, {name}: {sure.sum()} trays "
                    f"sure, {wrong.sum()} wrong; stacked: {(sure & d['stacked']).sum()} sure, "
                    f"{(wrong & d['stacked']).sum()} wrong"
                )
    for k, v in figures(data, logits, t, thr, cover, stack_limit, miscount_limit).items():
        print(f"  {k}: {v}")
    meta = {
        "model": args.model.name,
        "temperature": round(t, 3),
        "threshold": round(thr, 4),
        "cover_threshold": cover,
        "mirror": bool(mirror),
        "lift": not args.no_lift,
        "stack_threshold": round(stack_limit, 4) if args.stack_guard else None,
        "miscount_threshold": round(miscount_limit, 6) if args.miscount_apart else None,
        "tuned_on": f"dev set ({args.setups or DEV.setups} set-ups x {DEV.frames} frames), "
        f"target {args.target} %"
        + (
            f"; miscount guard also on {len(args.miscount_apart)} kept-apart train set-ups "
            "(every tray stacked)"
            if args.miscount_apart
            else ""
        ),
    }
    path = args.model.with_suffix(".json")
    path.write_text(json.dumps(meta, indent=1) + "\n", "utf-8")
    print(f"wrote {path}: {meta}")


if __name__ == "__main__":
    main()
