"""The Marauders step machine: set-up, seasons, bookkeeping, positions, replay from the journal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import IllegalInput
from rules.session import Session
from rules.text import Msg
from tests.rules.marauders.support import GAME, busy_answers, play, to_step, trays
from ui.service import TableService


def new(**options: Any) -> Session:
    return Session(GAME, {"players": 2, **options}, seed=11)


def field(session: Session, key: str) -> Any:
    return next(f for f in session.prompt().fields if f.key == key)


def news(**counts: int) -> dict[str, Any]:
    return {"news": counts}


# -- set-up ------------------------------------------------------------------------------------


def test_setup_asks_the_order_by_touch_and_names_the_payer() -> None:
    session = new()
    order = field(session, "order")
    assert order.kind == "order" and order.default == ["tribe", "1", "2"]
    assert [c.label.english() for c in order.choices] == ["marauder tribe", "Player 1", "Player 2"]
    decision = session.answer({"order": ["2", "tribe", "1"], "start": trays(red=2)})
    assert decision is not None and decision.result["payer"] == "2"
    state = session.state
    assert state["marker"] == 0 and state["trays"]["red"] == 2
    assert state["step"] == "spring-start" and state["drawn"]["id"]


def test_a_corrected_board_is_kept_in_the_state_and_used() -> None:
    session = new()
    trays_field, icons = field(session, "trays"), field(session, "priorities")
    assert trays_field.default == ["white", "brown", "red", "yellow", "blue", "none"]
    assert icons.default[0] == "campsite"
    session.answer(
        {
            "trays": ["red", "yellow", "blue", "brown", "white", "none"],
            "priorities": [
                "megalith",
                "campsite",
                "fishing-tile",
                "hunting-tile",
                "gathering-tile",
                "action-marker",
            ],
        }
    )
    state = session.state
    assert state["board"]["sides"][0] == {"side": 0, "tray": "red", "priority": "megalith"}
    assert state["marker"] == 1  # the campsite icon is on side 1 of this board
    assert GAME.board(state)["example_data"] is False
    with pytest.raises(IllegalInput) as info:
        new().answer({"trays": ["red", "red", "blue", "brown", "white", "none"]})
    assert info.value.field == "trays"


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


# -- spring ------------------------------------------------------------------------------------


def test_a_spring_action_is_one_bot_step_confirmed_alone() -> None:
    session = new()
    to_step(session, "spring-turn", setup={"start": trays(red=1)})
    assert session.prompt().decision is None  # a facts step
    session.answer(news(yellow=3, blue=2))
    prompt = session.prompt()
    assert prompt.step == "spring-action" and prompt.confirmable
    assert prompt.decision is not None and prompt.decision.result["colour"] == "yellow"
    tile = session.state["tile"]
    assert prompt.decision.result["action"] == tile["actions"][3]
    texts = [m.english() for m in prompt.decision.instructions]
    assert (
        texts[2]
        == f"Then the tribe carries out {prompt.decision.result['action'].replace('-', ' ')}:"
    )
    decision = session.answer({})
    assert decision is not None and decision.result == prompt.decision.result
    state = session.state
    assert state["trays"]["yellow"] == 1 and state["trays"]["blue"] == 2
    # The next tray check defaults to what the table said minus what the bot took.
    assert state["step"] in {"spring-turn", "spring-end"}
    assert field(session, "trays_now").default == state["trays"]


def test_occupied_columns_are_told_at_the_bot_step_and_carried_over() -> None:
    """ "If the actual action's columns are already occupied ... the next tray is chosen"."""
    session = new()
    to_step(session, "spring-turn")
    session.answer(news(yellow=3, blue=2))
    first = session.prompt().decision
    assert first is not None and first.result["colour"] == "yellow"
    assert session.answer({"blocked": True}) is None  # the tribe decides again
    again = session.prompt()
    assert again.step == "spring-action" and again.decision is not None
    assert again.decision.result["colour"] == "blue"
    assert again.decision.result["skipped"][0]["colour"] == "yellow"
    session.answer({})
    assert session.state["full"] == [first.result["action"]]
    # Still full at the tribe's next spring action; empty again next round.
    if session.prompt().step == "spring-turn":
        session.answer(news(yellow=2))
        assert session.prompt().decision.result["skipped"][0]["action"] == first.result["action"]
    to_step(session, "spring-turn")
    assert session.state["full"] == []


def test_spring_vp_fallback_ends_the_tribes_spring() -> None:
    session = new()
    to_step(session, "spring-turn")
    session.answer({})
    prompt = session.prompt()
    number = session.state["tile"]["number"]
    assert prompt.decision is not None
    assert prompt.decision.result == {"outcome": "vp", "vp": number, "skipped": []}
    # On the score track (the default) the players move the tribe's marker; the VP are
    # still recorded for the history and the trace.
    assert session.state["tribe_score"] == "board"
    instructions = [m.english() for m in prompt.decision.instructions]
    assert instructions == [f"Move the marauder tribe's score marker {number} VP forward."]
    session.answer({})
    assert session.state["vp"] == number and session.state["step"] == "spring-end"


def test_development_points_step_the_marker_clockwise_and_wrap() -> None:
    session = new()
    to_step(session, "spring-turn")
    session.answer(news(red=2, dev=7))
    state = session.state
    assert state["marker"] == 1 and state["development"] == 7
    notes = " ".join(str(line) for line in session.prompt().lines)
    assert "move it 7 steps clockwise, from side 0 to side 1" in notes


#: A tile whose framed symbol (next to side 0, the white tray) is the ceremony.
CEREMONY_FIRST = ["ceremony", "fishing", "hunting", "gathering", "migration", "rock-painting"]


def physical(players: int = 1, **options: Any) -> Session:
    session = Session(GAME, {"players": players, "draw": "physical", **options}, seed=1)
    session.answer({})
    return session


def test_physical_tiles_are_offered_by_what_the_players_see() -> None:
    session = physical()
    tile = field(session, "tile")
    labels = [c.label.english() for c in tile.choices]
    assert tile.default is None and len(labels) == 25  # 12 tiles x 2 faces + not listed
    assert labels[0] == (
        "2: hunting framed, then ceremony, migration, fishing, gathering, rock painting"
    )
    assert not any("M0" in text or "M1" in text for text in labels)
    session.answer({"tile": tile.choices[3].value})
    assert (
        session.state["tile"]["actions"][0]
        == tile.choices[3].label.params["framed"].template.split()[0]
    )


def test_an_unlisted_tile_is_entered_by_touch() -> None:
    session = physical()
    session.answer({"tile": "other"})
    prompt = session.prompt()
    assert prompt.step == "tile-entry"
    symbols = field(session, "symbols")
    assert symbols.kind == "order" and symbols.default is None
    with pytest.raises(IllegalInput) as info:
        session.answer({"symbols": ["fishing", "fishing"]})
    assert info.value.field == "symbols"
    session.answer({"symbols": CEREMONY_FIRST, "number": "3"})
    state = session.state
    assert state["tile"]["actions"][0] == "ceremony" and state["tile"]["number"] == 3
    assert state["tile"]["example"] is False and state["step"] == "spring-turn"


def ceremony_session(players: int = 2, **options: Any) -> Session:
    """A tribe whose first spring action is a ceremony (white, side 0, next to ceremony)."""
    session = physical(players, **options)
    session.answer({"tile": "other"})
    session.answer({"symbols": CEREMONY_FIRST, "number": "3"})
    session.answer(news(white=2))
    assert session.prompt().decision.result["action"] == "ceremony"
    session.answer({})
    return session


def test_ceremony_without_vp_card_scores_the_tile_number_and_changes_the_order() -> None:
    """ "If there isn't any card that gives VP in that moment ..., the marauder tribe additionally
    gets as many VP as the number shown in the middle of the current marauder tile." and "The
    player order marker moves in the usual way". (The assistant keeps the tribe's VP here.)"""
    session = ceremony_session(tribe_score="assistant")
    keys = [f.key for f in session.prompt().fields]
    assert keys == ["news", "any_vp", "order", "trays_now"]
    session.answer({"any_vp": False, "order": ["2", "1", "tribe"], **news(vp=1)})
    state = session.state
    assert state["vp"] == 1 + 3 and state["order"] == ["2", "1", "tribe"]
    lines = " ".join(str(line) for line in session.prompt().lines)
    assert "Player 2 pays expenses onto the control board" in lines


