"""Printed components: the schema, the record kept in the state, the players' file at set-up."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.marauders import catalogue as cat
from rules.session import Session
from tests.rules.marauders.support import DATA, GAME, busy_answers, play
from ui.cli import main
from ui.components import MARAUDERS_ENV
from ui.service import TableService


def real_components() -> dict[str, Any]:
    """The players' own set: trays in another order on their control board."""
    data = copy.deepcopy(DATA)
    data["example"] = False
    for side, colour in enumerate(["red", "yellow", "blue", "brown", "white", None]):
        data["control_board"]["sides"][side]["tray"] = colour
    return data


def test_shipped_components_are_marked_example_and_complete() -> None:
    assert DATA["example"] is True
    checked = GAME.component_schema().check(DATA)
    assert len(checked["tiles"]) == 12 and checked["example"] is True
    assert "note" not in checked  # comments are dropped: they are not game data
    assert GAME.example_components() == checked


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(tiles=d["tiles"][:11]), "tiles", "at least 12"),
        (lambda d: d["tiles"][3].update(id="M01"), "tiles[3]", "repeats entry 0"),
        (
            lambda d: d["tiles"][3]["faces"]["3"].__setitem__(0, "dancing"),
            "tiles[3].faces.3[0]",
            "is not one of",
        ),
        (lambda d: d["tiles"][3]["faces"].pop("2"), "tiles[3].faces.2", "is missing"),
        (
            lambda d: d["pricing_tile"]["columns"].update(fishing=0),
            "pricing_tile.columns.fishing",
            "below the minimum 1",
        ),
        (
            lambda d: d["control_board"]["sides"][5].update(tray="red"),
            "control_board.sides[5].tray",
            "already on side 2",
        ),
        (lambda d: d.update(colour="green"), "colour", "unknown field"),
        (lambda d: d["tiles"][5].update(faces=d["tiles"][2]["faces"]), "tiles[5]", "as tile 2"),
    ],
)
def test_the_schema_names_what_is_wrong(change: Any, path: str, words: str) -> None:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(SituationError) as info:
        GAME.component_schema().check(data)
    assert info.value.field == path and words in info.value.problem


def test_the_component_set_is_part_of_the_state() -> None:
    session = Session(GAME, {"players": 1, "components": real_components()}, seed=1)
    state = session.state
    record = state["components"]
    assert record["example"] is False and len(record["digest"]) == 16
    assert cat.board_of(state)["sides"][0]["tray"] == "red"
    assert GAME.board(state)["example_data"] is False
    example = Session(GAME, {"players": 1}, seed=1)
    assert example.state["components"]["example"] is True
    assert example.state["components"]["digest"] != record["digest"]
    assert not hasattr(cat, "use_components") and not hasattr(cat, "default")


def test_decisions_on_the_players_set_are_not_example_data() -> None:
    session = Session(GAME, {"players": 1, "components": real_components()}, seed=1)
    session.answer({})  # set-up
    session.answer({})  # spring begins
    session.answer({"news": {"red": 2}})
    decision = session.prompt().decision
    assert decision is not None and decision.example_data is False
    assert decision.result["side"] == 0 and decision.result["colour"] == "red"


def test_a_changed_record_is_refused() -> None:
    options = GAME.coerce_options({"players": 1})
    record = dict(options["components"])
    record["data"] = copy.deepcopy(record["data"])
    record["data"]["pricing_tile"]["columns"]["fishing"] = 3
    with pytest.raises(SituationError) as info:
        GAME.coerce_options({"players": 1, "components": record})
    assert info.value.field == "components.digest"


def _write(tmp_path: Path, data: Any, name: str = "real.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_the_players_file_is_read_when_a_game_starts_and_replay_needs_it_no_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(MARAUDERS_ENV, str(_write(tmp_path, real_components())))
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    session = service.start("marauders", {"players": 2}, seed=5)
    assert session.state["components"]["example"] is False
    for _ in range(40):
        service.answer(busy_answers(session))
    state, session_id = session.state, service.session_id
    service.close()
    # Resumed with another file configured, or none: the game keeps its own set.
    monkeypatch.setenv(MARAUDERS_ENV, str(_write(tmp_path, DATA, "other.json")))
    again = TableService(journal, recover=False)
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.replay_problem is None and resumed.state == state
    again.close()
    monkeypatch.delenv(MARAUDERS_ENV)
    third = TableService(journal, recover=False)
    assert third.resume(session_id).state == state
    third.close()


def test_a_bad_players_file_names_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{oops")
    monkeypatch.setenv(MARAUDERS_ENV, str(broken))
    service = TableService(tmp_path / "j.sqlite3", recover=False)
    with pytest.raises(SituationError) as info:
        service.start("marauders", {"players": 1}, seed=1)
    assert info.value.field == MARAUDERS_ENV and "not valid JSON" in info.value.problem
    wrong = copy.deepcopy(DATA)
    wrong["tiles"][3]["faces"]["3"][0] = "dancing"
    monkeypatch.setenv(MARAUDERS_ENV, str(_write(tmp_path, wrong)))
    with pytest.raises(SituationError) as info:
        service.start("marauders", {"players": 1}, seed=1)
    assert info.value.field == "components.tiles[3].faces.3[0]"
    monkeypatch.setenv(MARAUDERS_ENV, str(tmp_path / "missing.json"))
    with pytest.raises(SituationError) as info:
        service.start("marauders", {"players": 1}, seed=1)
    assert "cannot read" in info.value.problem
    service.close()


def test_decide_uses_the_players_file_unless_the_situation_brings_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    situation = {
        "decision": "spring",
        "trays": {"red": 2},
        "priority_marker": 0,
        "tile": {"id": "M01", "face": 2},
    }
    path = _write(tmp_path, situation, "spring.json")
    monkeypatch.setenv(MARAUDERS_ENV, str(_write(tmp_path, real_components())))
    assert main(["decide", "marauders", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["example_data"] is False and out["result"]["side"] == 0
    own = _write(tmp_path, {**situation, "components": DATA}, "own.json")
    assert main(["decide", "marauders", str(own)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["example_data"] is True and out["result"]["side"] == 2


def test_a_whole_game_on_the_players_set() -> None:
    session = Session(GAME, {"players": 2, "components": real_components()}, seed=8)
    play(session, busy_answers)
    assert session.prompt().finished
    assert not any("EXAMPLE" in str(line) for line in GAME.status(session.state))
