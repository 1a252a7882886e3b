"""The heatmap counter's reading rule (scripts/vision/train_heatmap_counter.py): counts are
the heatmaps' totals rounded; a tray is sure only when every total is near its count,
every check is high, no stack is seen and nothing covers it; thresholds tuned on dev keep
sure-but-wrong within their limit."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np

from tests.support.scripts import load_script
from vision.counter import CounterModel, CubeCounter, TrayRead
from vision.geometry import COLOURS, Board, TokenCatalogue
from vision.reader import TableReader
from vision.table_render import Setup, random_frame, render_frame
from vision.tray_crops import camera_pose, tray_crops, tray_lifts


def script() -> ModuleType:
    return load_script("vision/train_heatmap_counter.py")


def reading(totals: list[list[float]], **extra: list[float]) -> dict[str, np.ndarray]:
    n = len(totals)
    got = {"stack": np.zeros(n), "cover": np.zeros(n), "check": np.ones(n)}
    got.update({k: np.array(v) for k, v in extra.items()})
    return {"totals": np.array(totals), **got}


def test_counts_are_rounded_totals_and_each_guard_makes_a_tray_unsure() -> None:
    m = script()
    got = reading(
        [
            [2.04, 0.0, 0.97, 0.0, 0.0],  # near whole numbers: sure
            [1.45, 0.0, 0.0, 0.0, 0.0],  # half-way: not sure
            [1.0, 0.0, 0.0, 0.0, 0.0],  # stack seen
            [1.0, 0.0, 0.0, 0.0, 0.0],  # covered
            [1.0, 0.0, 0.0, 0.0, 0.0],  # a check doubts it
        ],
        stack=[0.0, 0.0, 0.6, 0.0, 0.0],
        cover=[0.0, 0.0, 0.0, 0.9, 0.0],
        check=[0.99, 0.99, 0.99, 0.99, 0.5],
    )
    counts, sure = m.verdicts(got, 0.1, 0.5, 0.9)
    assert counts.tolist()[0] == [2, 0, 1, 0, 0]
    assert counts.tolist()[1] == [1, 0, 0, 0, 0]
    assert sure.tolist() == [True, False, False, False, False]


def test_mirrored_reads_must_both_lie_within_the_margin() -> None:
    m = script()
    got = reading([[3.0, 0, 0, 0, 0]] * 2, spread=[0.05, 0.4])
    _, sure = m.verdicts(got, 0.1, 0.5, 0.0)
    assert sure.tolist() == [True, False]


def test_tuned_thresholds_keep_sure_but_wrong_within_the_limit() -> None:
    m = script()
    # 300 easy trays of one red cube: 200 read 1.0 with high checks (right), 100 read
    # 2.0 (wrong) with checks of 0.85, so only a check threshold above 0.85 is safe.
    n = 300
    totals = [[1.0, 0, 0, 0, 0]] * 200 + [[2.0, 0, 0, 0, 0]] * 100
    got = reading(totals, check=[0.99] * 200 + [0.85] * 100)
    data = {
        "counts": np.array([[1, 0, 0, 0, 0]] * n),
        "hand": np.zeros(n, bool),
        "tilt": np.full(n, 30.0),
        "light_condition": np.array(["warm"] * n),
    }
    sure_easy, _, _, check = m.best_thresholds(got, data, 0.005)
    assert check > 0.85
    assert sure_easy == round(100 * 200 / 300, 1)
    counts, sure = m.verdicts(got, 0.5, 1.01, check)
    assert not (sure & (counts != data["counts"]).any(1)).any()


def test_the_kept_heatmap_counter_reads_rendered_trays_through_cv2_dnn(
    control_board: Board, setup: Setup, tokens: TokenCatalogue, reader: TableReader
) -> None:
    # vision/data/heatmap-counter.onnx, read by OpenCV as the app would, on frames of
    # set-up 4240 (outside every seeded set): plain scattered trays, no hands.
    m = script()
    onnx = Path(__file__).parents[2] / "vision" / "data" / "heatmap-counter.onnx"
    point = json.loads(onnx.with_suffix(".json").read_text("utf-8"))["points"]["0.002"]
    crops, lifts, truth = [], [], []
    for frame_crops, frame_lifts, frame_truth in scattered_frames(
        control_board, setup, tokens, reader
    ):
        for side, crop in frame_crops.items():
            crops.append(crop)
            lifts.append(frame_lifts[side])
            truth.append(frame_truth[side])
    data = {"crops": np.array(crops), "lift": np.array(lifts, np.float32)}
    got = m.read(onnx, data, mirror=True)
    counts, sure = m.verdicts(got, point["margin"], point["stack"], point["check"])
    right = (counts == np.array(truth)).all(1)
    assert right.sum() >= 9, (counts.tolist(), truth)
    assert not (sure & ~right).any()
    # The app's counter, given that model, reads exactly what the script measured.
    counter = CubeCounter(control_board, CounterModel.shipped("heatmap-counter.json"))
    reads = []
    for at in (0, 6):
        sides = range(6)
        reads += counter.read(
            {s: crops[at + s] for s in sides}, {s: tuple(lifts[at + s]) for s in sides}
        )
    assert [[r.counts[c] for c in COLOURS] for r in reads] == counts.astype(int).tolist()
    assert [app_sure(r, counter.model) for r in reads] == sure.tolist()


Frame = tuple[dict[int, np.ndarray], dict[int, tuple[float, float, float]], dict[int, list[int]]]


def scattered_frames(
    board: Board, setup: Setup, tokens: TokenCatalogue, reader: TableReader
) -> list[Frame]:
    """Two frames of set-up 4240 (outside every seeded set), plain scattered trays, no
    hands, cut as the reader cuts them: (crops, lifts, true counts in COLOURS order)."""
    frames = []
    for seed in (51, 52):
        spec = random_frame(
            board, seed, tokens=tokens, hand="none", blur="sharp", arrangement="scattered"
        )
        rendered = render_frame(board, setup, spec, tokens)
        grey = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
        found = reader.finder.detect(grey)
        reg = reader.finder.register(grey, found, board)
        assert reg is not None
        lifts = tray_lifts(board, camera_pose(reg, (grey.shape[1], grey.shape[0])))
        crops = tray_crops(rendered.image, found, reg, board)
        truth = {s: [rendered.truth["counts"][str(s)][c] for c in COLOURS] for s in crops}
        frames.append((crops, lifts, truth))
    return frames


def app_sure(read: TrayRead, model: CounterModel) -> bool:
    """Sure as the reader judges a tray: every colour at the threshold, no cover, no guard."""
    return (
        min(read.confidence.values()) >= model.threshold
        and not read.occluded
        and not read.stack_suspect
    )
