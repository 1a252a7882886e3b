"""Stickered components on the example hex and square grids: cell and rotation."""

from __future__ import annotations

import numpy as np
import pytest

from vision.calibration import calibrate
from vision.geometry import TokenCatalogue, load_board
from vision.reader import TableReader
from vision.table_render import calibration_frame, random_frame, random_setup, render_frame


@pytest.mark.parametrize(("name", "step"), [("hex-grid", 60), ("square-grid", 90)])
def test_tokens_are_found_on_their_cell_with_their_rotation(
    name: str, step: int, tokens: TokenCatalogue
) -> None:
    board = load_board(name)
    setup = random_setup(board, 17, tilt=(25.0, 25.0), light="mixed")
    picture = render_frame(board, setup, calibration_frame(board, 1), tokens).image
    cal = calibrate([picture], [board], tokens)
    assert cal.cubes_lab == {}  # a grid board has no trays: nothing to count, only stickers
    reader = TableReader(cal)
    spec = random_frame(board, 18, tokens=tokens, hand="none", blur="sharp")
    rendered = render_frame(board, setup, spec, tokens)
    reading = reader.read([rendered.image])
    got = {t.id: t for t in reading.tokens}
    truth = rendered.truth["tokens"]
    assert len(truth) == 8
    assert {t["rotation_deg"] % step for t in truth} == {0}
    for t in truth:
        assert got[t["id"]].cell == t["cell"], t
        assert got[t["id"]].key == t["key"], t
        assert got[t["id"]].rotation_deg == t["rotation_deg"], t
        assert got[t["id"]].confidence > 0.75
    assert reading.trays == []
    assert not reading.needs_confirmation


def test_motion_gate_on_noise_and_on_a_moving_block() -> None:
    from vision.motion import MotionGate

    rng = np.random.default_rng(0)
    base = rng.integers(60, 200, (720, 1280, 3)).astype(np.uint8)
    noisy = [
        np.clip(base + rng.normal(0, 3, base.shape), 0, 255).astype(np.uint8) for _ in range(3)
    ]
    gate = MotionGate()
    assert gate.still_flags(noisy) == [True, True, True]
    moved = noisy[1].copy()
    moved[200:400, 300:500] = 230  # a hand-sized bright patch appears
    assert gate.still_flags([noisy[0], moved, noisy[2]]) == [False, False, False]
    assert gate.still_flags([noisy[0], noisy[1], moved]) == [True, False, False]
    assert not gate.feed(noisy[0])  # nothing to compare with yet
    assert gate.feed(noisy[1])
    assert not gate.feed(moved)
