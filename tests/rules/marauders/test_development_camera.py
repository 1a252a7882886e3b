"""The news panel asks the camera for the development points: the priority marker's steps.

The text: "Does not collect a development point, instead when it would receive a
development point, its priority marker moves forward in clockwise direction as many
steps as the received development points." So the points since the game last tracked
the marker are the steps from the tracked side to the side the camera sees, clockwise;
six or more at once bring the marker round (reading 30), and the camera proposes fewer
than six for the players to confirm (docs/marauders.md, reading 39).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.camera import ColourGains, marker_steps
from rules.games.marauders import logic
from rules.session import Session
from tests.rules.marauders.support import GAME, to_step


def new() -> Session:
    return Session(GAME, {"players": 2}, seed=11)


def news_request(session: Session) -> Any:
    field = next(f for f in session.prompt().fields if f.key == "news")
    return field.camera


@pytest.mark.parametrize(
    ("tracked", "read", "points"),
    [
        (0, 0, 0),  # nothing received: the marker stays
        (0, 1, 1),  # one point, one step clockwise
        (4, 1, 3),  # from side 4 three steps clockwise: 5, 0, 1 (round the hexagon)
        (5, 4, 5),  # five steps: one short of round
        (3, 2, 5),
    ],
)
def test_the_points_are_the_clockwise_steps_from_the_tracked_side(
    tracked: int, read: int, points: int
) -> None:
    assert marker_steps(tracked, read) == points


def test_the_camera_reads_back_every_move_of_fewer_than_six_points() -> None:
    for tracked in range(6):
        for points in range(6):
            assert marker_steps(tracked, logic.marker_after(tracked, points)) == points


def test_six_points_bring_the_marker_round_and_the_camera_sees_none() -> None:
    """Reading 39: 6 or 7 points at once look like 0 or 1 to the camera; it proposes
    those and the players confirm (vision proposes, the players confirm)."""
    assert logic.marker_after(2, 6) == 2 and marker_steps(2, 2) == 0
    assert logic.marker_after(2, 7) == 3 and marker_steps(2, 3) == 1


def test_the_news_panel_asks_the_camera_from_the_tracked_marker() -> None:
    session = new()
    to_step(session, "spring-turn")
    assert session.state["marker"] == 0
    assert news_request(session) == ColourGains(marker=0, steps="dev")
    session.answer({"news": {"red": 2, "dev": 4}})
    to_step(session, "spring-turn")
    # The marker moved 4 steps: the next news panel counts the camera's steps from there.
    assert session.state["marker"] == 4
    assert news_request(session) == ColourGains(marker=4, steps="dev")
