"""Set-up and the six phases with their versus changes."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from tests.rules.robinson.helpers import GAME, place, resolve_all, set_up, to_placement


def test_setup_two_starting_items_each_own_camp_and_versus_instructions() -> None:
    session = Session(GAME, {"players": 2}, seed=1)
    lines = " ".join(str(line) for line in session.prompt().lines)
    assert "two players" in lines and "No wreckage card" in lines and "no adventure cards" in lines
    with pytest.raises(IllegalInput, match="exactly 2 starting items"):
        session.answer({"camp": "10", "terrain": "beach", "items": ["axe"]})
    session.answer({"camp": "10", "terrain": "beach", "items": ["axe", "pistol"]})
    with pytest.raises(IllegalInput, match="already red's"):
        session.answer({"camp": "11", "terrain": "hills", "items": ["axe", "flask"]})
    with pytest.raises(IllegalInput, match="camp is already on tile 10"):
        session.answer({"camp": "10", "terrain": "beach", "items": ["flask", "compass"]})
    session.answer({"camp": "11", "terrain": "hills", "items": ["flask", "compass"]})
    red = session.state["players"][0]
    assert red["cards"] == {
        "axe": {"kind": "starting", "markers": 2},
        "pistol": {"kind": "starting", "markers": 2},
    }
    assert session.prompt().step == "event"


def test_first_player_must_be_seated() -> None:
    with pytest.raises(IllegalInput, match="colours are red, blue"):
        Session(GAME, {"players": 2, "first": "green"}, seed=1)


def test_event_book_icon_only_resolves_the_scenario_effect() -> None:
    session = set_up()
    lines = " ".join(str(x) for x in session.prompt().lines)
    assert "do not resolve it and do not put it on the threat field" in lines
    decision = session.answer({"icon": "book"})
    assert decision is not None
    assert "Every player loses 1 food" in str(decision.instructions[0])
    assert session.state["adventure_tokens"] == []
    assert session.prompt().step == "morale"


def test_event_adventure_icon_places_a_token() -> None:
    session = set_up()
    session.answer({"icon": "adventure-exploring"})
    assert session.state["adventure_tokens"] == ["exploring"]


def test_morale_always_one_and_a_determination_token_for_everyone() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("8", "river")])
    session.answer({"icon": "book"})
    decision = session.answer({})
    assert decision is not None and "Morale 1" in str(decision.summary)
    assert [p["determination"] for p in session.state["players"]] == [1, 1, 1]


def test_production_at_each_camp_tile() -> None:
    session = set_up()
    session.answer({"icon": "book"})
    session.answer({})
    lines = [str(line) for line in session.prompt().lines]
    assert lines == [
        "red takes the resources of tile 10, where their camp is.",
        "blue takes the resources of tile 11, where their camp is.",
    ]


def test_placement_alternates_one_pawn_at_a_time_in_player_order() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("8", "river")], first="blue")
    to_placement(session, changes="green pawns +1")
    order = []
    while session.prompt().step == "placement":
        order.append(session.state["placer"])
        session.answer({"action": "rest"})
    # blue first, clockwise (green, red), one pawn each; green's third pawn last.
    assert order == ["blue", "green", "red", "blue", "green", "red", "green"]


def test_no_two_players_on_the_same_spot_except_camp_actions() -> None:
    session = set_up()
    to_placement(session, changes="red pawns +1, blue pawns +1")
    place(session, ("explore", "5"))
    with pytest.raises(IllegalInput, match="only the camp actions are shared"):
        place(session, ("explore", "5"))
    place(session, ("roof", ""))
    place(session, ("roof", ""))  # red joins a camp action: allowed
    place(session, ("hunt", ""))
    with pytest.raises(IllegalInput, match="blue already placed on hunt"):
        place(session, ("hunt", ""))
    for action in ("shelter", "palisade", "weapon", "arrange", "rest"):
        assert place(session, (action, "")) is not None
        session.undo()


def test_same_player_may_add_pawns_to_their_own_spot() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("rest", ""), ("explore", "5"))
    assert session.state["placements"][-1] == {"player": "red", "spot": "explore:5"}


def test_no_gathering_on_a_tile_with_an_enemy_camp() -> None:
    session = set_up()
    to_placement(session)
    with pytest.raises(IllegalInput, match="enemy camp"):
        place(session, ("gather", "11 wood"))
    place(session, ("gather", "10 wood"))  # own camp tile is fine


def test_resolution_in_cooperative_order_first_player_first_on_same_action() -> None:
    session = set_up()
    to_placement(session)
    # red (first) rests, blue builds roof, red builds roof, blue hunts.
    decision = place(session, ("rest", ""), ("roof", ""), ("roof", ""), ("hunt", ""))
    assert decision is not None
    listed = [str(line) for line in decision.instructions]
    assert listed == [
        "1. blue: hunt (1 pawn(s))",
        "2. red: camp:roof (1 pawn(s))",
        "3. blue: camp:roof (1 pawn(s))",
        "4. red: camp:rest (1 pawn(s))",
    ]
    resolve_all(session)
    assert [p["roof"] for p in session.state["players"]] == [1, 1]


def test_weather_first_player_rolls_once_everyone_affected() -> None:
    session = set_up(first="blue")
    to_placement(session)
    place(session, ("rest", ""), ("rest", ""), ("rest", ""), ("rest", ""))
    resolve_all(session)
    prompt = session.prompt()
    assert prompt.step == "weather" and "blue rolls once" in str(prompt.title)
    session.answer({"hearts": {"red": 2, "blue": 1}})
    assert [p["hearts"] for p in session.state["players"]] == [7, 8]


def finish_day(session: Session) -> None:
    to_placement(session)
    while session.prompt().step == "placement":
        session.answer({"action": "rest"})
    resolve_all(session)
    session.answer({})  # weather


def test_night_each_eats_alone_and_camps_move_in_order_never_onto_another_camp() -> None:
    session = set_up([("10", "beach"), ("11", "hills"), ("9", "river")])
    finish_day(session)
    assert session.prompt().step == "night" and "red" in str(session.prompt().title)
    with pytest.raises(IllegalInput, match="another camp"):
        session.answer({"camp": "11"})
    with pytest.raises(IllegalInput, match="not explored"):
        session.answer({"camp": "4"})
    session.answer({"hearts": 2, "camp": "stay"})
    assert "blue" in str(session.prompt().title)
    session.answer({"camp": "stay"})
    # green may not move onto red's camp either; red stayed on 10.
    with pytest.raises(IllegalInput, match="red's camp is on tile 10"):
        session.answer({"camp": "10"})
    session.answer({})
    assert session.state["players"][0]["hearts"] == 7
    assert session.state["first"] == "blue" and session.state["round"] == 2
    assert session.prompt().step == "event"


def test_camp_moves_to_an_explored_free_tile() -> None:
    session = set_up()
    to_placement(session)
    place(session, ("explore", "5"), ("rest", ""), ("rest", ""), ("rest", ""))
    resolve_all(session, terrain="plains")
    session.answer({})
    decision = session.answer({"camp": "5"})
    assert decision is not None and session.state["players"][0]["camp"] == "5"


def test_game_ends_after_the_scenarios_rounds() -> None:
    session = set_up()
    state = session.state
    assert state["round"] == 1
    rounds = 0
    while session.prompt().step != "over":
        finish_day(session)
        session.answer({})
        session.answer({})
        rounds += 1
    assert rounds == 10  # example scenario: 10 rounds
    assert "victory condition" in str(session.prompt().lines[0])