# -- summer ------------------------------------------------------------------------------------


def test_summer_pillar_take_and_the_colours_after() -> None:
    session = new()
    to_step(session, "summer-pillar")
    pillars = field(session, "pillars")
    framed = session.state["tile"]["actions"][0]
    walk = [c.value for c in pillars.choices]
    assert walk[0] == framed
    session.answer({"pillars": {walk[2]: 3, walk[4]: 3}})
    prompt = session.prompt()
    assert prompt.step == "summer-take" and prompt.confirmable
    assert prompt.decision is not None and prompt.decision.result["action"] == walk[2]
    session.answer({})
    # The next facts step asks the three markers' colours with the news.
    assert session.prompt().decision is None
    with pytest.raises(IllegalInput) as info:
        session.answer(news(red=1))
    assert info.value.field == "news"
    before = session.state["trays"]["red"]
    session.answer(news(red=3))
    assert session.state["trays"]["red"] >= before + 3 - 3


def test_a_summer_location_whose_tray_holds_three_needs_no_facts_step() -> None:
    """Markers only come in between the tribe's steps: a tray with 3 is taken whatever is paid."""
    session = new()
    to_step(session, "summer-pillar", setup={"start": trays(red=5, yellow=5, blue=5, brown=5)})
    session.answer({})
    state = session.state
    assert state["step"] == "summer-do"  # the first location's tray already holds 3
    prompt = session.prompt()
    assert prompt.decision is not None and prompt.decision.result["outcome"] == "execute"


