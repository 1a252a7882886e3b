"""Reading rendered tables back with the real pipeline: counts, voting, hands, registration."""

from __future__ import annotations

import numpy as np
import pytest

from vision.geometry import COLOURS, Board
from vision.reader import TableReader
from vision.render import random_scene, render

from .conftest import scene


def truth_counts(truth: dict) -> dict[int, dict[str, int]]:
    return {int(side): counts for side, counts in truth["counts"].items()}


@pytest.mark.parametrize(("light", "seed"), [("warm", 11), ("cool", 12), ("mixed", 13)])
def test_counts_are_exact_on_clean_frames(
    reader: TableReader, control_board: Board, light: str, seed: int
) -> None:
    rendered = render(random_scene(control_board, np.random.default_rng(seed), light))
    reading = reader.read([rendered.image])
    assert reading.status == "ok"
    assert reading.counts() == truth_counts(rendered.truth)
    assert sum(sum(c.values()) for c in truth_counts(rendered.truth).values()) > 5


def test_touching_markers_are_counted_by_area(reader: TableReader, control_board: Board) -> None:
    # Eleven red markers in one tray cannot all lie apart: several touch.
    counts = {0: {"red": 11}, 3: {"brown": 2, "white": 3}, 5: {"yellow": 1, "blue": 1}}
    rendered = render(scene(control_board, counts, light="warm", strength=0.9, seed=5))
    frame = reader.read_frame(rendered.image)
    tray0 = frame.trays[control_board.name][0]
    assert rendered.truth["counts"]["0"]["red"] >= 9
    assert max(tray0.blobs["red"]) > 1.5  # at least one blob of touching markers
    assert tray0.counts["red"] == rendered.truth["counts"]["0"]["red"]
    got = reader.read([rendered.image]).counts()
    assert got == truth_counts(rendered.truth)


def test_votes_over_still_frames(reader: TableReader, control_board: Board) -> None:
    base = random_scene(control_board, np.random.default_rng(21), "cool")
    first = render(base)
    frames = [first.image] + [render(base, frame=i).image for i in (1, 2)]
    reading = reader.read(frames)
    assert reading.status == "ok"
    assert reading.frames_used == 3
    assert reading.counts() == truth_counts(first.truth)
    assert not reading.needs_confirmation
    assert all(v > 0.75 for t in reading.trays for v in t.confidence.values())


def test_moving_hand_gets_nothing_read(reader: TableReader, control_board: Board) -> None:
    base = random_scene(control_board, np.random.default_rng(31), "warm", hand="tray")
    frames = [render(base, hand_offset=30.0 * i, frame=i).image for i in range(4)]
    reading = reader.read(frames)
    assert reading.status == "moving"
    assert reading.needs_confirmation
    assert reading.trays == [] and reading.tokens == []
    assert "moving" in reading.reasons[0].english()


def test_still_hand_over_a_tray_asks_the_players(reader: TableReader, control_board: Board) -> None:
    rng = np.random.default_rng(41)
    for _ in range(10):
        rendered = render(random_scene(control_board, rng, "mixed", hand="tray"))
        if rendered.truth["hand_over_trays"]:
            break
    reading = reader.read([rendered.image])
    covered = [t.side for t in reading.trays if t.occluded]
    assert covered, "a hand lies on a tray: that tray must not be trusted"
    assert set(covered) <= set(rendered.truth["hand_over_trays"])
    assert reading.needs_confirmation
    # The trays the hand does not touch are still read right.
    truth = truth_counts(rendered.truth)
    for tray in reading.trays:
        if tray.side not in rendered.truth["hand_over_trays"]:
            assert tray.counts == truth[tray.side]


def test_half_the_fiducials_covered_still_registers(
    reader: TableReader, control_board: Board
) -> None:
    rendered = render(
        random_scene(control_board, np.random.default_rng(51), "cool", hand="fiducials")
    )
    covered = rendered.truth["covered_fiducials"]
    assert len(covered) == len(control_board.fiducials) // 2
    reading = reader.read([rendered.image])
    seen = reading.boards[control_board.name]["fiducials_seen"]
    assert not set(seen) & set(covered)
    assert len(seen) >= 2
    assert reading.counts() == truth_counts(rendered.truth)


def test_priority_marker_and_centre_tile(reader: TableReader, control_board: Board) -> None:
    rendered = render(random_scene(control_board, np.random.default_rng(61), "warm"))
    reading = reader.read([rendered.image])
    assert reading.priority_side == rendered.truth["priority_side"]
    tile = next(t for t in rendered.truth["tokens"])
    got = next(t for t in reading.tokens if t.id == tile["id"])
    assert got.kind == "marauder-tile"
    assert got.rotation_deg == tile["rotation_deg"]
    data = reading.to_json()
    assert data["priority_marker"]["side"] == rendered.truth["priority_side"]
    assert set(data["trays"][0]["counts"]) == set(COLOURS)
    assert data["example_data"] is True
