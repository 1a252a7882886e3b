"""Printed components: the schema, the record kept in the state, the players' file at set-up."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.components import component_record
from rules.errors import SituationError
from rules.games.marauders import catalogue as cat
from rules.session import Session
from tests.rules.marauders.support import DATA, GAME, busy_answers, play
from ui.cli import main
from ui.component_store import ComponentStore
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


def test_the_box_set_is_used_when_a_game_starts_and_replay_needs_it_no_more(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "journal.sqlite3"
    service = TableService(journal, recover=False)
    service.components.save("marauders", real_components())
    session = service.start("marauders", {"players": 2}, seed=5)
    assert session.state["components"]["example"] is False
    for _ in range(40):
        service.answer(busy_answers(session))
    state, session_id = session.state, service.session_id
    service.close()
    # Resumed after the box's set changed, or was removed: the game keeps its own set.
    again = TableService(journal, recover=False)
    again.components.save("marauders", DATA)
    assert session_id is not None
    resumed = again.resume(session_id)
    assert resumed.replay_problem is None and resumed.state == state
    again.close()
    (tmp_path / "components" / "marauders.json").unlink()
    third = TableService(journal, recover=False)
    assert third.resume(session_id).state == state
    third.close()


SPRING = {
    "decision": "spring",
    "trays": {"red": 2},
    "priority_marker": 0,
    "tile": {"id": "M01", "face": 2},
}


def test_decide_uses_the_box_set_unless_the_situation_brings_its_own_and_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box"))
    path = _write(tmp_path, SPRING, "spring.json")
    # No set on the box: the EXAMPLE set, said with its digest.
    schema = GAME.component_schema()
    assert schema is not None
    example = component_record("marauders", schema, None, GAME.example_components())["digest"]
    assert main(["decide", "marauders", str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["example_data"] is True
    assert captured.err.startswith("components: the EXAMPLE set (")
    assert captured.err == f"components: the EXAMPLE set ({example}); none entered on this box\n"
    # The box's own set (entered with `tableside components`): used, and its digest said.
    store = ComponentStore(tmp_path / "box" / "data" / "components")
    own = store.save("marauders", real_components())
    assert main(["decide", "marauders", str(path)]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["example_data"] is False and out["result"]["side"] == 0
    assert captured.err == f"components: this box's own set ({own.digest})\n"
    # A situation naming its own set keeps it.
    given = _write(tmp_path, {**SPRING, "components": DATA}, "own.json")
    assert main(["decide", "marauders", str(given)]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["example_data"] is True and out["result"]["side"] == 2
    assert captured.err.startswith("components: the situation's own set (")


def test_decide_refuses_a_damaged_box_set_instead_of_deciding_on_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box"))
    folder = tmp_path / "box" / "data" / "components"
    folder.mkdir(parents=True)
    (folder / "marauders.json").write_text("{oops")
    assert main(["decide", "marauders", str(_write(tmp_path, SPRING, "spring.json"))]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "this box's marauders components cannot be used" in captured.err
    assert "Traceback" not in captured.err


def test_a_whole_game_on_the_players_set() -> None:
    session = Session(GAME, {"players": 2, "components": real_components()}, seed=8)
    play(session, busy_answers)
    assert session.prompt().finished
    assert not any("EXAMPLE" in str(line) for line in GAME.status(session.state))