def test_tray_counts_at_a_bot_step_replace_the_tracked_ones_and_it_decides_again() -> None:
    session = new()
    to_step(session, "spring-turn")
    session.answer(news(yellow=3))
    assert session.prompt().decision.result["colour"] == "yellow"
    table = trays(blue=4)
    assert session.answer({"trays_now": table}) is None
    assert session.prompt().decision.result["colour"] == "blue"
    session.answer({})
    assert session.state["trays"] == trays(blue=2)


# -- autumn ------------------------------------------------------------------------------------


def autumn_session() -> Session:
    """A game whose first spring action is a migration: two members on the starting camp."""
    session = physical(2)
    session.answer({"tile": "other"})
    session.answer(
        {
            "symbols": [
                "migration",
                "fishing",
                "hunting",
                "gathering",
                "ceremony",
                "rock-painting",
            ],
            "number": "2",
        }
    )
    session.answer(news(white=2))
    assert session.prompt().decision.result["action"] == "migration"
    session.answer({})
    assert session.state["members"] == ["0", "0"]
    while session.prompt().step != "autumn-start":
        if session.prompt().step == "summer-start":
            session.answer({"tile": field(session, "tile").choices[0].value})
        else:
            session.answer({})
    return session


def test_autumn_start_asks_what_came_in_before_the_checks_of_the_members() -> None:
    """The question first (issue 23): the news the players enter, then the members the
    assistant tracked (their number and spaces), which the players only check."""
    session = autumn_session()
    keys = [f.key for f in session.prompt().fields]
    assert keys[0] == "news"
    assert keys.index("news") < keys.index("members") < keys.index("m1") < keys.index("m2")
    assert field(session, "members").default == 2


def test_autumn_members_are_tracked_on_the_map_and_picked_by_touch() -> None:
    session = autumn_session()
    prompt = session.prompt()
    m1 = field(session, "m1")
    assert m1.kind == "choice" and m1.places == "hexes" and m1.default == "0"
    scene = GAME.board(session.state)
    camp_map = scene["parts"][0]
    assert camp_map["kind"] == "hex-grid" and camp_map["orientation"] == "flat-top"
    ids = {h["id"] for h in camp_map["hexes"]}
    assert {"0", "1@0", "2@1", "2@1+1"} <= ids and m1.default in ids
    assert {c.value for c in m1.choices} == ids
    camp = next(h for h in camp_map["hexes"] if h["id"] == "0")
    assert camp["label"] == "×2"  # members 1 and 2 on the camp
    assert prompt.confirm_label.english() == "Decide"


