"""Render a seeded set (vision.table_sets) and save every tray's crop with its labels.

The crops are exactly what the reader feeds the tray counter
(:func:`vision.tray_crops.tray_crops` after the real fiducial registration), so
the counter is trained on the reader's own input. One ``.npz`` per set-up::

    uv run --locked python scripts/vision/make_tray_crops.py --set train --first 0 --last 400 \\
        --out /tmp/crops

Arrays: ``crops`` (N x 84 x 168 x 3, BGR uint8), ``counts`` (N x 5: red, yellow, blue,
brown, white), ``hand`` (N, a hand over the tray), ``tilt`` (N, degrees), ``side`` (N),
``density`` (N x 5 x 11 x 21: where the cubes stand, one unit of mass per cube, at the
counter's feature-map size: the local teaching signal of ``train_tray_counter.py``),
``lift`` (N x 3: ``s``, foot u, foot v of :func:`vision.tray_crops.tray_lifts`, from the
frame's own registration, as the reader computes it); since issue 11's seventh round also
``stacked`` (N), ``unsure`` (N: the frame's registration was unsure) and the frame's
``light_condition``, ``blur_condition``, ``floor_condition`` and ``hand_condition``
(strings, as ``vision.table_render`` names them). ``--cache DIR`` reads the frames that
:func:`vision.table_sets.walk` stored there when they exist (``--set dev``: the tuning
set's crops with its conditions, for ``train_selector.py``).

``--density-only`` adds ``density`` to files made without it: cube places are
recomputed from the seeds (the renderer is deterministic), not rendered again.
``--lift-only`` adds ``lift`` to files made without it: the camera stands still in a
set-up, so one frame of it is rendered and registered and its lifts go to every row.
``--stacked-only`` writes ``{set}-{k}.stacked.npy`` beside each file (N, bool: the tray
holds a cube stacked on another), recomputed from the seeds as ``--density-only`` does:
the teaching signal of ``train_stack_guard.py``.
``--arrangement stacked --hand none`` renders frames of the set's seeds with every tray
so arranged (and no hand), into ``{set}-{arrangement}-{k}.npz`` with its ``.stacked.npy``
written from the rendered truth: many more stacked trays than play frames hold, for the
stack guard (issue 11's sixth round renders ``train`` set-ups 2400 and up, which no
counter was trained on).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.geometry import COLOURS, Board, load_board, load_tokens
from vision.registration import FiducialFinder
from vision.table_render import (
    Cube,
    FrameSpec,
    Rendered,
    Setup,
    _palette,
    _second_run,
    place_cubes,
    random_frame,
    render_frame,
)
from vision.table_sets import SETS, FrameSet, frame_specs, setup_at
from vision.tray_crops import board_to_crop, camera_pose, tray_crops, tray_lifts, tray_mask

CONDITIONS = ("light", "blur", "floor", "hand")
"""Each row's frame conditions, saved as strings (the selector's per-condition tuning)."""
GRID = (11, 21)
"""The counter's feature map (rows, columns): the crop at stride 8."""
SIGMA_CELLS = 0.6


def placed_cubes(
    board: Board, setup: Setup, spec: FrameSpec
) -> tuple[list[Cube], dict[int, dict[str, int]], dict[int, dict[str, int]]]:
    """The frame's cubes, counts placed and arrangement tally, from its seeds as rendered."""
    frng = np.random.default_rng([spec.seed, 4])
    palette = _palette(np.random.default_rng([setup.seed, 3]))
    palettes = [palette, _second_run(palette, frng)] if spec.second_run else [palette]
    return place_cubes(board, spec, palettes, frng)


def cube_density(board: Board, setup: Setup, spec: FrameSpec) -> dict[int, np.ndarray]:
    """``{side: 5 x 11 x 21}`` cube mass per colour, from the frame's seeds (as rendered)."""
    cubes, _, _ = placed_cubes(board, setup, spec)
    rows, cols = np.mgrid[0 : GRID[0], 0 : GRID[1]]
    out = {t.side: np.zeros((len(COLOURS), *GRID), np.float32) for t in board.trays}
    for cube in cubes:
        x, y = cube.vertices[:, :2].mean(axis=0)
        u, v, w = board_to_crop(board, cube.side) @ (x, y, 1.0)
        cu, cv = (u / w - 3.5) / 8, (v / w - 3.5) / 8
        blob = np.exp(-((cols - cu) ** 2 + (rows - cv) ** 2) / (2 * SIGMA_CELLS**2))
        out[cube.side][COLOURS.index(cube.colour)] += blob / max(blob.sum(), 1e-6)
    return out


