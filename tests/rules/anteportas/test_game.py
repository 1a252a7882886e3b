"""The step machine: spawning, the half-year by touch, the Battle Phase, questions, Final Wave."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from rules.camera import HexPieces
from rules.errors import IllegalInput
from rules.games.anteportas.game import AntePortas
from rules.games.anteportas.kit import example_components
from rules.games.anteportas.schedule import (
    cards_per_spawn,
    spawn_count,
    spawns_this_half,
    turns_per_player,
)
from rules.session import Session
from tests.rules.anteportas.helpers import GAME
from ui.service import TableService


def components_with(*cards: dict[str, Any]) -> dict[str, Any]:
    """The example set with the given cards instead of its Raiders Era I deck."""
    data = copy.deepcopy(example_components())
    data["example"] = False
    keep = [c for c in data["cards"]["cards"] if not c["id"].startswith("R1")]
    data["cards"]["cards"] = [*keep, *cards]
    return data


def physical(*cards: dict[str, Any], players: int = 1, **options: Any) -> Session:
    """A physical-draw game on a catalogue holding ``cards`` as the Raiders Era I deck."""
    opts = {"players": players, "draw": "physical", "components": components_with(*cards)}
    return Session(GAME, {**opts, **options}, seed=1)


def raider(
    cid: str,
    spawn: list[tuple[int, int, int]] | None = None,
    arrows: list[Any] | None = None,
    powers: list[Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": cid,
        "spawn": [{"hex": h, "basic": b, "elite": e} for h, b, e in spawn or []],
        "arrows": arrows or ["down"],
        "powers": powers or [],
    }


def do(session: Session, action: str, *pages: dict[str, Any]) -> None:
    """Choose ``action`` in the menu, then answer its pages."""
    session.answer({"action": action})
    for page in pages:
        session.answer(page)


def put(session: Session, hex_id: int, soldiers: dict[str, int], tile: str = "none") -> None:
    """Correct one hex by touch: its Soldiers and tile, no Invaders."""
    h = str(hex_id)
    do(
        session,
        "correct",
        {"hexes": [h]},
        {f"soldiers-{h}": soldiers, f"invaders-{h}": {"basic": 0, "elite": 0}, f"tile-{h}": tile},
    )


def test_registered() -> None:
    assert isinstance(GAME, AntePortas)


def test_spawn_skips_the_first_winter_and_solo_the_first_two() -> None:
    assert spawns_this_half(2, 1, "summer")
    assert not spawns_this_half(2, 1, "winter")
    assert spawns_this_half(2, 2, "winter")
    assert not spawns_this_half(1, 2, "winter")
    assert spawns_this_half(1, 3, "winter")


def test_cards_per_spawn_and_turns() -> None:
    assert cards_per_spawn(1, "none") == 1
    assert cards_per_spawn(2, "none") == 2
    assert cards_per_spawn(3, "twice") == 1
    assert cards_per_spawn(3, "twice_plus") == 2
    assert turns_per_player(3, "none") == 2
    assert turns_per_player(3, "twice_plus") == 3
    assert turns_per_player(2, "none") == 3


def test_options_follow_the_player_counts_of_the_text() -> None:
    with pytest.raises(IllegalInput, match="two or three"):
        GAME.coerce_options({"players": 1, "variant": "twice"})
    with pytest.raises(IllegalInput, match="1-3"):
        GAME.coerce_options({"players": 4})
    with pytest.raises(IllegalInput, match="2 or 4"):
        GAME.coerce_options({"players": 3, "mode": "area_control"})


def test_setup_puts_one_farmer_per_player_on_the_spawn_point() -> None:
    state = GAME.new_state(GAME.coerce_options({"players": 3}), 1)
    assert len(state["field"]["hexes"]["2"]["soldiers"]) == 3
    assert state["components"]["example"] is True  # no catalogue given: the example set


def play_half_year(session: Session) -> None:
    """Spawn, a few actions by touch, then the whole Battle Phase with default answers."""
    session.answer({})  # spawn (digital draw): the table places what the screen says
    do(session, "enlist", {"units": {"farmer": 0, "citizen": 1}})
    do(
        session, "deploy", {"units": {"farmer": 1, "citizen": 1}}, {"to": "7"}
    )  # from #2: the only choice
    do(session, "trap", {"hex": "7"})
    session.answer({})  # done: the Battle Phase
    while session.prompt().step in ("battle", "choice", "support", "gunfire", "replace", "damage"):
        session.answer({})


def test_a_half_year_by_touch_replayed_from_the_journal(tmp_path: Path) -> None:
    service = TableService(tmp_path / "journal.sqlite3")
    session = service.start("anteportas", {"players": 2, "scenario": "dragons"}, seed=42)
    play_half_year(session)
    first = session.state
    assert first["field"]["hexes"]["7"]["tile"] == {"type": "trap"}
    assert first["costs"] == {"tools": 2}  # the Trap: "For 2 Tools each"
    session_id = service.session_id
    service.close()
    again = TableService(tmp_path / "journal.sqlite3")
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.state == first
    assert GAME.board(resumed.state) == GAME.board(first)
    assert first["season"] == "winter"  # the Summer Battle Phase is over
    again.close()


def test_same_seed_same_game_other_seed_other_draws() -> None:
    a, b, c = (Session(GAME, {"players": 2}, seed=s) for s in (5, 5, 6))
    for s in (a, b, c):
        play_half_year(s)
    assert a.state == b.state
    assert a.state["discard"] != c.state["discard"]


def test_bot_steps_show_their_outcome_and_confirm_alone_applies_it() -> None:
    session = Session(GAME, {"players": 2}, seed=3)
    prompt = session.prompt()
    assert prompt.step == "spawn" and prompt.decision is not None and prompt.confirmable
    applied = session.answer({})
    assert applied is not None and applied.to_json() == prompt.decision.to_json()
    session.answer({})  # done
    while session.prompt().step == "battle":
        prompt = session.prompt()
        assert prompt.decision is not None and prompt.confirmable
        assert prompt.decision.reason is not None
        applied = session.answer({})
        assert applied is not None and applied.to_json() == prompt.decision.to_json()


def test_the_battleground_draws_the_path_the_bot_is_about_to_show() -> None:
    """At a Battle Phase step the picture shows the coming move's path (as the decision
    beside it says), not the path of the move before."""
    session = Session(GAME, {"players": 2}, seed=3)
    session.answer({})  # spawn
    session.answer({})  # done
    seen = 0
    while session.prompt().step == "battle":
        prompt = session.prompt()
        assert prompt.decision is not None
        scene = GAME.board(session.state)
        path = [str(h) for h in prompt.decision.result["path"]]
        assert scene["path"] == path
        assert [f[1] for f in scene["facts"] if f[0] == {"t": "The troop's path"}] == [
            " -> ".join(f"#{h}" for h in path)
        ]
        session.answer({})
        seen += 1
    assert seen >= 2  # more than one troop: the second one's path differs from the first's


def test_every_step_carries_its_round() -> None:
    session = Session(GAME, {"players": 2}, seed=3)
    rounds = []
    for _ in range(40):
        prompt = session.prompt()
        if prompt.finished:
            break
        rounds.append(prompt.round)
        session.answer({"next": "year"} if prompt.step == "year" else {})
    assert None not in rounds and rounds == sorted(rounds) and rounds[-1] > 1


def test_physical_cards_are_tapped_not_typed() -> None:
    session = physical(raider("R101", [(26, 1, 0), (27, 0, 1)]), raider("R102", [(24, 1, 0)]))
    prompt = session.prompt()
    assert prompt.step == "spawn-cards"
    (field,) = prompt.fields
    assert field.kind == "order" and [c.value for c in field.choices] == ["R101", "R102"]
    session.answer({"cards": ["R101"]})
    prompt = session.prompt()
    assert prompt.step == "spawn" and prompt.decision is not None
    assert not prompt.decision.example_data
    session.answer({})
    assert session.state["field"]["troops"] == {
        "26": {"basic": 1, "elite": 0},
        "27": {"basic": 0, "elite": 1},
    }


def test_a_card_is_not_offered_again_until_the_deck_is_reshuffled() -> None:
    session = physical(raider("R101", [(24, 1, 0)]), raider("R102", [(25, 1, 0)]))
    session.answer({"cards": ["R101"]})
    session.answer({})
    session.answer({})  # done: Battle Phase
    prompt = session.prompt()
    assert prompt.step == "card" and [c.value for c in prompt.fields[0].choices] == ["R102"]


def test_the_mine_choice_is_asked_at_the_moment_it_arises() -> None:
    session = physical(raider("R101", [(24, 3, 0)]), raider("R102", [], ["down"]))
    session.answer({"cards": ["R101"]})
    session.answer({})
    do(session, "enlist", {"units": {"farmer": 0, "citizen": 1}})
    do(
        session,
        "correct",
        {"hexes": ["19"]},
        {
            "soldiers-19": {"citizen": 1},
            "invaders-19": {"basic": 0, "elite": 0},
            "tile-19": "bounding",
        },
    )
    session.answer({})  # done
    session.answer({"card": "R102"})
    prompt = session.prompt()
    assert prompt.step == "choice"
    assert [c.value for c in prompt.fields[-1].choices] == ["mine", "soldiers"]
    assert (
        prompt.fields[-1].choices[1].label.english()
        == "the Soldiers take the damage: 1 Citizen falls"
    )
    session.answer({"answer": "soldiers"})
    prompt = session.prompt()
    assert prompt.step == "battle" and prompt.decision is not None
    decision = session.answer({})
    assert decision is not None
    assert "1 Citizen on #19 wounded -> Sickbay" in [m.english() for m in decision.instructions]
    assert session.state["field"]["hexes"]["19"]["tile"] == {"type": "mine", "kind": "bounding"}


def test_fire_support_is_asked_when_the_battle_starts() -> None:
    session = physical(raider("R101", [(24, 2, 0)]), raider("R102", [], ["down"]))
    session.answer({"cards": ["R101"]})
    session.answer({})
    do(
        session,
        "correct",
        {"hexes": ["14", "19"]},
        {
            "soldiers-14": {"farmer": 1},
            "invaders-14": {"basic": 0, "elite": 0},
            "tile-14": "trench",
            "soldiers-19": {"farmer": 1},
            "invaders-19": {"basic": 0, "elite": 0},
            "tile-19": "none",
        },
    )
    session.answer({})
    session.answer({"card": "R102"})
    prompt = session.prompt()
    assert prompt.step == "support"
    assert [(c.value, c.limit) for c in prompt.fields[-1].choices] == [("14", 1)]
    with pytest.raises(IllegalInput):
        session.answer({"answer": {"14": 2}})
    session.answer({"answer": {"14": 1}})
    decision = session.answer({})
    assert decision is not None
    assert "Fire support adds 1 to your Strength on #19" in [
        m.english() for m in decision.instructions
    ]
    assert session.state["field"]["troops"] == {}


def test_soldier_actions_before_a_troop_moves() -> None:
    session = physical(raider("R101", [(24, 1, 0)]), raider("R102", [], ["down"]))
    session.answer({"cards": ["R101"]})
    session.answer({})
    do(
        session,
        "correct",
        {"hexes": ["19"]},
        {
            "soldiers-19": {"farmer": 1},
            "invaders-19": {"basic": 0, "elite": 0},
            "tile-19": "catapult",
        },
    )
    session.answer({})
    session.answer({"card": "R102"})
    prompt = session.prompt()
    menu = prompt.fields[0]
    assert menu.default == "move" and "gunfire" in [c.value for c in menu.choices]
    do(session, "gunfire", {})  # one target (#24) fills itself; one Catapult: CONFIRM fires it
    assert session.state["field"]["troops"] == {}
    assert session.prompt().step in ("spawn",)  # the Battle Phase ended: no troop is left


def test_defeat_ends_the_game() -> None:
    session = physical(raider("R101", [(24, 1, 0)], ["down"] * 6))
    session.answer({"cards": ["R101"]})
    session.answer({})
    do(session, "discharge", {"soldiers": {"2-farmer": 1}})
    session.answer({})
    session.answer({"card": "R101"})
    decision = session.answer({})
    assert decision is not None and decision.result["defeat"]
    assert decision.reason is not None and "left the Battleground" in decision.reason.english()
    assert session.prompt().finished and session.prompt().step == "lost"


def test_final_wave_is_won_when_no_invaders_remain_and_none_spawn() -> None:
    session = physical(raider("R101", [(24, 1, 0)]))
    session.answer({"cards": ["R101"]})
    session.answer({})
    put(session, 19, {"citizen": 1})
    session.answer({})
    session.answer({"card": "R101"})
    session.answer({})  # the Raider dies on #19
    session.answer({})  # Winter: no spawn in the 1st Winter
    session.answer({})  # done: no troops, the Battle Phase ends at once
    assert session.prompt().step == "year"
    session.answer({"next": "final"})
    # Round 1 of 2 spawning rounds (one player): the Raider dies, one more round spawns.
    session.answer({"cards": ["R101"]})
    session.answer({})
    session.answer({"card": "R101"})
    session.answer({})
    assert session.prompt().step == "final"
    session.answer({})
    assert session.prompt().step == "spawn-cards"
    session.answer({"cards": ["R101"]})
    session.answer({})
    session.answer({"card": "R101"})
    session.answer({})
    assert session.prompt().finished and session.prompt().step == "won"


def test_all_dead_keeps_defeated_invaders_out_of_the_supply() -> None:
    session = physical(raider("R101", [(24, 1, 0)]), final_wave="all_dead")
    session.answer({"cards": ["R101"]})
    session.answer({})
    put(session, 19, {"citizen": 1})
    session.answer({})
    session.answer({"card": "R101"})
    session.answer({})
    assert (
        session.state["field"]["supply"]["basic"] == 23
    )  # back to the supply before the Final Wave
    session.answer({})
    session.answer({})
    session.answer({"next": "final"})
    session.answer({"cards": ["R101"]})
    session.answer({})
    session.answer({"card": "R101"})
    session.answer({})
    assert session.state["field"]["troops"] == {}
    assert session.state["field"]["supply"]["basic"] == 22  # removed from the game


def test_all_dead_spawns_every_round_until_a_kind_runs_out() -> None:
    state = GAME.new_state(GAME.coerce_options({"players": 2, "final_wave": "all_dead"}), 1)
    state["stage"] = "spawn"
    state["final_round"] = 9
    assert spawn_count(state) == 2
    state["field"]["supply"]["elite"] = 0
    assert spawn_count(state) == 0


def test_crescendo_draws_one_more_card_each_round() -> None:
    state = GAME.new_state(GAME.coerce_options({"players": 2, "final_wave": "crescendo"}), 1)
    state["stage"] = "spawn"
    counts = []
    for r in range(1, 5):
        state["final_round"] = r
        counts.append(spawn_count(state))
    assert counts == [1, 2, 3, 4]
    state["all_basic_out"] = True
    assert spawn_count(state) == 0


def test_final_wave_spawns_for_2_3_4_rounds() -> None:
    for players, rounds in ((1, 2), (2, 3), (3, 4)):
        state = GAME.new_state(GAME.coerce_options({"players": players}), 1)
        state["stage"] = "spawn"
        counts = []
        for r in range(1, 7):
            state["final_round"] = r
            counts.append(spawn_count(state))
        per = 1 if players == 1 else 2
        assert counts == [per] * rounds + [0] * (6 - rounds)


def spawn_onto_a_farmer_and_guard_post() -> Session:
    """Reading 20's table: a Farmer and a Guard Post on #26; R101 (2 Basic on #26) comes
    up at the first spawn of year 1, the bot's step on screen (R102 spawned nothing)."""
    session = physical(raider("R101", [(26, 2, 0)]), raider("R102", []))
    session.answer({"cards": ["R102"]})  # nothing spawns
    assert GAME.expected_change(session.prompt().decision) is None  # nothing to check
    session.answer({})
    do(
        session,
        "correct",
        {"hexes": ["26"]},
        {
            "soldiers-26": {"farmer": 1},
            "invaders-26": {"basic": 0, "elite": 0},
            "tile-26": "guard_post",
        },
    )
    session.answer({})  # done: no troops
    session.answer({})  # Winter 1: no spawn
    session.answer({})  # done
    session.answer({"next": "year"})
    session.answer({"cards": ["R101"]})
    return session


