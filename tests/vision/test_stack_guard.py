"""The tray counter's stack guard: a tray that likely holds a stacked cube is never sure."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.counter import CounterModel
from vision.geometry import Board, TokenCatalogue
from vision.reader import TableReader
from vision.table_render import Setup, random_frame, random_setup, render_frame

from .conftest import frame


def test_the_shipped_counter_has_a_stack_guard_tuned_on_dev() -> None:
    model = CounterModel.shipped()
    assert model.stack_threshold is not None and 0.0 < model.stack_threshold < 1.0


def test_the_guard_scores_stacked_trays_above_scattered_ones(
    reader: TableReader, control_board: Board, setup: Setup, tokens: TokenCatalogue
) -> None:
    # Frames the counter never saw (set-up 4240): every tray holding a stacked cube
    # against every tray of scattered frames.
    counter = reader.counters[control_board.name]
    stacked, scattered = [], []
    for arrangement, seeds in (("stacked", (41, 42, 43)), ("scattered", (44, 45, 46))):
        for seed in seeds:
            rendered = frame(
                control_board,
                setup,
                tokens,
                seed,
                hand="none",
                blur="sharp",
                arrangement=arrangement,
            )
            image = rendered.image
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            found = reader.finder.detect(grey)
            reg = reader.finder.register(grey, found, control_board)
            assert reg is not None
            for tray in counter.count(image, found, reg):
                if arrangement == "scattered":
                    scattered.append(tray.stacked)
                elif rendered.truth["tally"][str(tray.side)]["stacked"]:
                    stacked.append(tray.stacked)
    assert len(stacked) >= 6 and len(scattered) == 18
    assert np.median(stacked) > np.median(scattered)
    assert all(0.0 <= p <= 1.0 for p in stacked + scattered)


def test_a_tray_the_guard_flags_goes_to_the_players(
    calibration: Calibration, control_board: Board, setup: Setup, tokens: TokenCatalogue
) -> None:
    rendered = frame(control_board, setup, tokens, 11, hand="none", blur="sharp")
    plain = TableReader(calibration).read([rendered.image])
    flag_all = replace(CounterModel.shipped(), stack_threshold=0.0)
    guarded = TableReader(calibration, model=flag_all).read([rendered.image])
    assert [t.counts for t in guarded.trays] == [t.counts for t in plain.trays]
    assert not any(t.sure for t in guarded.trays)
    assert guarded.needs_confirmation
    asked = sum("please check its count" in r.template for r in guarded.reasons)
    assert asked == len(guarded.trays)


# Issue 11's sixth round: the miscount guard. A table outside every seeded set, the camera
# 20-26 degrees from straight down (where a cube stacked on one of its colour hardly shows).
LOW_TILT_SETUP = 4300
FIFTH_ROUND_THRESHOLD = 0.994
"""The counter's threshold before the miscount guard (with the stack guard alone)."""


def _low_tilt_reading(
    control_board: Board, tokens: TokenCatalogue, seed: int, arrangement: str, model: CounterModel
) -> tuple[list[bool], list[bool], list[str], list[dict[str, int] | None]]:
    """(sure, right, arrangement, counts) per tray of one frame on the low-tilt table."""
    setup = random_setup(control_board, LOW_TILT_SETUP, tilt=(20.0, 26.0), light="neutral")
    spec = random_frame(
        control_board, seed, tokens=tokens, arrangement=arrangement, hand="none", blur="sharp"
    )
    rendered = render_frame(control_board, setup, spec, tokens)
    reader = TableReader(Calibration([control_board], tokens, setup.frame_size, ""), model=model)
    trays = reader.read([rendered.image]).trays
    truth = rendered.truth
    return (
        [t.sure for t in trays],
        [t.counts == truth["counts"][str(t.side)] for t in trays],
        [truth["arrangement"][str(t.side)] for t in trays],
        [t.counts for t in trays],
    )


def test_the_shipped_counter_has_a_miscount_guard() -> None:
    model = CounterModel.shipped()
    assert model.miscount_threshold is not None and 0.0 < model.miscount_threshold < 0.01
    assert model.threshold >= FIFTH_ROUND_THRESHOLD


def test_a_stacked_tray_read_surely_and_wrongly_before_now_goes_to_the_players(
    control_board: Board, tokens: TokenCatalogue
) -> None:
    # Tray 0 holds three red cubes, one stacked on another; the counter sees two, and the
    # fifth round's rule (threshold 0.994, stack guard alone) was sure of it.
    before = replace(
        CounterModel.shipped(), threshold=FIFTH_ROUND_THRESHOLD, miscount_threshold=None
    )
    sure, right, arrangement, counts = _low_tilt_reading(
        control_board, tokens, 430009, "stacked", before
    )
    assert arrangement[0] == "stacked" and counts[0] is not None
    assert counts[0]["red"] == 2 and sure[0] and not right[0]
    sure, right, _, counts = _low_tilt_reading(
        control_board, tokens, 430009, "stacked", CounterModel.shipped()
    )
    assert counts[0] is not None and counts[0]["red"] == 2  # the same counts, now unsure
    assert not sure[0]
    assert not any(s and not r for s, r in zip(sure, right, strict=True))


def test_a_plain_tray_is_still_read_surely(control_board: Board, tokens: TokenCatalogue) -> None:
    sure, right, arrangement, _ = _low_tilt_reading(
        control_board, tokens, 430001, "scattered", CounterModel.shipped()
    )
    assert set(arrangement) == {"scattered"}
    assert sure[1] and right[1]
    assert all(r for s, r in zip(sure, right, strict=True) if s)
