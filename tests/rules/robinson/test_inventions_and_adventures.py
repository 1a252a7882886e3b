"""Inventions (ownership, terrain from revealed tiles), exploration, adventure icons."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from tests.rules.robinson.helpers import place, resolve_all, set_up, to_placement


def test_builder_owns_the_invention_and_nobody_else_can_build_it() -> None:
    session = set_up([("10", "beach"), ("11", "hills")])
    to_placement(session)
    place(session, ("build", "shovel"), ("rest", ""), ("rest", ""), ("rest", ""))
    resolve_all(session)
    red, blue = session.state["players"]
    assert red["cards"]["shovel"] == {"kind": "invention", "markers": None}
    assert "shovel" not in blue["cards"]
    session.answer({})
    session.answer({})
    session.answer({})  # night -> round 2, blue first
    to_placement(session)
    with pytest.raises(IllegalInput, match="belongs to red"):
        place(session, ("build", "shovel"))


def test_terrain_revealed_by_another_player_counts() -> None:
    # Beach is revealed only under red's own camp... and at tile 5, revealed by blue.
    session = set_up([("10", "hills"), ("12", "hills")])
    to_placement(session)
    place(session, ("rest", ""), ("explore", "5"), ("rest", ""), ("rest", ""))
    resolve_all(session, terrain="beach")
    for _ in range(3):
        session.answer({})
    to_placement(session)  # blue is first now
    place(session, ("rest", ""))
    decision = place(session, ("build", "shovel"))  # red uses blue's beach on tile 5
    assert decision is not None
    assert any("beach available on tile 5" in step.finding.english() for step in decision.trace)


def test_terrain_under_an_enemy_camp_does_not_count() -> None:
    session = set_up([("10", "hills"), ("11", "beach")])
    to_placement(session)
    with pytest.raises(IllegalInput, match="only on tiles with an enemy camp"):
        place(session, ("build", "shovel"))
    with pytest.raises(IllegalInput, match="no river tile is revealed"):
        place(session, ("build", "pot"))
    place(session, ("build", "fire"))  # hills under red's own camp: fine


def test_items_of_other_players_cannot_be_used() -> None:
    session = set_up([("10", "plains"), ("11", "plains"), ("3", "hills")])
    to_placement(session)
    # red builds rope (plains at own camp); later blue cannot build basket with red's rope.
    place(session, ("build", "rope"), ("rest", ""), ("rest", ""))
    place(session, ("rest", ""), ("rest", ""), ("rest", ""))
    resolve_all(session)
    for _ in range(4):
        session.answer({})
    to_placement(session)  # blue first
    with pytest.raises(IllegalInput, match="belongs to red; steal it first"):
        place(session, ("build", "basket"))


def test_exploration_rewards_only_the_discoverer() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("rest", ""), ("rest", ""), ("rest", ""))
    decisions = resolve_all(session, terrain="river")
    explored = next(d for d in decisions if d is not None and "explore" in str(d.summary))
    assert "Only red takes the discovery tokens" in str(explored.instructions[0])
    assert session.state["revealed"]["5"] == "river"
    assert session.state["discovered_by"] == {"5": "red"}


def test_explored_tile_needs_its_terrain() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("rest", ""), ("rest", ""), ("rest", ""))
    with pytest.raises(IllegalInput, match="terrain"):
        session.answer({"success": True})
    session.answer({"success": False})
    assert "5" not in session.state["revealed"]


def test_rolled_adventure_icon_gives_the_scenario_event_not_a_card() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("gather", "10 wood"), ("rest", ""), ("rest", ""), ("rest", ""))
    assert session.prompt().fields[1].label.english() == "Adventure icon rolled?"
    decision = session.answer({"adventure": True})
    assert decision is not None
    text = " ".join(str(i) for i in decision.instructions)
    assert "draws no adventure card" in text and "hidden cache" in text


def test_adventure_token_triggers_the_special_event_once() -> None:
    session = set_up()
    to_placement(session, icon="adventure-building")
    place(session, ("roof", ""), ("roof", ""), ("rest", ""), ("rest", ""))
    first = session.answer({})
    assert first is not None and "special adventure event" in str(first.instructions[-1])
    second = session.answer({})
    assert second is not None and "special adventure event" not in " ".join(
        str(i) for i in second.instructions
    )
    assert session.state["adventure_tokens"] == []


def test_a_player_not_rolling_may_choose_the_special_event() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("gather", "10 food"), ("rest", ""), ("gather", "10 food"), ("rest", ""))
    labels = [f.label.english() for f in session.prompt().fields]
    assert "Not rolling: resolve the special adventure event anyway?" in labels
    plain = session.answer({})
    assert plain is not None and "adventure" not in " ".join(str(i) for i in plain.instructions)
    session.undo()
    chosen = session.answer({"adventure": True})
    assert chosen is not None and "hidden cache" in " ".join(str(i) for i in chosen.instructions)
    assert any("chose it without rolling" in t.finding.english() for t in chosen.trace)
