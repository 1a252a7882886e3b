"""The map around the starting camp: space ids, distances, the 3-line lane."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.games.marauders import hexmap
from rules.games.marauders.hexmap import distance, hex_at, hex_id, lane


def test_ids_name_every_space_once_and_read_back() -> None:
    spaces = hexmap.disc(6)
    ids = [hex_id(h) for h in spaces]
    assert len(spaces) == 1 + 3 * 6 * 7 and len(set(ids)) == len(ids)
    assert all(hex_at(i) == h for i, h in zip(ids, spaces, strict=True))
    assert ids[:8] == ["0", "1@0", "1@1", "1@2", "1@3", "1@4", "1@5", "2@0"]
    assert ids[7:10] == ["2@0", "2@0+1", "2@1"]


def test_the_sides_point_along_the_map() -> None:
    """Side 0 straight up, then clockwise: up-right, down-right, down, down-left, up-left."""
    assert [hex_at(f"1@{s}") for s in range(6)] == [
        (0, -1),
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
    ]


@pytest.mark.parametrize(
    "text", ["", "x", "2@", "@1", "0@0", "2@6", "2@1+2", "2@1+0", "2@1+", "-1@0", "31@0"]
)
def test_not_a_space_id(text: str) -> None:
    assert not hexmap.is_hex_id(text)
    with pytest.raises(ValueError):
        hex_at(text)


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5))
def test_every_lane_row_lies_at_its_distance_and_turns_left_to_right(
    q: int, r: int, side: int
) -> None:
    start = (q, r)
    rows = lane(start, side, length=5)
    assert len(rows) == 15
    for k in range(1, 6):
        row = [h for d, _, h in rows if d == k]
        assert [distance(h, start) for h in row] == [k, k, k]
        # left, centre, right are neighbours side by side across the lane
        assert distance(row[0], row[1]) == 1 and distance(row[1], row[2]) == 1
    # the centre line runs straight toward the side
    assert [h for d, line, h in rows if line == 1] == [
        hexmap.step(start, side, k) for k in range(1, 6)
    ]
    # the left line is met first turning clockwise: it lies toward side - 1
    assert rows[0][2] == hexmap.step(start, side - 1)


def test_clockwise_turns_from_the_marker() -> None:
    """Between the lines toward two sides, a space's turn grows step by step."""
    keys = [hexmap.clockwise_key(hex_at(i), 1) for i in ("2@1", "2@1+1", "2@2", "2@0+1")]
    assert keys == [0, 0.5, 1, 5.5]
