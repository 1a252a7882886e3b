"""Confrontational variants: who controls which hex; who advanced furthest."""

from __future__ import annotations

import copy

import pytest

from rules.errors import IllegalInput, SituationError
from rules.games.anteportas.asking import Asker, Log
from rules.games.anteportas.versus import advance as _advance
from rules.games.anteportas.versus import area_control as _area_control
from rules.games.anteportas.versus import capture_the_flag as _capture_the_flag
from rules.games.anteportas.versus_play import end_turn, play
from rules.session import Session
from tests.rules.anteportas.helpers import DECISIONS, GAME, KIT, building, side


def area_control(units, spawns):  # type: ignore[no-untyped-def]
    return _area_control(units, spawns, KIT)


def capture_the_flag(mobile):  # type: ignore[no-untyped-def]
    return _capture_the_flag(mobile, KIT)


def advance(team, hex_id):  # type: ignore[no-untyped-def]
    return _advance(team, hex_id, KIT)


def decide_area_control(situation):  # type: ignore[no-untyped-def]
    return DECISIONS["area-control"](situation)


def decide_capture_the_flag(situation):  # type: ignore[no-untyped-def]
    return DECISIONS["capture-the-flag"](situation)


def test_control_is_sight_not_shared_with_the_other_team() -> None:
    units = {"A": {4: side("F", building("guard_post"))}, "B": {12: side("F")}}
    result = area_control(units, {"A": 2, "B": 27})
    # A sees 2, 4, 6, 7, 9, 10, 14; B sees 27 and 12 (its Soldier); none overlap.
    assert result["control"]["A"] == [2, 4, 6, 7, 9, 10, 14]
    assert result["control"]["B"] == [12, 27]
    assert result["winner"] == "A"


def test_enemy_units_block_sight_and_shared_hexes_belong_to_nobody() -> None:
    units = {"A": {4: side("F", building("guard_post"))}, "B": {9: side("F")}}
    result = area_control(units, {"A": 2, "B": 27})
    assert 14 not in result["control"]["A"]  # behind B's Soldier on #9
    assert 9 not in result["control"]["A"] and 9 not in result["control"]["B"]  # seen by both


def test_team_b_buildings_face_the_other_way() -> None:
    units = {"A": {}, "B": {19: side("F", building("guard_post"))}}
    result = area_control(units, {"A": 2, "B": 27})
    assert {14, 16, 17} <= set(result["control"]["B"])  # arrows point down for team B


def test_tie_means_no_winner() -> None:
    assert area_control({"A": {}, "B": {}}, {"A": 2, "B": 27})["winner"] is None


def test_advance_is_measured_from_each_teams_own_edge() -> None:
    assert advance("A", 1) == 0 and advance("B", 27) == 0
    assert advance("A", 7) == advance("B", 22)


def test_capture_the_flag_compares_row_by_row() -> None:
    # #17 is 3 rows above A's edge but only 2 below B's.
    assert capture_the_flag({"A": [17], "B": [17]})["winner"] == "A"
    result = capture_the_flag({"A": [12, 7], "B": [17, 27]})
    assert result["advance"] == {"A": [4, 2], "B": [4, 0]}
    assert result["winner"] == "A" and result["decided_at_row"] == 2  # first row: 1 each
    assert capture_the_flag({"A": [12, 7], "B": [17, 22]})["winner"] is None


def test_decisions_validate_the_teams() -> None:
    with pytest.raises(SituationError) as info:
        decide_area_control({"teams": {"A": {"spawn_point": 2}}})
    assert info.value.field == "teams.B"
    with pytest.raises(SituationError) as info:
        decide_area_control(
            {"teams": {"A": {"spawn_point": 2}, "B": {"spawn_point": 27, "battleground": {}}}}
        )
    assert info.value.field == "teams.A.battleground"
    with pytest.raises(SituationError) as info:
        decide_area_control(
            {
                "teams": {
                    "A": {"spawn_point": 2, "battleground": {"9": {"soldiers": ["farmer"]}}},
                    "B": {"spawn_point": 27, "battleground": {"9": {"soldiers": ["farmer"]}}},
                }
            }
        )
    assert info.value.field == "teams.B.battleground.9"
    with pytest.raises(SituationError) as info:
        decide_capture_the_flag({"teams": {"A": {"mobile_units": [40]}, "B": {"mobile_units": []}}})
    assert info.value.field == "teams.A.mobile_units[0]"
    out = decide_capture_the_flag(
        {"teams": {"A": {"mobile_units": [3]}, "B": {"mobile_units": []}}, "crossed": "B"}
    )
    assert out.result["winner"] == "B" and out.example_data


