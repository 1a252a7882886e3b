"""The tray counter's stack guard: a tray that likely holds a stacked cube is never sure."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.counter import CounterModel
from vision.geometry import Board, TokenCatalogue
from vision.reader import TableReader
from vision.table_render import Setup

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
