"""Attacks, the defender's palisade, rewards, stealing cards, death and elimination."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.robinson.helpers import place, resolve_all, set_up, to_placement


def attack_setup(changes: str, camps=None, first: str = "red") -> Session:
    session = set_up(camps or [("10", "beach"), ("11", "hills")], first=first)
    to_placement(session, changes=changes)
    return session


def test_adjacent_camp_needs_one_pawn_and_the_higher_weapon_wins() -> None:
    session = attack_setup("red weapon +3, blue weapon +1")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    decision = session.answer({})
    assert decision is not None and "red wins the fight against blue" in str(decision.summary)
    assert session.state["players"][1]["hearts"] == 9 - 2  # difference 3 - 1
    assert session.prompt().step == "reward"


def test_defender_wins_and_attacker_loses_the_difference() -> None:
    session = attack_setup("blue weapon +2")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    session.answer({})
    assert session.state["players"][0]["hearts"] == 7
    assert session.prompt().step == "resolve"  # no reward for a losing attacker


def test_tie_has_no_winner_and_no_loser() -> None:
    session = attack_setup("red weapon +2, blue weapon +2")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    decision = session.answer({})
    assert decision is not None and "a tie" in str(decision.summary)
    assert [p["hearts"] for p in session.state["players"]] == [9, 9]


def test_defenders_palisade_bonus_costs_one_palisade() -> None:
    session = attack_setup("red weapon +3, blue weapon +1, blue palisade +2")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    decision = session.answer({"palisade_bonus": True})
    assert decision is not None and "tie" in str(decision.summary)  # 3 vs 1 + 2
    blue = session.state["players"][1]
    assert blue["palisade"] == 1 and blue["hearts"] == 9


def test_no_palisade_no_bonus_offered() -> None:
    session = attack_setup("red weapon +1")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    assert [f.key for f in session.prompt().fields] == ["changes"]
    with pytest.raises(IllegalInput, match="does not ask for palisade_bonus"):
        session.answer({"palisade_bonus": True})


def test_camp_two_spaces_away_needs_two_pawns() -> None:
    session = attack_setup("red weapon +1", camps=[("10", "beach"), ("12", "hills")])
    place(session, ("attack", "blue"), ("rest", ""))
    with pytest.raises(IllegalInput, match="still needs 1 more pawn"):
        place(session, ("rest", ""))
    place(session, ("attack", "blue"), ("rest", ""))
    decision = session.answer({})
    assert decision is not None and "red wins" in str(decision.summary)


def test_two_spaces_with_one_pawn_left_is_refused() -> None:
    session = attack_setup("", camps=[("10", "beach"), ("12", "hills")])
    place(session, ("rest", ""), ("rest", ""))
    with pytest.raises(IllegalInput, match="2 pawns needed"):
        place(session, ("attack", "blue"))


def test_camps_further_than_two_spaces_cannot_be_attacked() -> None:
    session = attack_setup("", camps=[("8", "beach"), ("12", "hills")])
    with pytest.raises(IllegalInput, match="4 spaces away"):
        place(session, ("attack", "blue"))


def test_one_attacker_per_camp_and_no_attack_on_self() -> None:
    session = attack_setup("", camps=[("10", "beach"), ("11", "hills"), ("9", "river")])
    with pytest.raises(IllegalInput, match="own camp"):
        place(session, ("attack", "red"))
    place(session, ("attack", "blue"))
    place(session, ("rest", ""))
    with pytest.raises(IllegalInput, match="red already placed on attack:blue"):
        place(session, ("attack", "blue"))


def test_winner_steals_an_invention_kept_built_bonus_at_end_of_phase() -> None:
    session = set_up([("10", "beach"), ("11", "mountains")])
    to_placement(session, changes="red weapon +2")
    place(session, ("attack", "blue"), ("build", "knife"), ("rest", ""), ("rest", ""))
    # Hunting (the attack) resolves before building: blue builds the knife first? No:
    # the attack comes first, so blue has nothing but starting items yet.
    session.answer({})
    reward = session.prompt()
    assert reward.step == "reward"
    assert [c.value for c in reward.fields[1].choices] == ["none", "biscuits", "blanket"]
    with pytest.raises(IllegalInput, match="choose the card"):
        session.answer({"reward": "steal-invention"})
    decision = session.answer({"reward": "steal-invention", "card": "blanket"})
    assert decision is not None
    red = session.state["players"][0]
    assert red["cards"]["blanket"] == {"kind": "starting", "markers": 2}  # markers kept


def test_stolen_invention_one_time_bonus_comes_at_end_of_phase() -> None:
    session = set_up([("10", "beach"), ("11", "mountains")])
    to_placement(session)
    place(session, ("rest", ""), ("build", "knife"), ("rest", ""), ("rest", ""))
    resolve_all(session)
    assert "knife" in session.state["players"][1]["cards"]
    for _ in range(3):
        session.answer({})  # weather, two nights
    # round 2: blue first; red attacks blue and steals the knife.
    to_placement(session, changes="red weapon +2")
    place(session, ("rest", ""), ("attack", "blue"), ("rest", ""), ("rest", ""))
    session.answer({})
    decision = session.answer({"reward": "steal-invention", "card": "knife"})
    assert decision is not None
    assert session.state["players"][0]["cards"]["knife"] == {"kind": "invention", "markers": None}
    assert session.state["pending_bonus"] == [{"player": "red", "card": "knife"}]
    assert "one-time bonus" not in " ".join(str(i) for i in decision.instructions)
    last = resolve_all(session)[-1]  # the last resolution closes the action phase
    assert last is not None
    assert "End of phase: red receives the one-time bonus of knife" in " ".join(
        str(i) for i in last.instructions
    )
    assert session.state["pending_bonus"] == []


def test_steal_through_changes_keeps_markers_of_starting_cards() -> None:
    session = set_up()
    session.answer({"icon": "book", "changes": "blue uses biscuits, red steals biscuits from blue"})
    assert session.state["players"][0]["cards"]["biscuits"] == {"kind": "starting", "markers": 1}
    assert "biscuits" not in session.state["players"][1]["cards"]


def test_death_eliminates_and_inventions_go_back() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")])
    to_placement(session)
    place(session, ("build", "shovel"), ("rest", ""), ("rest", ""))
    place(session, ("rest", ""), ("rest", ""), ("rest", ""))
    resolve_all(session)
    assert "shovel" in session.state["players"][0]["cards"]
    decision = session.answer({"changes": "red hearts -9"})
    assert decision is not None
    red = session.state["players"][0]
    assert not red["alive"] and red["cards"] == {} and red["camp"] is None
    text = " ".join(str(i) for i in decision.instructions)
    assert "red is eliminated" in text and "back to the main board: shovel" in text
    assert [q for q in session.state["queue"]] == ["blue", "green"]  # red skips the night
    # The shovel can be built again by someone else.
    session.answer({})
    session.answer({})
    to_placement(session)
    assert session.state["placer"] == "blue"
    assert place(session, ("build", "shovel")) is not None


def test_fatal_fight_winner_may_take_everything() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")])
    to_placement(session, changes="red weapon +4, blue hearts -6")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""))
    place(session, ("rest", ""), ("rest", ""), ("rest", ""))
    decision = session.answer({})
    assert decision is not None and "blue is eliminated" in " ".join(
        str(i) for i in decision.instructions
    )
    assert session.prompt().step == "spoils"
    session.answer({"take": True})
    red = session.state["players"][0]
    assert red["cards"]["biscuits"] == {"kind": "starting", "markers": 2}
    assert "blanket" in red["cards"]
    assert session.prompt().step == "resolve"


def test_fatal_fight_winner_may_decline() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")])
    to_placement(session, changes="red weapon +4, blue hearts -6")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""))
    place(session, ("rest", ""), ("rest", ""), ("rest", ""))
    session.answer({})
    session.answer({"take": False})
    assert session.state["players"][0]["cards"].keys() == {"axe", "pistol"}


def test_last_player_standing_wins() -> None:
    session = attack_setup("red weapon +9")
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    session.answer({})
    prompt = session.prompt()
    assert prompt.finished and "red is the last player standing" in str(prompt.lines[0])


def test_attack_on_a_player_who_died_earlier_does_not_happen() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")], first="green")
    to_placement(session, changes="red weapon +5")
    # green hunts (resolved first in the hunting slot), red attacks blue.
    place(session, ("hunt", ""), ("attack", "blue"), ("explore", "5"))
    place(session, ("rest", ""), ("rest", ""), ("rest", ""))
    session.answer({"changes": "blue hearts -9"})  # green's hunt: blue dies meanwhile
    assert not any(item["player"] == "blue" for item in session.state["queue"])
    decision = session.answer({})
    assert decision is not None and "blue is out of the game: no fight" in str(decision.summary)


def test_first_player_passes_clockwise_skipping_the_eliminated() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")])
    to_placement(session, changes="blue hearts -9")
    while session.prompt().step == "placement":
        session.answer({"action": "rest"})
    resolve_all(session)
    session.answer({})  # weather
    session.answer({})  # red's night
    session.answer({})  # green's night (blue is out)
    assert session.state["first"] == "green"


def test_no_card_to_steal_is_explained() -> None:
    session = attack_setup(
        "red weapon +1, red steals biscuits from blue, red steals blanket from blue"
    )
    place(session, ("attack", "blue"), ("rest", ""), ("rest", ""), ("rest", ""))
    session.answer({})
    with pytest.raises(IllegalInput, match="blue has no card to steal"):
        session.answer({"reward": "steal-invention"})
    session.answer({"reward": "resources"})
    assert session.prompt().step == "resolve"