def versus_state(mode: str = "capture_the_flag", players: int = 2) -> dict:
    state = GAME.new_state(GAME.coerce_options({"mode": mode, "players": players}), 1)
    state, _ = GAME.advance(state, GAME.prompt(state).coerce({}))  # Spawn Points 2 and 27
    return state


def units(state: dict, team: str, hex_id: int, code: str, tile: dict | None = None) -> None:
    state["teams"][team]["units"][str(hex_id)] = side(code, tile)


def do(state: dict, action: dict, answers: dict | None = None) -> list[str]:
    log = Log()
    play(state, action, KIT, Asker(answers or {}, log, defaults=True))
    return [m.english() for m in log.steps]


MOVE = {"do": "deploy", "farmer": 0, "citizen": 0, "building": False, "supreme": False}


def test_each_team_starts_with_its_soldiers_on_its_spawn_point() -> None:
    state = versus_state(players=4)
    assert state["spawns"] == {"A": 2, "B": 27}
    assert state["teams"]["A"]["units"]["2"] == side("FF")
    assert state["teams"]["B"]["units"]["27"] == side("FF")


def test_moving_is_exhausting_and_first_turns_set_upright() -> None:
    """ "Whenever you move Soldiers on the Battleground, you must exhaust them" and "At the
    start of your first turn in a Half-Year, set your team's exhausted Soldiers upright"."""
    state = versus_state()
    do(state, {**MOVE, "from": 2, "to": 7, "farmer": 1})
    assert state["teams"]["A"]["units"]["7"] == side("f")
    with pytest.raises(IllegalInput, match="upright"):
        do(copy.deepcopy(state), {**MOVE, "from": 7, "to": 12, "farmer": 1})
    for _ in range(5):  # A, B, A, B, A end their turns: B's third turn is next
        end_turn(state, KIT)
    assert state["teams"]["A"]["units"]["7"] == side("f")
    end_turn(state, KIT)  # a new Half-Year: team A's first turn
    assert state["half"] == 2
    assert state["teams"]["A"]["units"]["7"] == side("F")


def test_no_player_may_have_more_than_6_soldiers_on_a_hex() -> None:
    state = versus_state()
    with pytest.raises(IllegalInput, match="more than 6 Soldiers"):
        do(copy.deepcopy(state), {"do": "enlist", "farmer": 6, "citizen": 0})
    do(state, {"do": "enlist", "farmer": 5, "citizen": 0})
    assert len(state["teams"]["A"]["units"]["2"]["soldiers"]) == 6


def test_moving_onto_the_other_team_is_a_battle_the_team_on_the_hex_wins_ties() -> None:
    state = versus_state()
    units(state, "A", 12, "FF")
    units(state, "B", 17, "FF")
    state["turn"] = 1  # team B's turn
    steps = do(state, {**MOVE, "from": 17, "to": 12, "farmer": 2})
    assert "Battle on #12: team B 2 against team A 2" in steps
    assert state["teams"]["B"]["sickbay"]["farmer"] == 2  # the attackers lost the tie
    assert state["teams"]["A"]["sickbay"]["farmer"] == 2  # A took 2 damage
    assert "12" not in state["teams"]["A"]["units"] and "17" not in state["teams"]["B"]["units"]


def test_the_winning_attackers_hold_the_hex() -> None:
    state = versus_state()
    units(state, "A", 12, "F", {"type": "trap"})
    units(state, "B", 17, "C")
    state["turn"] = 1
    do(state, {**MOVE, "from": 17, "to": 12, "citizen": 1})
    # 3 against 1 + Trap 1: B wins, takes 2 damage (its Citizen absorbs it); A's Trap stays.
    assert state["teams"]["B"]["units"]["12"] == side("c")
    assert state["teams"]["A"]["units"]["12"] == side("", {"type": "trap"})
    assert state["teams"]["A"]["sickbay"]["farmer"] == 1


