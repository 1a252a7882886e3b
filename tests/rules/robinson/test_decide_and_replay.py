"""`tableside decide robinson`, the tracks scene, example data, journal replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.robinson.catalogue import CATALOGUE, catalogue_from_data
from tests.rules.robinson.helpers import GAME, place, set_up, to_placement
from ui.cli import main
from ui.service import TableService

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "robinson"
fight = GAME.decisions()["fight"]
placement = GAME.decisions()["placement"]


def test_fight_with_palisade_bonus_and_reach() -> None:
    decision = fight(json.loads((EXAMPLES / "fight-palisade-bonus.json").read_text()))
    assert decision.result["winner"] == "attacker" and decision.result["hearts_lost"] == 1
    assert decision.result["palisade_lost"] == 1 and decision.result["loser_hearts"] == 2
    assert not decision.result["fatal"]


def test_fatal_fight_says_the_winner_may_take_everything() -> None:
    decision = fight(json.loads((EXAMPLES / "fight-fatal.json").read_text()))
    assert decision.result["winner"] == "defender" and decision.result["fatal"]
    assert any("may take all resources and cards" in t.finding.english() for t in decision.trace)


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
        ({"attacker": {"weapon": 1, "luck": 2}, "defender": {"weapon": 0}}, "attacker.luck"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "palisade_bonus": True},
         "palisade_bonus"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "distance": 3}, "distance"),
        ({"attacker": {"weapon": 1}, "defender": {"weapon": 0}, "dice": 3}, "dice"),
    ],
)  # fmt: skip
def test_bad_fight_situations_name_the_field(situation: dict[str, Any], field: str) -> None:
    with pytest.raises(SituationError) as err:
        fight(situation)
    assert err.value.field == field


def test_placement_on_enemy_camp_tile_refused_with_rule() -> None:
    decision = placement(json.loads((EXAMPLES / "placement-enemy-camp.json").read_text()))
    assert decision.result["legal"] is False
    assert "enemy camp" in decision.result["reason"] and decision.example_data


def test_placement_turn_order_and_legal_spot() -> None:
    situation = json.loads((EXAMPLES / "placement-enemy-camp.json").read_text())
    situation.update(player="red", target="5 wood")
    refused = placement(situation)
    assert "it is blue's turn" in refused.result["reason"]
    situation.update(player="blue", target="5 wood")
    assert placement(situation).result == {"legal": True, "spot": "gather:5:wood"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": {"red": {"camp": "10"}}}, "players"),
        ({"players": {"red": {"camp": "99"}, "blue": {"camp": "11"}}}, "players.red.camp"),
        ({"revealed": {"10": "lava"}}, "revealed.10"),
        ({"action": "swim"}, "action"),
        ({"placed": [{"player": "red", "spot": "hunt"}] * 3}, "placed"),
    ],
)
def test_bad_placement_situations_name_the_field(change: dict[str, Any], field: str) -> None:
    situation = json.loads((EXAMPLES / "placement-enemy-camp.json").read_text())
    situation.update(change)
    with pytest.raises(SituationError) as err:
        placement(situation)
    assert err.value.field == field


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_examples_run_through_the_cli(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "robinson", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "robinson"


def test_data_is_marked_example_and_validated() -> None:
    assert CATALOGUE.example
    with pytest.raises(SituationError, match="unknown terrain"):
        catalogue_from_data(
            {"spots": [], "terrains": ["beach"]},
            {"inventions": [{"id": "x", "name": "X", "requires_terrain": ["lava"],
                             "requires_items": []}], "starting_items": []},
            {"scenarios": []},
        )  # fmt: skip
    assert CATALOGUE.distance("10", "12") == 2 and CATALOGUE.distance("8", "12") == 4


def test_tracks_scene_marks_whose_placement_it_is() -> None:
    session = set_up(first="blue")
    to_placement(session)
    scene = GAME.board(session.state)
    assert scene["kind"] == "tracks" and scene["example_data"] is True
    assert [p["colour"] for p in scene["players"] if p["active"]] == ["blue"]
    place(session, ("rest", ""))
    scene = GAME.board(session.state)
    assert [p["colour"] for p in scene["players"] if p["active"]] == ["red"]
    blue = next(p for p in scene["players"] if p["colour"] == "blue")
    rows = {r[0]["t"]: r[1] for r in blue["rows"]}
    assert rows["Pawns placed"] == "1/2" and rows["Hearts"] == "9" and rows["Determination"] == "1"
    assert [t["text"] for t in blue["tokens"]] == ["biscuits (2)", "blanket (2)"]


def test_whole_round_replayed_from_the_journal(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    service.start("robinson", {"players": 2}, seed=5)
    session = service.session
    assert session is not None
    service.answer({"camp": "10", "terrain": "beach", "items": ["axe", "pistol"]})
    service.answer({"camp": "11", "terrain": "hills", "items": ["biscuits", "blanket"]})
    service.answer({"icon": "adventure-gathering", "changes": "red weapon +2"})
    service.answer({})
    service.answer({})
    for action, target in [
        ("attack", "blue"),
        ("explore", "5"),
        ("gather", "10 wood"),
        ("roof", ""),
    ]:
        service.answer({"action": action, "target": target})
    service.answer({})  # the fight
    service.answer({"reward": "steal-invention", "card": "biscuits"})
    while session.prompt().step == "resolve":
        fields = {f.key for f in session.prompt().fields}
        service.answer({"terrain": "river"} if "terrain" in fields else {"adventure": True})
    service.answer({"hearts": {"red": 1, "blue": 0}})
    service.answer({"camp": "5"})
    service.answer({"hearts": 2})
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
    assert red["camp"] == "5" and "biscuits" in red["cards"] and blue["hearts"] == 9 - 2 - 2
    assert resumed.state["first"] == "blue" and resumed.prompt().step == "event"
    again.close()
