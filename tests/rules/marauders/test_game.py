"""The Marauders step machine: set-up, seasons, bookkeeping, replay from the journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.errors import IllegalInput
from rules.games.marauders import catalogue as cat
from rules.session import Session
from tests.rules.marauders.support import GAME, busy_answers, play
from ui.service import TableService


def new(**options: Any) -> Session:
    return Session(GAME, {"players": 2, **options}, seed=11)


def to_step(session: Session, step: str, **values: Any) -> None:
    """Confirm defaults until ``step`` is the current prompt."""
    while session.prompt().step != step:
        session.answer(values.get(session.prompt().step, {}))


def test_setup_places_the_marker_on_the_campsite_and_names_the_payer() -> None:
    session = new()
    assert session.prompt().step == "setup"
    decision = session.answer({"order": "2 tribe 1", "start": {"red": 2}})
    assert decision is not None and decision.result["payer"] == "2"
    state = session.state
    assert state["marker"] == 0 and state["trays"]["red"] == 2
    assert state["step"] == "spring-start" and state["drawn"]["id"]


def test_digital_pile_respects_difficulty_and_never_repeats() -> None:
    session = Session(GAME, {"players": 1, "hard_tiles": 5}, seed=3)
    session.answer({})
    state = session.state
    faces = [3 if i in state["hard"] else 2 for i in state["pile"]] + [state["drawn"]["face"]]
    assert sorted(faces).count(3) == 5 and len(faces) == 12
    play(session, busy_answers)
    used = session.state["discarded"] + [session.state["tile"]["id"]]
    assert len(used) == 10 and len(set(used)) == 10


def test_same_seed_same_draws_other_seed_differs() -> None:
    a, b, c = (Session(GAME, {"players": 1}, seed=s) for s in (4, 4, 5))
    for s in (a, b, c):
        s.answer({})
    assert a.state["pile"] == b.state["pile"] != c.state["pile"]


def test_custom_board_in_setup_is_used_and_not_example() -> None:
    session = new()
    session.answer(
        {
            "trays": "red yellow blue brown white -",
            "priorities": "megalith campsite fish animal fruit marker",
        }
    )
    state = session.state
    assert state["board_example"] is False
    assert state["marker"] == 1  # the campsite icon is on side 1 of this board
    with pytest.raises(IllegalInput) as info:
        new().answer({"trays": "red red blue brown white -"})
    assert info.value.field == "trays"


def test_spring_turn_pays_two_from_the_chosen_tray() -> None:
    session = new()
    to_step(session, "spring-turn", setup={"start": {"red": 1}})
    tile = session.state["tile"]
    session.state  # noqa: B018 - reading is harmless
    decision = session.answer({"paid": {"yellow": 3, "blue": 2}})
    assert decision is not None and decision.result["outcome"] == "action"
    assert decision.result["colour"] == "yellow"
    state = session.state
    assert state["trays"]["yellow"] == 1 and state["trays"]["blue"] == 2
    assert state["step"] == "action"
    assert state["pending"]["action"] == tile["actions"][3]


def test_spring_vp_fallback_ends_the_tribes_spring() -> None:
    session = new()
    to_step(session, "spring-turn")
    number = session.state["tile"]["number"]
    decision = session.answer({})
    assert decision is not None and decision.result == {
        "outcome": "vp",
        "vp": number,
        "skipped": [],
    }
    assert session.state["vp"] == number and session.state["step"] == "spring-end"


def test_development_points_step_the_marker_clockwise_and_wrap() -> None:
    session = new()
    to_step(session, "spring-turn")
    session.answer({"paid": {"red": 2}})
    assert session.prompt().step == "action"
    session.answer({"dev": 7})
    state = session.state
    assert state["marker"] == 1 and state["development"] == 7
    notes = " ".join(str(line) for line in session.prompt().lines)
    assert "move it 7 step(s) clockwise, from side 0 to side 1" in notes


def test_ceremony_without_vp_card_scores_the_tile_number() -> None:
    session = Session(GAME, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({})
    session.answer(
        {
            "tile": "other",
            "face": "3",
            "actions": "ceremony fishing hunting gathering migration rock",
        }
    )
    session.answer({"paid": {"white": 2}})  # white is on side 0, next to ceremony
    assert session.state["pending"]["action"] == "ceremony"
    session.answer({"any_vp": False, "vp": 1, "order": "1 tribe"})
    state = session.state
    assert state["vp"] == 1 + 3 and state["order"] == ["1", "tribe"]


def test_physical_tile_entry_errors_name_the_field() -> None:
    session = Session(GAME, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({})
    with pytest.raises(IllegalInput) as info:
        session.answer({"tile": "other", "face": "2", "actions": "fishing fishing"})
    assert info.value.field == "actions"
    session.answer({"tile": "M04", "face": "3"})
    tile = session.state["tile"]
    assert tile["id"] == "M04" and tile["number"] == 3 and tile["example"] is True


def test_summer_pillar_take_and_execute() -> None:
    session = new()
    to_step(session, "summer-pillar")
    framed = session.state["tile"]["actions"][0]
    walk = [f.key for f in session.prompt().fields if f.key.startswith("p_")]
    assert walk[0] == "p_" + framed
    decision = session.answer({walk[2]: 3, walk[4]: 3})
    assert decision is not None and decision.result["action"] == walk[2][2:]
    with pytest.raises(IllegalInput) as info:
        session.answer({"taken": {"red": 1}})
    assert info.value.field == "taken"
    session.answer({"taken": {"red": 3}})
    assert session.state["trays"]["red"] == 3
    # The red tray (side 2) now has 3: the action next to it is executed, 3 markers return.
    red_action = session.state["tile"]["actions"][2]
    while session.prompt().step == "summer-action":
        current = cat.pricing_of(session.state)["actions"][session.state["summer_index"]]
        decision = session.answer({})
        if current == red_action:
            assert decision is not None and decision.result["outcome"] == "execute"
            assert session.state["trays"]["red"] == 0
            break
        assert decision is not None and decision.result["outcome"] == "pass"


def test_autumn_member_direction_lane_and_half_back() -> None:
    session = new()
    to_step(session, "autumn-start")
    session.answer({"members": 2, "paid": {"red": 3, "yellow": 2}})
    prompt = session.prompt()
    assert prompt.decision is not None and prompt.decision.result["colour"] == "red"
    decision = session.answer({"lane": ["fishing-tile", "campsite"]})
    assert decision is not None
    # Marker on the campsite icon: the campsite comes first.
    assert decision.result["priority"] == "campsite" and decision.result["returned"] == 2
    state = session.state
    assert state["trays"]["red"] == 1 and state["campsites"] == 1
    assert state["step"] == "autumn-member"
    decision = session.answer({"lane": ["action-marker"]})
    assert decision is not None and decision.result["colour"] == "yellow"
    assert session.prompt().step == "autumn-result"
    session.answer({"marker_colour": "blue"})
    assert session.state["trays"]["blue"] == 1 and session.state["step"] == "round-end"


def test_whole_game_reaches_a_verdict() -> None:
    session = new()
    play(session, busy_answers)
    prompt = session.prompt()
    assert prompt.finished and prompt.decision is not None
    assert prompt.decision.result["winners"] in (["1"], [])
    assert session.state["round"] == 5


def test_board_scene_and_status() -> None:
    session = new()
    to_step(session, "action", **{"spring-turn": {"paid": {"brown": 2}}})
    scene = GAME.board(session.state)
    assert scene["kind"] == "control-board" and len(scene["sides"]) == 6
    assert scene["sides"][1]["tray"]["colour"] == "brown"
    assert scene["highlight_side"] == 1 and scene["example_data"] is True
    status = " | ".join(str(m) for m in GAME.status(session.state))
    assert "Trays:" in status and "Priority marker: side 0" in status and "EXAMPLE" in status


def test_five_round_journal_replays_to_the_identical_state(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    session = service.start("marauders", {"players": 2, "hard_tiles": 4}, seed=99)

    undone = False
    while not session.prompt().finished:
        service.answer(busy_answers(session))
        if session.step_count == 30 and not undone:
            service.undo(25)  # undo is journalled too; the replay must follow it
            undone = True
    assert undone and session.step_count > 60
    final = session.state
    session_id = service.session_id
    service.close()
    again = TableService(journal, recover=False)
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.replay_problem is None
    assert resumed.state == final
    assert resumed.prompt().finished
    again.close()


def test_half_is_counted_before_a_taken_action_marker_lands() -> None:
    """Reading 15: the direction tray is halved as it was when the direction was chosen."""
    session = new()
    to_step(session, "autumn-start")
    session.answer({"members": 1, "paid": {"brown": 3}})
    decision = session.answer({"lane": ["action-marker"]})
    assert decision is not None and decision.result["returned"] == 2
    session.answer({"marker_colour": "brown"})
    assert session.state["trays"]["brown"] == 3 - 2 + 1


def test_ceremony_order_change_changes_the_payer() -> None:
    """Reading 23: the payer follows the current player order."""
    session = Session(GAME, {"players": 2, "draw": "physical"}, seed=1)
    session.answer({})
    session.answer(
        {
            "tile": "other",
            "face": "2",
            "actions": "ceremony fishing hunting gathering migration rock",
        }
    )
    session.answer({"paid": {"white": 2}})
    session.answer({"order": "2 1 tribe"})
    lines = " ".join(str(line) for line in session.prompt().lines)
    assert "Player 2 pays expenses onto the control board" in lines


def test_every_step_has_a_drawable_scene_and_status() -> None:
    import json

    session = new()
    seen = set()
    while not session.prompt().finished:
        state = session.state
        scene = GAME.board(state)
        json.dumps(scene)  # plain data only
        assert scene["kind"] == "control-board" and scene["priority_marker"] == state["marker"]
        assert GAME.status(state)
        seen.add(session.prompt().step)
        session.answer(busy_answers(session))
    assert seen >= {
        "setup",
        "spring-start",
        "spring-turn",
        "action",
        "spring-end",
        "summer-start",
        "summer-pillar",
        "summer-take",
        "summer-action",
        "autumn-start",
        "autumn-member",
        "autumn-result",
        "round-end",
        "final",
    }


def test_autumn_positions_give_the_activation_order() -> None:
    session = new()
    to_step(session, "autumn-start")
    marker = session.state["marker"]
    decision = session.answer(
        {"positions": f"2@{(marker + 3) % 6} 0 2@{(marker + 1) % 6}", "paid": {"red": 1}}
    )
    assert decision is not None and decision.result["order"] == ["B", "C", "A"]
    assert session.state["autumn"]["total"] == 3
    assert "Member B (on the camp)" in str(session.prompt().decision.summary)
    with pytest.raises(IllegalInput) as info:
        new_session = new()
        to_step(new_session, "autumn-start")
        new_session.answer({"positions": "2"})
    assert info.value.field == "positions"


def test_scene_lights_the_summer_location_and_the_autumn_direction() -> None:
    session = new()
    to_step(session, "summer-action")
    tile = session.state["tile"]
    first = cat.pricing_of(session.state)["actions"][0]
    assert GAME.board(session.state)["highlight_side"] == tile["actions"].index(first)
    to_step(session, "autumn-start")
    session.answer({"members": 1, "paid": {"blue": 2}})
    assert GAME.board(session.state)["highlight_side"] == 4  # the blue tray's side
