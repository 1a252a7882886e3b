"""The news panel's development points from the priority marker the camera sees (issue 28).

Both cameras the app uses, on rendered pictures (set-up 4242, tilt 43 degrees): the
real :class:`FollowFeed` fed still moments through the real ``TableFollower`` (the marker
read on the still moment's picture when the form asks), and the from-scratch
:class:`VisionFeed`. The news field asks ``ColourGains(marker=1, steps="dev")``: the game
tracked the marker at side 1, so a marker seen at side 4 is 3 development points. A hand
over the marker leaves them to the players, and "please check" says why.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from rules.camera import ColourGains, ColourTotals, PrioritySide
from rules.prompt import Choice, Field
from rules.text import msg
from ui.app.follow_feed import FollowFeed
from ui.app.form import FormModel
from ui.benchmarks.resume import Frames  # a camera that shows one picture
from ui.i18n import translator
from vision.calibration import Calibration, calibrate
from vision.feed import VisionFeed
from vision.geometry import COLOURS, load_board, load_tokens
from vision.reader import TableReader
from vision.table_render import FrameSpec, calibration_frame, random_setup, render_frame

BOARD = load_board("control-board")
TOKENS = load_tokens()
SEED = 4242
START = {"red": 2, "yellow": 0, "blue": 0, "brown": 0, "white": 0}

COLOUR_CHOICES = tuple(Choice(c, msg(c)) for c in COLOURS)
TRAYS_NOW = Field(
    key="trays_now",
    label=msg("Markers on the control board now"),
    kind="counts",
    default=dict(START),
    choices=COLOUR_CHOICES,
    camera=ColourTotals(),
)
NEWS = Field(
    key="news",
    label=msg("Since the tribe's last step"),
    kind="counts",
    default={c: 0 for c in COLOURS} | {"vp": 0, "dev": 0},
    choices=(
        *COLOUR_CHOICES,
        Choice("vp", msg("VP")),
        Choice("dev", msg("development points")),
    ),
    camera=ColourGains(marker=1, steps="dev"),
)


@cache
def table() -> tuple[Any, Calibration]:
    setup = random_setup(BOARD, SEED, tilt=(20.0, 50.0))
    picture = render_frame(BOARD, setup, calibration_frame(BOARD, SEED + 55), TOKENS)
    return setup, calibrate([picture.image], [BOARD], TOKENS)


def picture(side: int, hand: int | None = None) -> np.ndarray:
    """2 red markers in the red tray (side 0), the priority marker at ``side``; a hand
    resting over tray ``hand`` (hand seed 0: over tray 2 it hides a marker at side 2)."""
    setup, _cal = table()
    spec = FrameSpec(
        seed=SEED * 10,
        counts={0: {"red": 2}},
        arrangement={0: "scattered"},
        priority_side=side,
        noise_seed=side,
        hand="none" if hand is None else "tray",
        hand_tray=hand,
        hand_seed=0,
    )
    return render_frame(BOARD, setup, spec, TOKENS).image


def following(image: np.ndarray) -> FollowFeed:
    """The app's following camera after a still moment showing ``image``."""
    _setup, cal = table()
    feed = FollowFeed(VisionFeed(TableReader(cal), Frames(image)))  # type: ignore[arg-type]
    feed.start({"0": {"red": 2}})
    for t in range(3):
        feed.step(image, float(t))
    assert feed.following and not feed.moving
    return feed


def test_the_followed_marker_gives_the_development_points() -> None:
    feed = following(picture(side=4))
    form = FormModel((NEWS, TRAYS_NOW), feed)
    assert form.values["news"] == {c: 0 for c in COLOURS} | {"vp": 0, "dev": 3}
    assert form.values["trays_now"] == START
    assert "news" in form.from_camera and "news" not in form.camera_notes
    marker = Field(key="side", label=msg("Priority marker"), kind="int", camera=PrioritySide())
    assert feed.read(marker) == 4 and feed.please_check(marker) is None


def test_the_marker_where_the_game_tracked_it_gives_none() -> None:
    feed = following(picture(side=1))
    form = FormModel((NEWS, TRAYS_NOW), feed)
    assert form.values["news"]["dev"] == 0 and "news" in form.from_camera


def test_the_marker_is_read_once_per_still_moment() -> None:
    feed = following(picture(side=4))
    first = feed.marker()
    assert feed.marker() is first  # the same moment: not read again
    feed.step(picture(side=5, hand=0), 10.0)  # a hand moves the marker
    # No tray changed, but a field asked for the marker: the new still moment says so,
    # and the app reads the camera fields again.
    assert any([feed.step(picture(side=5), 11.0 + t) for t in range(3)])
    assert feed.marker().side == 5


def test_a_still_moment_that_changed_no_tray_is_news_only_once_the_marker_was_asked() -> None:
    feed = following(picture(side=4))
    feed.step(picture(side=5, hand=0), 10.0)
    assert not any([feed.step(picture(side=5), 11.0 + t) for t in range(3)])


def test_a_hand_over_the_marker_leaves_the_points_to_the_players() -> None:
    feed = following(picture(side=2, hand=2))
    form = FormModel((NEWS, TRAYS_NOW), feed)
    assert form.values["news"]["dev"] == 0  # the default: the players enter it
    en = translator("en")
    note = form.camera_notes["news"].render(en)
    assert note.endswith(
        "development points: please check (the priority marker is hidden or not on the board)"
    )
    de = form.camera_notes["news"].render(translator("de"))
    assert "(der Prioritätsmarker ist verdeckt oder nicht auf der Steuertafel)" in de


def test_reading_from_scratch_gives_the_development_points() -> None:
    _setup, cal = table()
    camera = VisionFeed(TableReader(cal), Frames(picture(side=4)))  # type: ignore[arg-type]
    form = FormModel((NEWS, TRAYS_NOW), camera)
    assert form.values["news"]["dev"] == 3
    assert camera.reading().priority_side == 4


def test_reading_from_scratch_a_hidden_marker_says_why() -> None:
    _setup, cal = table()
    camera = VisionFeed(TableReader(cal), Frames(picture(side=2, hand=2)))  # type: ignore[arg-type]
    form = FormModel((NEWS, TRAYS_NOW), camera)
    assert form.values["news"]["dev"] == 0
    note = form.camera_notes["news"].render(translator("en"))
    assert note.endswith(
        "development points: please check (the priority marker is hidden or not on the board)"
    )
