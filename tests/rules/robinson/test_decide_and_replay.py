"""`tableside decide robinson` (strict situations), components, the scene, journal replay."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.robinson.components import SCHEMA, example_data
from rules.session import Session
from tests.rules.robinson.helpers import GAME, place, set_up, to_placement
from ui.cli import main
from ui.service import TableService

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "robinson"
fight = GAME.decisions()["fight"]
placement = GAME.decisions()["placement"]


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text())
    return data


#: Every example file and its exact result (docs/robinson.md).
EXPECTED: dict[str, dict[str, Any]] = {
    "fight-fatal.json": {
        "attack": 1, "defence": 3, "winner": "defender", "loser": "attacker", "hearts_lost": 2,
        "palisade_lost": 0, "fight": True, "loser_hearts": 0, "fatal": True,
    },
    "fight-palisade-bonus.json": {
        "attack": 4, "defence": 3, "winner": "attacker", "loser": "defender", "hearts_lost": 1,
        "palisade_lost": 1, "fight": True, "loser_hearts": 2, "fatal": False,
    },
    "fight-tie.json": {
        "attack": 2, "defence": 2, "winner": None, "loser": None, "hearts_lost": 0,
        "palisade_lost": 0, "fight": True,
    },
    "placement-enemy-camp.json": {
        "legal": False, "field": "space",
        "reason": "Red's camp stands on space 10 "
        "(rule: a player cannot gather resources on a tile with an enemy camp)",
    },
    "placement-seat-order.json": {
        "legal": False, "field": "player",
        "reason": "it is Red's turn (rule: pawns are placed one at a time in player order)",
    },
    "placement-build-with-own-item.json": {"legal": True, "spot": "build:spikes"},
}  # fmt: skip


def test_every_example_has_its_expected_result() -> None:
    assert sorted(EXPECTED) == sorted(p.name for p in EXAMPLES.glob("*.json"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_examples_through_the_cli(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "robinson", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "robinson" and out["result"] == EXPECTED[name]
    assert out["example_data"] is True


def test_fatal_fight_says_the_winner_may_take_everything() -> None:
    decision = fight(example("fight-fatal.json"))
    assert any("may take all resources and cards" in t.finding.english() for t in decision.trace)
    assert str(decision.reason) == "weapon 1 against 3: the defender wins; the loser loses 2 hearts"


def test_fight_with_too_few_pawns_does_not_happen() -> None:
    decision = fight(
        {"attacker": {"weapon": 3}, "defender": {"weapon": 0}, "distance": 2, "pawns": 1}
    )
    assert decision.result == {"fight": False, "pawns_needed": 2}


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        ({"attacker": {"weapon": 1}}, "defender"),
        ({"attacker": {"weapon": -1}, "defender": {"weapon": 0}}, "attacker.weapon"),
        ({"attacker": {"weapon": 11}, "defender": {"weapon": 0}}, "attacker.weapon"),
        ({"attacker": {"weapon": 10**100}, "defender": {"weapon": 0}}, "attacker.weapon"),
        ({"attacker": {"weapon": 1, "hearts": 14}, "defender": {"weapon": 0}}, "attacker.hearts"),
        ({"attacker": {"weapon": 1, "luck": 2}, "defender": {"weapon": 0}}, "attacker.luck"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "palisade_bonus": True},
         "defender.palisade"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0, "palisade": 2}},
         "palisade_bonus"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0, "palisade": 5},
          "palisade_bonus": True}, "defender.palisade"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "distance": 3, "pawns": 2},
         "distance"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "distance": 2}, "pawns"),
        ({"attacker": {"weapon": 1, "name": "red"}, "defender": {"weapon": 0, "name": "red"}},
         "defender.name"),
        ({"attacker": {"weapon": 1, "name": "purple"}, "defender": {"weapon": 0}},
         "attacker.name"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "dice": 3}, "dice"),
        ({"attacker": {"weapon": 1.5}, "defender": {"weapon": 0}}, "attacker.weapon"),
    ],
)  # fmt: skip
def test_bad_fight_situations_name_the_field(situation: dict[str, Any], field: str) -> None:
    with pytest.raises(SituationError) as err:
        fight(situation)
    assert err.value.field == field


def test_a_situation_may_carry_its_own_components() -> None:
    own = example_data() | {"example": False}
    own["limits"] = dict(own["limits"], weapon=20)
    decision = fight({"attacker": {"weapon": 15}, "defender": {"weapon": 0}, "components": own})
    assert decision.result["hearts_lost"] == 15 and decision.example_data is False


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s["players"].pop(), "players"),
        (lambda s: s["players"][0].update(camp={}), "players[0].camp"),
        (lambda s: s["players"][0].update(camp="99"), "players[0].camp"),
        (lambda s: s["players"][0].pop("pawns"), "players[0].pawns"),
        (lambda s: s["players"][0].update(pawns=5), "players[0].pawns"),
        (lambda s: s["players"][1].update(id="red"), "players[1]"),
        (lambda s: s["players"][1].update(cards=["knife", "knife"]), "players[1].cards[1]"),
        (lambda s: s["players"][0].update(cards=["knife"]), "players[1].cards[0]"),
        (lambda s: s["players"][0].update(cards=["laser"]), "players[0].cards[0]"),
        (lambda s: s["explored"].update({"10": "lava"}), "explored.10"),
        (lambda s: s["explored"].update({"7": "8"}), "explored"),
        (lambda s: s.update(action="swim"), "action"),
        (lambda s: s.pop("space"), "space"),
        (lambda s: s.update(placed=[{"player": "red", "spot": "hunt"}] * 3), "placed"),
        (lambda s: s.update(placed=[{"player": "red", "spot": "fly:1"}]), "placed[0].spot"),
        (lambda s: s.update(player="green"), "player"),
    ],
)
def test_bad_placement_situations_name_the_field(change: Any, field: str) -> None:
    situation = copy.deepcopy(example("placement-enemy-camp.json"))
    change(situation)
    with pytest.raises(SituationError) as err:
        placement(situation)
    assert err.value.field == field


def test_seat_order_comes_from_the_players_list_not_from_key_order() -> None:
    """Seats clockwise as listed; the same players in another order seat otherwise."""
    situation = example("placement-seat-order.json")
    assert placement(situation).result["legal"] is False
    situation["players"] = [situation["players"][i] for i in (0, 2, 1)]  # red, blue, green
    assert placement(situation).result["legal"] is True  # green sits after blue now
    situation["player"] = "red"
    assert placement(situation).result["reason"].startswith("it is Green's turn")


def test_components_are_part_of_the_state_and_checked() -> None:
    session = set_up()
    record = session.state["components"]
    assert record["game"] == "robinson" and record["example"] is True
    data = example_data()
    data["scenarios"][0]["start_camps"][1]["tile"] = "8"
    with pytest.raises(SituationError) as err:
        SCHEMA.check(data)
    assert err.value.field == "scenarios[0].start_camps[1]"
    own = example_data() | {"example": False}
    mine = Session(GAME, {"players": 2, "components": own}, seed=1)
    assert mine.state["components"]["example"] is False


def test_scene_island_and_short_player_panels() -> None:
    session = set_up(first="blue")
    to_placement(session)
    scene = GAME.board(session.state)
    assert scene["example_data"] is True
    island, panel = scene["parts"]
    assert island["kind"] == "hex-grid" and len(island["hexes"]) == 19
    camp = next(h for h in island["hexes"] if h["id"] == "10")
    assert camp["tokens"] == [{"text": "1", "colour": "red"}]  # red's number marker
    assert panel["kind"] == "tracks"
    assert [p["colour"] for p in panel["players"] if p["active"]] == ["blue"]
    place(session, ("camp:rest",))
    panel = GAME.board(session.state)["parts"][1]
    assert [p["colour"] for p in panel["players"] if p["active"]] == ["red"]
    blue = next(p for p in panel["players"] if p["colour"] == "blue")
    rows = {r[0]["t"]: r[1] for r in blue["rows"]}
    assert rows == {"Hearts": "9", "Weapon": "0"}  # few, short rows: legible with 4 players
    assert [t["text"] for t in blue["tokens"]] == [
        {"t": "{card} ({n})", "p": {"card": {"t": "Biscuits"}, "n": 2}},
        {"t": "{card} ({n})", "p": {"card": {"t": "Blanket"}, "n": 2}},
    ]


def test_whole_round_replayed_from_the_journal(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    service.start("robinson", {"players": 2}, seed=5)
    session = service.session
    assert session is not None
    service.answer({"camp": "10", "tile": "8", "items": ["axe", "pistol"]})
    service.answer({"camp": "11", "tile": "4", "items": ["biscuits", "blanket"]})
    service.answer({"icon": "adventure-gathering", "other": "red"})
    tracks = dict(session.prompt().fields[0].default, weapon=2)
    service.answer({"tracks": tracks})
    service.answer({})  # morale
    service.answer({})  # production
    for answer in [
        {"action": "attack:blue"},
        {"action": "explore"},
        {"space": "5"},
        {"action": "gather:wood"},
        {"space": "10"},
        {"action": "camp:roof"},
    ]:
        service.answer(answer)
    service.answer({})  # the fight
    service.answer({"reward": "determination"})
    service.answer({})  # take the default: 1 determination
    while session.prompt().step == "resolve":
        fields = {f.key for f in session.prompt().fields}
        service.answer({"tile": "2"} if "tile" in fields else {"adventure": True})
    service.answer({"hearts": {"red": 1, "blue": 0}})
    service.answer({"hearts": 0})  # red eats
    service.answer({"hearts": 2})  # blue eats
    service.answer({"camp": ["5"]})  # then red moves the camp
    service.answer({})  # blue could take red's old space 10; stays
    assert session.state["round"] == 2
    service.undo()
    service.redo()
    before = session.state
    session_id = service.session_id
    service.close()

    again = TableService(journal, recover=False)
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.state == before
    red, blue = resumed.state["players"]
    assert red["camp"] == "5" and red["determination"] == 2 and blue["determination"] == 0
    assert blue["hearts"] == 9 - 2 - 2 and red["weapon"] == 2
    assert resumed.state["first"] == "blue" and resumed.prompt().step == "event"
    again.close()