def test_an_autumn_member_goes_where_the_lane_says_and_its_space_is_tracked() -> None:
    session = autumn_session()
    session.answer(news(red=3, yellow=2))  # red (side 2) leads: direction 2
    decision = session.state["autumn"]
    assert decision["current"] == 0
    prompt = session.prompt()
    assert prompt.step == "autumn-member" and prompt.decision is None
    lane_field = field(session, "gathering-tile")
    assert lane_field.places == "hexes" and lane_field.kind == "multi"
    ids = [c.value for c in lane_field.choices]
    assert ids[:3] == ["1@1", "1@2", "1@3"]  # row 1: left, centre, right toward side 2
    # Marker on the campsite icon: campsites are the first kind asked.
    assert prompt.fields[0].key == "campsite"
    session.answer({"gathering-tile": ["2@2"], "fishing-tile": ["1@1"]})
    move = session.prompt()
    assert move.step == "autumn-move" and move.confirmable
    assert move.decision is not None
    assert move.decision.result["priority"] == "gathering-tile"
    assert move.decision.result["to"] == "2@2" and move.decision.result["returned"] == 2
    assert (
        move.decision.summary.english()
        == "Member 1 goes toward side 2 to the gathering tile (fruit)"
    )
    lane = GAME.board(session.state)["parts"][0]
    assert any(h["id"] == "2@2" and h["highlight"] for h in lane["hexes"])
    assert lane["arrows"] == [{"from": "0", "to": "2@2"}]
    session.answer({})
    state = session.state
    assert state["members"][0] == "2@2" and state["trays"]["red"] == 1
    # It took a tile and another member follows: what the tile gave is asked at once.
    assert state["step"] == "autumn-gain"


def test_a_campsite_sends_the_member_back_to_the_player_board() -> None:
    session = autumn_session()
    session.answer(news(red=3))
    session.answer({"campsite": ["3@2"]})
    decision = session.answer({})
    assert decision is not None and decision.result["priority"] == "campsite"
    texts = [m.english() for m in decision.instructions]
    assert "The member goes back onto the tribe's player board." in texts
    state = session.state
    assert state["campsites"] == 1 and state["members"][0] is None
    to_step(session, "round-end")
    assert (
        session.state["members"] == [session.state["members"][0]]
        and len(session.state["members"]) == 1
    )


def test_an_occupied_megalith_proposes_the_space_beside_it() -> None:
    session = autumn_session()
    session.answer(news(red=3, dev=4))  # the marker to side 4: the megalith first
    prompt = session.prompt()
    assert [f.key for f in prompt.fields][:2] == ["megalith", "megalith-occupied"]
    assert prompt.fields[-1].key == "near_megalith"
    session.answer({"megalith-occupied": ["2@2"]})
    move = session.prompt()
    to = field(session, "to")
    assert to.places == "hexes" and to.default == move.decision.result["to"] == "1@2"
    session.answer({"to": "2@2+1"})
    assert session.state["members"][0] == "2@2+1"


def test_what_the_table_said_about_a_lane_is_remembered() -> None:
    session = autumn_session()
    session.answer(news(red=5))
    session.answer({"hunting-tile": ["3@2"], "fishing-tile": ["1@2", "4@2"]})
    session.answer({})  # no campsite in the lane: member 1 takes the animal 3 spaces away
    assert session.state["seen"] == {"1@2": "fishing-tile", "4@2": "fishing-tile"}
    session.answer(news(brown=1))  # what the tile gave
    # Member 2 stands on the camp and looks the same way (red still leads): the fishing tiles
    # are offered as they were told.
    assert field(session, "fishing-tile").default == ["1@2", "4@2"]
    assert field(session, "hunting-tile").default == []


def test_a_different_number_of_members_asks_their_spaces() -> None:
    session = autumn_session()
    session.answer({"members": 3, **news(red=1)})
    prompt = session.prompt()
    assert prompt.step == "autumn-positions"
    assert [f.default for f in prompt.fields] == ["0", "0", "0"]
    decision = session.answer({"m3": "2@1"})
    assert decision is not None and decision.result["order"] == ["1", "2", "3"]
    assert session.state["members"] == ["0", "0", "2@1"]