def test_spawning_onto_your_units_starts_a_battle() -> None:
    """Reading 20: Invaders spawning onto your Units fight at once."""
    session = spawn_onto_a_farmer_and_guard_post()
    decision = session.answer({})
    assert decision is not None
    texts = [m.english() for m in decision.instructions]
    assert "Battle on #26: your Strength 1 against the Invaders' 2" in texts
    assert session.state["field"]["troops"]["26"] == {"basic": 1, "elite": 0}


def test_a_bot_step_names_what_it_changes_on_each_hex_for_the_camera() -> None:
    """The closed loop's expected change is what the step's instructions do to the table:
    "place 2 Basic ... on #26", "1 Farmer on #26 wounded -> Sickbay", "Guard Post on #26
    destroyed", "1 Invader falls; 1 Invader remains on #26"."""
    session = spawn_onto_a_farmer_and_guard_post()
    prompt = session.prompt()
    assert GAME.expected_change(prompt.decision) == {
        "hexes": {"26": {"basic": 1, "building:guard_post": -1, "farmer": -1}}
    }
    decision = session.answer({})
    assert decision is not None and decision.result["table"] == {
        "26": {"basic": 1, "building:guard_post": -1, "farmer": -1}
    }
    session.answer({"action": "done"})  # the players' turns: nothing done
    session.answer({"card": "R101"})  # its arrow: down
    prompt = session.prompt()
    assert prompt.step == "battle" and prompt.decision is not None
    assert prompt.decision.result["path"] == [26, 21] and not prompt.decision.result["battles"]
    # The troop of 1 Basic walks down from #26 to #21; nothing else moves.
    assert GAME.expected_change(prompt.decision) == {
        "hexes": {"21": {"basic": 1}, "26": {"basic": -1}}
    }