def rendered_frame(
    board: Board,
    setup: Setup,
    spec: FrameSpec,
    tokens: object,
    frame_set: FrameSet,
    k: int,
    cache: Path | None,
) -> Rendered:
    """The frame as rendered, or as :func:`vision.table_sets.walk` stored it in ``cache``."""
    if cache is not None:
        folder = cache / frame_set.name / f"{board.name}-1280" / f"{k:04d}"
        j = spec.seed - frame_set.frame_base - 100 * k
        png, js = folder / f"frame-{j:02d}.png", folder / f"frame-{j:02d}.json"
        if 0 <= j < frame_set.frames and png.exists() and js.exists():
            image = cv2.imread(str(png), cv2.IMREAD_COLOR)
            if image is not None:
                return Rendered(image, json.loads(js.read_text("utf-8")))
    return render_frame(board, setup, spec, tokens)  # type: ignore[arg-type]


def pool_mask(board: Board) -> np.ndarray:
    """The tray's area (grown by 4 mm: cubes at the rim) at the counter's feature map size
    (11 x 21), as fractions: where its features are summed."""
    mask = cv2.dilate(tray_mask(board), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))
    return cv2.resize(mask.astype(np.float32) / 255, (21, 11), interpolation=cv2.INTER_AREA)


def add_density(
    path: Path, board: Board, setup: Setup, frame_set: object, k: int, tokens: object
) -> None:
    """Recompute the cube places of an older file's frames and add ``density``."""
    with np.load(path) as data:
        arrays = dict(data)
    if "density" in arrays:
        return
    rows: list[np.ndarray] = []
    at = 0
    for spec in frame_specs(frame_set, board, k, tokens):  # type: ignore[arg-type]
        if at >= len(arrays["counts"]):
            break
        _, placed, _ = placed_cubes(board, setup, spec)
        want = np.array([[placed[s][c] for c in COLOURS] for s in range(6)])
        if not np.array_equal(want, arrays["counts"][at : at + 6]):
            continue  # this frame was not registered: no crops from it
        mass = cube_density(board, setup, spec)
        rows += [mass[s] for s in range(6)]
        at += 6
    if at != len(arrays["counts"]):
        print(f"{path}: could not match every frame, left as it is", flush=True)
        return
    arrays["density"] = np.array(rows, np.float16).reshape(-1, len(COLOURS), *GRID)
    np.savez_compressed(path, **arrays)
    print(path, "density added", flush=True)


def frame_tallies(
    path: Path, board: Board, setup: Setup, frame_set: object, k: int, tokens: object
) -> list[dict[int, dict[str, int]]] | None:
    """Each registered frame's arrangement tally per side (as ``place_cubes`` returns it),
    matched to the file's rows by the counts placed; None when they do not match."""
    with np.load(path) as data:
        counts = data["counts"]
    out: list[dict[int, dict[str, int]]] = []
    for spec in frame_specs(frame_set, board, k, tokens):  # type: ignore[arg-type]
        if 6 * len(out) >= len(counts):
            break
        _, placed, tally = placed_cubes(board, setup, spec)
        want = np.array([[placed[s][c] for c in COLOURS] for s in range(6)])
        at = 6 * len(out)
        if np.array_equal(want, counts[at : at + 6]):
            out.append(tally)
    return out if 6 * len(out) == len(counts) else None