def test_units_left_on_the_other_spawn_point_go_to_the_sickbay_after_the_third_turn() -> None:
    state = versus_state()
    units(state, "A", 27, "F")
    state["teams"]["B"]["units"].pop("27")
    state["turn"] = 4  # team A's third turn
    end_turn(state, KIT)
    assert "27" not in state["teams"]["A"]["units"]
    assert state["teams"]["A"]["sickbay"]["farmer"] == 1


def test_indirect_fire_destroys_enemy_traps_and_mines() -> None:
    state = versus_state()
    units(state, "A", 6, "F", building("catapult"))
    units(state, "B", 11, "", {"type": "trap"})
    do(state, {"do": "gunfire", "hex": 11, "sources": {"6": 1}})
    assert "11" not in state["teams"]["B"]["units"]


def test_a_unit_over_the_opposite_edge_wins_capture_the_flag() -> None:
    session = Session(GAME, {"mode": "capture_the_flag"}, seed=1)
    session.answer({})
    state = session.state
    assert state["stage"] == "versus-turn"
    session.answer({"action": "deploy"})  # from #2 (the only hex) fills itself
    session.answer({"units": {"farmer": 1, "citizen": 0}})
    prompt = session.prompt()
    assert [c.value for c in prompt.fields[0].choices] == ["4", "5", "7"]  # no edge ahead of #2
    session.answer({"to": "7"})
    session.answer({})  # end of A's turn
    session.answer({})  # end of B's turn
    # Team A's Soldier now stands at the far edge (#26, put there for the test): over it.
    state = copy.deepcopy(dict(session.state))
    state["teams"]["A"]["units"]["26"] = side("F")

    def advance(state: dict, answer: dict) -> tuple:
        return GAME.advance(state, GAME.prompt(state).coerce(answer))

    state, _ = advance(state, {"action": "deploy"})  # #26: the only hex that can move
    state, _ = advance(state, {"units": {"farmer": 1, "citizen": 0}})
    prompt = GAME.prompt(state)
    assert [c.value for c in prompt.fields[0].choices] == ["21", "24", "0"]  # 0: over the edge
    state, decision = advance(state, {"to": "0"})
    assert decision is not None and decision.result["winner"] == "A"
    assert state["stage"] == "versus-done"


def test_area_control_is_scored_from_the_tracked_units() -> None:
    session = Session(GAME, {"mode": "area_control"}, seed=1)
    prompt = session.prompt()
    assert prompt.step == "versus-prep"
    assert any("6 Soldiers" in m.english() for m in prompt.lines)
    assert [f.default for f in prompt.fields] == ["7", "22"]
    session.answer({})
    assert all(f.kind != "text" for f in session.prompt().fields)
    decision = session.answer({"action": "score"})
    assert decision is not None and decision.result["winner"] is None  # symmetric: a tie
    assert session.prompt().finished


def test_team_b_units_are_named_basic_and_elite() -> None:
    session = Session(GAME, {"mode": "capture_the_flag"}, seed=1)
    session.answer({})
    session.answer({})  # A ends its turn
    session.answer({"action": "enlist"})
    labels = [c.label.english() for c in session.prompt().fields[0].choices]
    assert labels == ["Basic Unit", "Elite Unit"]


def test_the_defeated_team_decides_how_the_winners_take_the_damage() -> None:
    """ "The team defeated in Battle decides which Soldiers of the winning team will be
    wounded": where the rules leave a choice (the Mine or the Citizen), team B decides."""
    from rules.games.anteportas.asking import NeedChoice

    state = versus_state()
    units(state, "A", 12, "C", {"type": "mine", "kind": "bounding"})
    units(state, "B", 17, "FFF")
    state["turn"] = 1
    log = Log()
    with pytest.raises(NeedChoice) as info:
        play(copy.deepcopy(state), {**MOVE, "from": 17, "to": 12, "farmer": 3}, KIT, Asker({}, log))
    assert info.value.question["decides"] == "B"
    do(state, {**MOVE, "from": 17, "to": 12, "farmer": 3}, {"battle-1": "soldiers"})
    assert state["teams"]["A"]["units"]["12"] == side("", {"type": "mine", "kind": "bounding"})
    assert state["teams"]["A"]["sickbay"]["citizen"] == 1
