"""FollowFeed's words and fields from a followed state (no Kivy, no frames).

The follower here is a scripted double with the interface of ``vision.follow.TableFollower``
(``trays``, ``expect``, ``confirm``); tests/ui/test_gui_follow.py runs the real one on
rendered frames in the real app. Sides and colours are the Marauders example's: side 0
white, 1 brown, 2 red, 3 yellow, 4 blue, 5 no tray.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from rules.camera import ColourGains
from rules.prompt import Choice, Field
from rules.text import msg
from ui.app.follow_feed import FollowFeed, follow_confirmed
from ui.app.form import FormModel
from ui.i18n import translator
from vision.follow import TrayFollow
from vision.geometry import COLOURS, load_board

SIDES = {"0": "white", "1": "brown", "2": "red", "3": "yellow", "4": "blue", "5": None}


class ScriptedFollower:
    """Stands in for TableFollower: the test sets :attr:`trays`; it records what it is told."""

    def __init__(self) -> None:
        self.trays: dict[str, TrayFollow] = {}
        self.expected: list[Any] = []
        self.confirmed: list[Any] = []

    def expect(self, change: Any) -> None:
        self.expected.append(change)

    def confirm(self, counts: Any) -> None:
        self.confirmed.append(counts)
        for side, c in counts.items():
            self.trays[side] = TrayFollow({k: c.get(k, 0) for k in COLOURS}, True, None)


def tray(sure: bool = True, why: str | None = None, **n: int) -> TrayFollow:
    return TrayFollow({c: n.get(c, 0) for c in COLOURS}, sure, why)


def camera(trays: dict[str, TrayFollow]) -> tuple[FollowFeed, ScriptedFollower]:
    board = load_board("control-board")
    vision = SimpleNamespace(reader=SimpleNamespace(calibration=SimpleNamespace(boards=[board])))
    feed = FollowFeed(vision)  # type: ignore[arg-type]
    follower = ScriptedFollower()
    follower.trays = trays
    feed.follower = follower  # type: ignore[assignment]
    feed.colours = dict(SIDES)
    feed.trays = dict(trays)
    feed.moving = False
    return feed, follower


COLOUR_CHOICES = tuple(Choice(c, msg(c)) for c in COLOURS)
TRAYS_NOW = Field(
    key="trays_now",
    label=msg("Markers on the control board now"),
    kind="counts",
    default={"red": 1, "yellow": 0, "blue": 0, "brown": 0, "white": 0},
    choices=COLOUR_CHOICES,
    camera="colour_totals",
)
NEWS = Field(
    key="news",
    label=msg("Since the tribe's last step"),
    kind="counts",
    default={c: 0 for c in COLOURS} | {"vp": 0, "dev": 0},
    choices=(*COLOUR_CHOICES, Choice("vp", msg("VP")), Choice("dev", msg("dev"))),
    camera="colour_gains",
)


#: The Marauders spring income: markers onto trays the game tracked as 1 red; its
#: default is last spring's income. No ColourTotals field on the same form.
INCOME = Field(
    key="income",
    label=msg("Resources the tribe earns now"),
    kind="counts",
    default={"red": 1, "yellow": 1, "blue": 0, "brown": 0, "white": 1},
    choices=COLOUR_CHOICES,
    camera=ColourGains.since({"red": 1, "yellow": 0, "blue": 0, "brown": 0, "white": 0}),
)


def table() -> dict[str, TrayFollow]:
    """1 red marker tracked before; now 3 red, 2 yellow (sure), 1 blue under a hand."""
    return {
        "0": tray(),
        "1": tray(),
        "2": tray(red=3),
        "3": tray(yellow=2),
        "4": tray(False, "hand", blue=1),
        "5": tray(),
    }


def test_news_and_trays_are_filled_from_the_followed_state() -> None:
    feed, _ = camera(table())
    form = FormModel((NEWS, TRAYS_NOW), feed)
    assert form.values["trays_now"] == {"red": 3, "yellow": 2, "blue": 1, "brown": 0, "white": 0}
    # News: what came onto the trays since the tracked counts (1 red then).
    assert form.values["news"] == {
        "red": 2,
        "yellow": 2,
        "blue": 1,
        "brown": 0,
        "white": 0,
        "vp": 0,
        "dev": 0,
    }
    assert form.from_camera == {"news", "trays_now"}
    en = translator("en")
    assert (
        form.camera_notes["news"].render(en) == "The blue tray: please check (a hand was over it)"
    )
    assert form.camera_notes["trays_now"].render(en) == form.camera_notes["news"].render(en)


@pytest.mark.parametrize(
    ("why", "en", "de", "pt"),
    [
        (
            "hand",
            "The blue tray: please check (a hand was over it)",
            "Das blaue Fach: bitte prüfen (eine Hand war darüber)",
            "O compartimento azul: confira (havia uma mão sobre ele)",
        ),
        (
            "stack",
            "The blue tray: please check (a cube seems to lie on another); "
            "lay the markers side by side, not stacked",
            "Das blaue Fach: bitte prüfen (ein Würfel scheint auf einem anderen zu liegen); "
            "die Marker nebeneinander legen, nicht stapeln",
            "O compartimento azul: confira (um cubo parece estar sobre outro); "
            "coloque os marcadores lado a lado, sem empilhar",
        ),
        (
            "uncounted-change",
            "The blue tray: please check (it changed in a way the camera could not count)",
            "Das blaue Fach: bitte prüfen "
            "(es hat sich so verändert, dass die Kamera nicht zählen konnte)",
            "O compartimento azul: confira (mudou de um jeito que a câmera não conseguiu contar)",
        ),
        (
            "unseen",
            "The blue tray: please check (the camera cannot see it)",
            "Das blaue Fach: bitte prüfen (die Kamera sieht es nicht)",
            "O compartimento azul: confira (a câmera não o vê)",
        ),
    ],
)
def test_please_check_names_the_tray_by_colour_and_says_why(
    why: str, en: str, de: str, pt: str
) -> None:
    trays = table()
    trays["4"] = tray(False, why, blue=1)
    feed, _ = camera(trays)
    note = feed.please_check(TRAYS_NOW)
    assert note is not None
    assert (note.render(translator("en")), note.render(translator("de"))) == (en, de)
    assert note.render(translator("pt")) == pt


def test_several_trays_to_check_are_each_named() -> None:
    trays = table()
    trays["0"] = tray(False, "stack", white=2)
    feed, _ = camera(trays)
    note = feed.please_check(TRAYS_NOW)
    assert note is not None and note.render(translator("en")) == (
        "The white tray: please check (a cube seems to lie on another); "
        "The blue tray: please check (a hand was over it); "
        "lay the markers side by side, not stacked"
    )
    assert feed.describe().render(translator("en")) == "Camera: check 2 trays"


def test_all_sure_asks_nothing_and_the_status_says_so() -> None:
    trays = table()
    trays["4"] = tray(blue=1)
    feed, _ = camera(trays)
    assert feed.please_check(TRAYS_NOW) is None
    assert (
        feed.describe().render(translator("de")) == "Kamera: folgt 5 Fächern"
    )  # side 5 has no tray


def test_the_players_confirmed_counts_go_to_their_trays() -> None:
    feed, follower = camera(table())
    form = FormModel((NEWS, TRAYS_NOW), feed)
    form.step("trays_now", +1, "blue")  # the players saw 2 blue markers
    follow_confirmed(feed, form)
    assert follower.confirmed == [
        {
            "0": {"white": 0},
            "1": {"brown": 0},
            "2": {"red": 3},
            "3": {"yellow": 2},
            "4": {"blue": 2},
        }
    ]
    assert feed.snapshot()["4"] == tray(blue=2)


def test_the_reading_for_the_closed_loop() -> None:
    feed, _ = camera(table())
    reading = feed.reading()
    assert reading.status == "ok" and reading.needs_confirmation
    by_side = {t.side: t for t in reading.trays}
    assert by_side[4].occluded and not by_side[4].sure and by_side[4].colour == "blue"
    assert by_side[3].sure and by_side[3].counts == tray(yellow=2).counts
    feed.moving = True  # hands over the table: the closed loop waits
    assert feed.reading().status == "moving"


def test_the_income_is_filled_from_the_followed_state_without_a_totals_field() -> None:
    feed, _ = camera(table())
    form = FormModel((INCOME,), feed)
    # Followed now 3 red, 2 yellow, 1 blue (under a hand); the game tracked 1 red.
    assert form.values["income"] == {"red": 2, "yellow": 2, "blue": 1, "brown": 0, "white": 0}
    assert form.from_camera == {"income"}
    note = form.camera_notes["income"]
    assert note.render(translator("en")) == "The blue tray: please check (a hand was over it)"
    assert (
        note.render(translator("pt")) == "O compartimento azul: confira (havia uma mão sobre ele)"
    )


def test_the_income_without_a_followed_tray_keeps_last_springs_default() -> None:
    feed, _ = camera(table())
    feed.follower = None  # not following: the wrapped feed's reading (none here)
    feed.feed = SimpleNamespace(  # type: ignore[assignment]
        read=lambda field: None, please_check=lambda field: None
    )
    form = FormModel((INCOME,), feed)
    assert form.values["income"] == INCOME.default
    assert form.from_camera == set() and form.camera_notes == {}


def test_the_confirmed_income_goes_onto_the_tracked_trays() -> None:
    feed, follower = camera(table())
    form = FormModel((INCOME,), feed)
    form.step("income", -1, "blue")  # the players saw no blue marker come in
    follow_confirmed(feed, form)
    assert follower.confirmed == [
        {
            "0": {"white": 0},
            "1": {"brown": 0},
            "2": {"red": 3},
            "3": {"yellow": 2},
            "4": {"blue": 0},
        }
    ]
    assert feed.snapshot()["4"] == tray()
