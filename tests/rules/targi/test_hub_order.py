"""The action hub's options (reading 18, docs/targi.md): the default first, a tribe card by
either player next to it, the rarer events grouped by kind after them."""

from __future__ import annotations

from tests.rules.targi.helpers import choices, started, to_actions


def test_tribe_cards_come_right_after_the_default_then_the_rarer_events_by_kind() -> None:
    session = started(blue="joker", white="joker")  # both keep the renounce tile
    to_actions(session)
    assert session.prompt().fields[0].default == "end-round"
    offered = choices(session, "event")
    assert offered[:5] == [
        "end-round",
        "card:blue",
        "card:white",
        "renounce:blue",
        "renounce:white",
    ]
    assert offered[-3:] == ["count:blue", "count:white", "game-end"]
    fata = offered[5:-3]
    assert all(o.startswith("fata:") for o in fata)


def test_a_used_renounce_tile_leaves_the_cards_next_to_the_default() -> None:
    session = started(blue="joker", white="joker")
    to_actions(session)
    session.answer({"event": "renounce:blue"})
    offered = choices(session, "event")
    assert offered[:4] == ["end-round", "card:blue", "card:white", "renounce:white"]
