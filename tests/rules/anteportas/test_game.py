"""The step machine: spawning, the half-year, the Battle Phase, choices, Final Wave, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.errors import IllegalInput, SituationError
from rules.games.anteportas.game import AntePortas
from rules.games.anteportas.physical import read_card
from rules.games.anteportas.schedule import (
    cards_per_spawn,
    spawn_count,
    spawns_this_half,
    turns_per_player,
)
from rules.registry import get_game
from rules.session import Session
from ui.service import TableService

EXAMPLES = Path(__file__).parents[3] / "examples" / "anteportas"


def test_registered() -> None:
    assert isinstance(get_game("anteportas"), AntePortas)


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


def test_twice_as_strong_needs_two_or_three_players() -> None:
    with pytest.raises(IllegalInput, match="two or three"):
        AntePortas().coerce_options({"players": 1, "variant": "twice"})


def test_setup_puts_one_farmer_per_player_on_the_spawn_point() -> None:
    state = AntePortas().new_state(AntePortas().coerce_options({"players": 3}), 1)
    assert len(state["field"]["hexes"]["2"]["soldiers"]) == 3


def play_half_year(session: Session) -> None:
    """Spawn, a table change, then the whole Battle Phase with default answers."""
    session.answer({})  # spawn (digital draw)
    session.answer({"change": "set 2 F C; set 7 F trap"})
    session.answer({"change": "done"})
    while session.prompt().step in ("battle", "choice"):
        session.answer({})


def test_a_half_year_replayed_from_the_journal_gives_the_same_battleground(tmp_path: Path) -> None:
    service = TableService(tmp_path / "journal.sqlite3")
    session = service.start("anteportas", {"players": 2, "scenario": "dragons"}, seed=42)
    play_half_year(session)
    first = session.state
    session_id = service.session_id
    service.close()
    again = TableService(tmp_path / "journal.sqlite3")
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.state == first
    game = get_game("anteportas")
    assert game.board(resumed.state) == game.board(first)
    assert first["season"] == "winter"  # the Summer Battle Phase is over
    again.close()


def test_same_seed_same_game_other_seed_other_draws() -> None:
    game = get_game("anteportas")
    a, b, c = (Session(game, {"players": 2}, seed=s) for s in (5, 5, 6))
    for s in (a, b, c):
        play_half_year(s)
    assert a.state == b.state
    assert a.state["discard"] != c.state["discard"]


def test_physical_cards_are_typed_in() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    assert [f.key for f in session.prompt().fields] == ["card"]
    decision = session.answer({"card": "R105 spawn=26,27e arrows=down,left*"})
    assert decision is not None and not decision.example_data
    assert session.state["field"]["troops"] == {
        "26": {"basic": 1, "elite": 0},
        "27": {"basic": 0, "elite": 1},
    }
    with pytest.raises(IllegalInput) as info:
        session.answer({"change": "set 99 F"})
    assert info.value.field == "change"


def test_typed_card_errors_name_the_field() -> None:
    with pytest.raises(IllegalInput) as info:
        read_card("D105", "raiders")
    assert info.value.field == "card"
    with pytest.raises(IllegalInput, match="Spawn Area"):
        read_card("R105 spawn=3", "raiders")
    card, example = read_card("R116", "raiders")
    assert example and [p["power"] for p in card["powers"]] == ["weaker", "press_ahead"]


def test_the_mine_choice_is_asked_at_the_moment_it_arises() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=24,24,24 arrows=down"})
    session.answer({"change": "set 19 C bounding"})
    session.answer({"change": "done"})
    assert session.prompt().step == "battle"
    session.answer({"card": "R101 spawn=24 arrows=down"})
    prompt = session.prompt()
    assert prompt.step == "choice"
    assert [c.value for c in prompt.fields[0].choices] == ["mine", "soldiers"]
    decision = session.answer({"order": "soldiers"})
    assert decision is not None
    assert "1 Citizen on #19 wounded -> Sickbay" in [m.english() for m in decision.instructions]
    assert session.state["field"]["hexes"]["19"]["tile"] == {"type": "mine", "kind": "bounding"}


def test_defeat_ends_the_game() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=24 arrows=down,down,down,down,down,down"})
    session.answer({"change": "set 2 -"})
    session.answer({"change": "done"})
    decision = session.answer({"card": "R101 arrows=down,down,down,down,down,down"})
    assert decision is not None and decision.result["defeat"]
    assert session.prompt().finished


def test_final_wave_spawns_for_2_3_4_rounds() -> None:
    game = AntePortas()
    for players, rounds in ((1, 2), (2, 3), (3, 4)):
        state = game.new_state(game.coerce_options({"players": players}), 1)
        state["stage"] = "spawn"
        counts = []
        for r in range(1, 7):
            state["final_round"] = r
            counts.append(spawn_count(state))
        per = 1 if players == 1 else 2
        assert counts == [per] * rounds + [0] * (6 - rounds)


def test_crescendo_draws_one_more_card_each_round() -> None:
    game = AntePortas()
    state = game.new_state(game.coerce_options({"players": 2, "final_wave": "crescendo"}), 1)
    state["stage"] = "spawn"
    counts = []
    for r in range(1, 5):
        state["final_round"] = r
        counts.append(spawn_count(state))
    assert counts == [1, 2, 3, 4]
    state["all_basic_out"] = True
    assert spawn_count(state) == 0


def test_final_wave_is_won_when_no_invaders_remain_and_none_spawn() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=3)
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"change": "set 19 C"})
    session.answer({"change": "done"})
    session.answer({"card": "R101 arrows=down"})  # the Raider dies on #19
    session.answer({})  # Winter: no spawn in the 1st Winter
    session.answer({"change": "done"})  # no troops: Battle Phase ends at once
    assert session.prompt().step == "year"
    session.answer({"next": "final"})
    # Round 1 of 2 spawning rounds (one player): the Raider dies, one more round spawns.
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"card": "R101 arrows=down"})
    assert session.prompt().step == "final"
    session.answer({"change": "upright"})
    session.answer({"change": "done"})
    # Round 2: the last spawn; once it is defeated, none would spawn any more.
    assert session.prompt().step == "spawn"
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"card": "R101 arrows=down"})
    assert session.prompt().finished
    assert session.prompt().step == "won"


def test_board_scene_is_a_hex_grid_with_tokens_and_path() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=24,24 arrows=down,down"})
    session.answer({"change": "set 19 F guard_post"})
    session.answer({"change": "done"})
    session.answer({"card": "R101 arrows=down,down"})
    scene = game.board(session.state)
    assert scene["kind"] == "hex-grid" and len(scene["hexes"]) == 28
    assert scene["example_data"] is True
    assert scene["path"] == ["24", "19", "14"]
    by_id = {h["id"]: h for h in scene["hexes"]}
    assert by_id["14"]["tokens"] == [{"text": "1B", "colour": "red"}]
    assert by_id["24"]["shade"] == "spawn" and by_id["3"]["shade"] == "bottom"
    assert by_id["19"]["tokens"] == []  # Farmer wounded, Guard Post destroyed (2 against 1)


def test_board_scene_draws_manned_building_arrows() -> None:
    from rules.games.anteportas.scene import board_scene
    from tests.rules.anteportas.helpers import building, field, side

    f = field(h4=side("f", building("guard_post")), h12=side("C", building("guard_post")))
    scene = board_scene(f, [], None, True)
    by_id = {h["id"]: h for h in scene["hexes"]}
    assert by_id["4"]["tokens"] == [
        {"text": "f", "colour": "blue"},
        {"text": "GP", "colour": "brown"},
    ]
    # Only the Guard Post manned by a Farmer (exhausted or not) shows its arrows.
    assert scene["arrows"] == [
        {"from": "4", "to": "6"},
        {"from": "4", "to": "9"},
        {"from": "4", "to": "7"},
    ]


# -- decide ------------------------------------------------------------------------------


def run_example(name: str) -> dict:
    situation = json.loads((EXAMPLES / name).read_text("utf-8"))
    return get_game("anteportas").decisions()[situation["decision"]](situation).to_json()


def test_example_battle_strength_4() -> None:
    out = run_example("battle-strength-4.json")
    assert out["result"]["wounded"] == {"farmer": 0, "citizen": 1}


def test_example_battle_strength_5_choice() -> None:
    out = run_example("battle-strength-5-choice.json")
    assert out["result"]["side"]["tile"] == {"type": "mine", "kind": "bounding"}
    assert len(out["result"]["mine_choice"]) == 2


def test_example_dragons_from_19() -> None:
    out = run_example("move-dragons-from-19.json")
    assert out["result"]["path"] == [19, 17, 12, 9]
    assert out["result"]["sickbay"]["farmer"] == 1


def test_example_battle_phase_merging() -> None:
    out = run_example("battle-phase-merging.json")
    assert out["result"]["paths"] == [[26, 24], [27, 24, 19]]


def test_example_line_of_sight() -> None:
    assert run_example("line-of-sight-guard-post.json")["result"]["in_sight"] == [2, 4, 6, 7, 9, 10]


@pytest.mark.parametrize(
    "situation,field",
    [
        ({"decision": "battle", "hex": 40, "defence": {}, "troop": {"basic": 1}}, "hex"),
        (
            {
                "decision": "battle",
                "hex": 7,
                "defence": {"soldiers": ["knight"]},
                "troop": {"basic": 1},
            },
            "defence.soldiers[0].kind",
        ),
        ({"decision": "battle", "hex": 7, "defence": {}, "troop": {"basic": -1}}, "troop.basic"),
        (
            {
                "decision": "battle",
                "hex": 7,
                "defence": {"tile": {"type": "mine", "kind": "x"}},
                "troop": {"basic": 1},
            },
            "defence.tile.kind",
        ),
        (
            {"decision": "battle", "hex": 7, "defence": {}, "troop": {"basic": 1}, "colour": 1},
            "colour",
        ),
        (
            {"decision": "move-troop", "hex": 5, "troops": {"19": {"basic": 1}}, "card": "R101"},
            "hex",
        ),
        (
            {
                "decision": "move-troop",
                "hex": 19,
                "troops": {"19": {"basic": 1}},
                "card": {"id": "R1", "arrows": ["up-ish"]},
            },
            "card.arrows[0].dir",
        ),
        ({"decision": "battle-phase", "troops": {"19": {"basic": 1}}, "cards": {}}, "cards.19"),
    ],
)
def test_situation_errors_name_the_field(situation: dict, field: str) -> None:
    kind = situation["decision"]
    with pytest.raises(SituationError) as info:
        get_game("anteportas").decisions()[kind](situation)
    assert info.value.field == field


def test_fire_support_is_asked_when_the_battle_starts() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=24,24 arrows=down"})
    session.answer({"change": "set 19 F; set 14 F trench"})
    session.answer({"change": "done"})
    session.answer({"card": "R101 arrows=down"})
    prompt = session.prompt()
    assert prompt.step == "support"
    assert "#14" in prompt.lines[-1].english()
    with pytest.raises(IllegalInput):
        session.answer({"support": "nine"})
    decision = session.answer({"support": "14"})
    assert decision is not None
    assert "Fire support adds 1 to your Strength on #19" in [
        m.english() for m in decision.instructions
    ]
    assert session.state["field"]["troops"] == {}


def test_all_dead_spawns_every_round_until_a_kind_runs_out() -> None:
    game = AntePortas()
    state = game.new_state(game.coerce_options({"players": 2, "final_wave": "all_dead"}), 1)
    state["stage"] = "spawn"
    state["final_round"] = 9
    assert spawn_count(state) == 2
    state["field"]["supply"]["elite"] = 0
    assert spawn_count(state) == 0


def test_twice_as_strong_final_wave_draws_one_card() -> None:
    game = AntePortas()
    state = game.new_state(game.coerce_options({"players": 2, "variant": "twice"}), 1)
    state["stage"], state["final_round"] = "spawn", 1
    assert spawn_count(state) == 1


def test_all_dead_keeps_defeated_invaders_out_of_the_supply() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical", "final_wave": "all_dead"}, seed=1)
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"change": "set 19 C"})
    session.answer({"change": "done"})
    session.answer({"card": "R101 arrows=down"})
    assert (
        session.state["field"]["supply"]["basic"] == 23
    )  # back to the supply before the Final Wave
    session.answer({})
    session.answer({"change": "done"})
    session.answer({"next": "final"})
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"card": "R101 arrows=down"})
    assert session.state["field"]["troops"] == {}
    assert session.state["field"]["supply"]["basic"] == 22  # removed from the game


def test_example_area_control_and_capture_the_flag() -> None:
    assert run_example("area-control.json")["result"]["counts"] == {"A": 5, "B": 1}
    assert run_example("capture-the-flag.json")["result"]["winner"] == "A"


def test_every_example_file_is_a_valid_situation() -> None:
    names = sorted(p.name for p in EXAMPLES.glob("*.json"))
    assert len(names) >= 7
    for name in names:
        assert run_example(name)["game"] == "anteportas"


def test_spawning_onto_your_units_starts_a_battle() -> None:
    game = get_game("anteportas")
    session = Session(game, {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=24 arrows=down"})
    session.answer({"change": "set 26 F guard_post; set 19 C"})
    session.answer({"change": "done"})
    session.answer({"card": "R101 arrows=down"})
    session.answer({})  # Winter 1: no spawn (solo)
    session.answer({"change": "done"})
    session.answer({"next": "year"})
    decision = session.answer({"card": "R101 spawn=26,26 arrows=down"})
    assert decision is not None
    texts = [m.english() for m in decision.instructions]
    assert "Battle on #26: your Strength 1 against the Invaders' 2" in texts
    assert session.state["field"]["troops"]["26"] == {"basic": 1, "elite": 0}


def test_typed_cards_are_example_data_only_where_the_catalogue_filled_in() -> None:
    assert read_card("R101 spawn=24", "raiders", use="spawn")[1] is False
    assert read_card("R101", "raiders", use="spawn")[1] is True
    assert read_card("R105 arrows=down", "raiders")[1] is False
    assert read_card("R116 arrows=down", "raiders")[1] is True  # Weaker's value is example data


def test_spawn_example_one_basic_unit_each_on_26_and_27() -> None:
    session = Session(get_game("anteportas"), {"players": 1, "draw": "physical"}, seed=1)
    session.answer({"card": "R101 spawn=26,27"})
    assert session.state["field"]["troops"] == {
        "26": {"basic": 1, "elite": 0},
        "27": {"basic": 1, "elite": 0},
    }
