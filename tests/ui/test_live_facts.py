"""Facts beside a picture mirror what the players tap (docs/board-scenes.md, Live values)."""

from __future__ import annotations

from rules.registry import editor_for
from rules.session import Session
from ui.painters.places import live_fact

LABELS = {"fishing": {"t": "fishing"}, "hunting": {"t": "hunting"}, "white": {"t": "white"}}


def test_a_fact_shows_the_nth_pick_of_an_order_field_by_its_label() -> None:
    live = {"fields": [["symbols", 1]], "labels": LABELS}
    assert live_fact(live, {"t": "?"}, {"symbols": ["fishing", "hunting"]}) == {"t": "hunting"}
    assert live_fact(live, {"t": "?"}, {"symbols": ["fishing"]}) == {"t": "?"}  # not yet
    assert live_fact(live, {"t": "?"}, {}) == {"t": "?"}  # the step does not ask it


def test_two_fields_are_joined_in_one_row() -> None:
    live = {"fields": [["trays", 0], ["icons", 0]], "labels": LABELS}
    shown = live_fact(live, "?", {"trays": ["white"], "icons": ["fishing"]})
    assert shown == {"t": "{v0} · {v1}", "p": {"v0": {"t": "white"}, "v1": {"t": "fishing"}}}


def test_the_marauder_tile_page_mirrors_the_symbols_as_they_are_tapped() -> None:
    editor = editor_for("marauders")
    session = Session(editor, {}, seed=1)
    session.answer({"go": "tile-1"})
    facts = editor.board(session.state)["facts"]
    assert [f[2]["fields"] for f in facts] == [[["symbols", n]] for n in range(6)]
    assert live_fact(facts[2][2], facts[2][1], {"symbols": ["fishing", "hunting", "ceremony"]}) == {
        "t": "ceremony"
    }