def test_the_last_members_gain_is_asked_at_the_end_of_the_round() -> None:
    session = autumn_session()
    session.answer({"m2": "3@3", **news(red=5)})
    session.answer({"gathering-tile": ["1@2"]})
    session.answer({})
    session.answer(news(yellow=1))  # member 1's fruit
    assert session.prompt().step == "autumn-member"
    first_space = field(session, "gathering-tile").choices[0].value
    session.answer({"gathering-tile": [first_space]})
    session.answer({})  # member 2, the last, takes it: no step of its own for the gain
    assert session.prompt().step == "round-end"
    lines = [m.english() for m in session.prompt().lines]
    assert any("Include what the tribe got from" in line for line in lines)


# -- the whole game ----------------------------------------------------------------------------


def test_whole_game_reaches_a_verdict() -> None:
    session = new()
    play(session, busy_answers)
    prompt = session.prompt()
    assert prompt.finished and prompt.decision is not None
    assert prompt.decision.result["winners"] in (["1"], [])
    assert session.state["round"] == 5


def test_every_step_inside_a_round_says_its_round() -> None:
    session = new()
    while not session.prompt().finished:
        prompt = session.prompt()
        if prompt.step in {"setup", "final"}:
            assert prompt.round is None
        else:
            assert prompt.round == session.state["round"], prompt.step
        session.answer(busy_answers(session))


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


def test_every_step_has_a_drawable_scene_and_status() -> None:
    session = new()
    seen = set()
    while not session.prompt().finished:
        state = session.state
        scene = GAME.board(state)
        json.dumps(scene)  # plain data only
        assert scene["kind"] == "control-board" and scene["priority_marker"] == state["marker"]
        assert [s["id"] for s in scene["sides"]] == ["0", "1", "2", "3", "4", "5"]
        for part in scene.get("parts", []):
            assert part["kind"] in {"hex-grid", "control-board"}
            ids = [h["id"] for h in part.get("hexes", [])]
            assert len(ids) == len(set(ids))
        assert GAME.status(state)
        seen.add(session.prompt().step)
        session.answer(busy_answers(session))
    assert seen >= {
        "setup",
        "spring-start",
        "spring-turn",
        "spring-action",
        "spring-end",
        "summer-start",
        "summer-pillar",
        "summer-take",
        "summer-action",
        "summer-do",
        "autumn-start",
        "autumn-member",
        "autumn-move",
        "autumn-gain",
        "round-end",
        "final",
    }


def test_scene_lights_the_summer_location_and_the_autumn_direction() -> None:
    session = new()
    to_step(session, "summer-action")
    tile = session.state["tile"]
    index = session.state["summer_index"]
    from rules.games.marauders.catalogue import pricing_of

    location = pricing_of(session.state)["actions"][index]
    assert GAME.board(session.state)["highlight_side"] == tile["actions"].index(location)
    session = autumn_session()
    session.answer(news(blue=2))
    assert GAME.board(session.state)["highlight_side"] == 4  # the blue tray's side


def test_a_member_beyond_the_map_picture_is_listed_beside_it_and_keeps_its_space() -> None:
    session = autumn_session()
    state = dict(session.state)  # a changed copy of the view (the session keeps its own)
    state["members"] = ["0", "6@3"]
    prompt = GAME.prompt(state)
    far = next(f for f in prompt.fields if f.key == "m2")
    assert far.default == "6@3" and far.choices[-1].value == "6@3"
    camp_map = GAME.board(state)["parts"][0]
    assert max(abs(h["q"]) for h in camp_map["hexes"]) == 4  # the picture stays legible
    facts = [Msg.from_json(label).english() for label, _ in camp_map["facts"]]
    assert facts == ["Member 2: 6 spaces toward side 3"]


def test_migration_brings_two_members_only_while_the_map_has_room() -> None:
    """ "2 members onto the starting camp if possible": the text prints no supply, the map
    holds at most MAX_MEMBERS (reading 35), so the last places take 1, then none."""
    from rules.games.marauders.model import MAX_MEMBERS
    from rules.games.marauders.steps_actions import migrants

    assert [migrants({"members": ["0"] * n}) for n in (0, 18, 19, 20)] == [2, 2, 1, 0]
    assert MAX_MEMBERS == 20