def add_stacked(
    path: Path, board: Board, setup: Setup, frame_set: object, k: int, tokens: object
) -> None:
    """Write ``path``'s ``.stacked.npy``: per row, whether its tray holds a stacked cube."""
    target = path.with_suffix(".stacked.npy")
    if target.exists():
        return
    tallies = frame_tallies(path, board, setup, frame_set, k, tokens)
    if tallies is None:
        print(f"{path}: could not match every frame, no stack labels", flush=True)
        return
    with np.load(path) as data:
        sides = data["side"]
    np.save(
        target,
        np.array([tallies[i // 6][int(s)]["stacked"] > 0 for i, s in enumerate(sides)], bool),
    )


def add_lift(
    path: Path, board: Board, setup: Setup, specs: list[FrameSpec], tokens: object, finder: object
) -> None:
    """Register one frame of the set-up and add its lifts (by side) to an older file."""
    with np.load(path) as data:
        arrays = dict(data)
    if "lift" in arrays:
        return
    for spec in specs:
        image = render_frame(board, setup, spec, tokens).image  # type: ignore[arg-type]
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found = finder.detect(grey)  # type: ignore[attr-defined]
        reg = finder.register(grey, found, board)  # type: ignore[attr-defined]
        if reg is not None:
            break
    else:
        print(f"{path}: no frame registers, left as it is", flush=True)
        return
    lifts = tray_lifts(board, camera_pose(reg, (image.shape[1], image.shape[0])))
    arrays["lift"] = np.array([lifts[int(s)] for s in arrays["side"]], np.float32).reshape(-1, 3)
    np.savez_compressed(path, **arrays)
    print(path, "lift added", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--set",
        default="train",
        choices=["train", "dev", "dev-2", "held-out-8", "held-out-9", "held-out-10", "held-out-11"],
        help="dev-2: a second tuning set (combine_counters.py); held-out-8 to held-out-11: "
        "the heatmap counter's fresh sets, each read once (docs/vision.md)",
    )
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=None)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--mask-only", action="store_true", help="write only tray-mask.npy (for the trainer)"
    )
    parser.add_argument(
        "--density-only", action="store_true", help="add density to files made without it"
    )
    parser.add_argument(
        "--lift-only", action="store_true", help="add lift to files made without it"
    )
    parser.add_argument(
        "--stacked-only", action="store_true", help="write each file's stack labels beside it"
    )
    parser.add_argument(
        "--arrangement",
        choices=["scattered", "touching", "leaning", "stacked"],
        help="render every tray so arranged (new frames of the set's seeds)",
    )
    parser.add_argument("--hand", choices=["none", "edge", "tray"], help="fix the hand")
    parser.add_argument(
        "--cache", type=Path, help="load (or store) the set's frames here (vision.table_sets.walk)"
    )
    args = parser.parse_args()
    if args.mask_only:
        args.out.mkdir(parents=True, exist_ok=True)
        np.save(args.out / "tray-mask.npy", pool_mask(load_board("control-board")))
        return
    cv2.setNumThreads(1)
    frame_set = SETS[args.set]
    board, tokens = load_board("control-board"), load_tokens()
    finder = FiducialFinder([board])
    args.out.mkdir(parents=True, exist_ok=True)
    for k in range(args.first, args.last if args.last is not None else frame_set.setups):
        name = args.set if args.arrangement is None else f"{args.set}-{args.arrangement}"
        target = args.out / f"{name}-{k:04d}.npz"
        if args.density_only:
            if target.exists():
                add_density(target, board, setup_at(frame_set, board, k), frame_set, k, tokens)
            continue
        if args.stacked_only:
            if target.exists():
                add_stacked(target, board, setup_at(frame_set, board, k), frame_set, k, tokens)
            continue
        if args.lift_only:
            if target.exists():
                specs = frame_specs(frame_set, board, k, tokens)
                add_lift(target, board, setup_at(frame_set, board, k), specs, tokens, finder)
            continue
        if target.exists():
            continue
        setup = setup_at(frame_set, board, k)
        crops, counts, hand, tilt, sides, density, lift = [], [], [], [], [], [], []
        stacked: list[bool] = []
        unsure: list[bool] = []
        conditions: dict[str, list[str]] = {key: [] for key in CONDITIONS}
        specs = frame_specs(frame_set, board, k, tokens)
        if args.arrangement or args.hand:
            specs = [
                random_frame(
                    board, spec.seed, tokens=tokens, arrangement=args.arrangement, hand=args.hand
                )
                for spec in specs
            ]
        for spec in specs:
            rendered = rendered_frame(board, setup, spec, tokens, frame_set, k, args.cache)
            grey = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
            found = finder.detect(grey)
            reg = finder.register(grey, found, board)
            if reg is None:
                continue
            mass = cube_density(board, setup, spec)
            lifts = tray_lifts(board, camera_pose(reg, (grey.shape[1], grey.shape[0])))
            for side, crop in tray_crops(rendered.image, found, reg, board).items():
                crops.append(crop)
                density.append(mass[side])
                lift.append(lifts[side])
                truth = rendered.truth["counts"][str(side)]
                counts.append([truth[c] for c in COLOURS])
                hand.append(side in rendered.truth["hand_over_trays"])
                tilt.append(setup.tilt_deg)
                sides.append(side)
                stacked.append(rendered.truth["tally"][str(side)]["stacked"] > 0)
                unsure.append(reg.unsure)
                for key in CONDITIONS:
                    conditions[key].append(str(rendered.truth["conditions"][key]))
        np.savez_compressed(
            target,
            crops=np.array(crops, np.uint8).reshape(-1, 84, 168, 3),
            counts=np.array(counts, np.int8).reshape(-1, 5),
            hand=np.array(hand, bool),
            tilt=np.array(tilt, np.float32),
            side=np.array(sides, np.int8),
            density=np.array(density, np.float16).reshape(-1, len(COLOURS), *GRID),
            lift=np.array(lift, np.float32).reshape(-1, 3),
            stacked=np.array(stacked, bool),
            unsure=np.array(unsure, bool),
            **{f"{key}_condition": np.array(v, str) for key, v in conditions.items()},
        )
        if args.arrangement or args.hand:
            np.save(target.with_suffix(".stacked.npy"), np.array(stacked, bool))
        print(target, len(crops), flush=True)


if __name__ == "__main__":
    main()
