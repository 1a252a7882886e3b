"""Facts beside a picture mirror what the players tap (docs/board-scenes.md, Live values)."""

from __future__ import annotations

from typing import Any

from rules.registry import editor_for
from rules.session import Session
from ui.painters.card_grid import live_label
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


def _nomad_card_page(go: str) -> tuple[Session, dict[str, Any]]:
    editor = editor_for("nomads")
    session = Session(editor, {}, seed=1)
    session.answer({"go": go})
    return session, editor.board(session.state)


def test_a_nomad_card_top_shows_the_arrows_and_labor_as_they_are_tapped() -> None:
    _, scene = _nomad_card_page("card-1")
    cells = {c["id"]: c for c in scene["cells"]}
    assert live_label(cells["big/1"], {"big": "left"}) == {"t": "left"}
    assert live_label(cells["small/1"], {"small": "down"}) == {"t": "down"}
    assert live_label(cells["workforce/1"], {"workforce": 3}) == "3"
    assert live_label(cells["workforce/1"], {}) == {"t": "?"}  # nothing tapped yet
    assert live_label(cells["big/0"], {"big": "left"}) == {"t": "Big arrow"}  # the name stays