def test_the_builder_offers_only_legal_options() -> None:
    session = Session(GAME, {"players": 2}, seed=3)
    session.answer({})
    menu = session.prompt().fields[0]
    offered = [c.value for c in menu.choices]
    assert offered[0] == "done" and menu.default == "done"
    assert "heal" not in offered  # the Sickbay is empty
    assert "bomb" not in offered  # Bombs come with the Combat Engineer (Era II)
    assert "knockback" not in offered  # no Invaders in a Trap
    session.answer({"action": "mine"})
    hexes, kinds = session.prompt().fields
    assert hexes.places == "hexes" and [c.value for c in hexes.choices] == ["2"]  # only #2 in sight
    assert [c.value for c in kinds.choices] == ["pressure", "bounding", "dummy"]


def test_the_correct_step_names_the_camera_reading() -> None:
    session = Session(GAME, {"players": 2}, seed=3)
    session.answer({})
    session.answer({"action": "correct"})
    session.answer({"hexes": ["2", "7"]})
    fields = session.prompt().fields
    assert [f.key for f in fields] == [
        "soldiers-2",
        "invaders-2",
        "tile-2",
        "soldiers-7",
        "invaders-7",
        "tile-7",
    ]
    assert all(f.camera == HexPieces("anteportas-battleground") for f in fields)
    assert fields[0].default == {
        "farmer": 2,
        "farmer_exhausted": 0,
        "citizen": 0,
        "citizen_exhausted": 0,
    }
