"""Every field kind reaches every front end (issue 25 item 2): a kind that lacks a widget,
a terminal line or a test game's field fails here, not on a table."""

from __future__ import annotations

from rules.kinds import KINDS
from tests.ui.support.kinds_game import kinds_fields
from ui.app.fields import WIDGETS, FieldBox
from ui.terminal import HOW


def test_every_kind_names_a_widget_the_app_builds() -> None:
    for name, kind in KINDS.items():
        assert kind.widget in WIDGETS, f"{name}: no widget '{kind.widget}' in ui/app/fields.py"
    for build, update in WIDGETS.values():
        assert callable(getattr(FieldBox, build)) and callable(getattr(FieldBox, update))


def test_every_kind_has_a_terminal_line() -> None:
    assert set(HOW) == set(KINDS)


def test_the_kinds_test_game_asks_every_kind() -> None:
    """The GUI and terminal tests play the kinds game: it must ask each kind once."""
    assert sorted(f.kind for f in kinds_fields()) == sorted(KINDS)
