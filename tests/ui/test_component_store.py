"""The component store: checked sets per game, export on one box, import on another."""

from __future__ import annotations

import json

import pytest

from rules.session import Session
from tests.support.tile_game import ensure_registered
from ui.cli import main
from ui.component_store import ComponentFileError, ComponentStore, read_file

OWN = {"tiles": {"T1": "blue", "T2": "green", "T3": "red"}}


@pytest.fixture
def game():
    return ensure_registered()


def test_a_saved_set_is_checked_and_loads_back(tmp_path, game) -> None:
    store = ComponentStore(tmp_path)
    saved = store.save("tiles", OWN)
    loaded = store.load("tiles")
    assert loaded == saved and loaded.data["tiles"]["T1"] == "blue"
    with pytest.raises(ComponentFileError, match=r"data\.tiles\.T2: 'pink' is not one of"):
        store.save("tiles", {"tiles": {"T1": "blue", "T2": "pink", "T3": "red"}})
    assert store.load("tiles") == saved  # the refused set changed nothing


def test_cafe_round_trip_export_on_one_box_import_on_another(tmp_path, game) -> None:
    first, second = ComponentStore(tmp_path / "box1"), ComponentStore(tmp_path / "box2")
    first.save("tiles", OWN)
    stick = tmp_path / "stick"
    stick.mkdir()
    exported = first.export("tiles", stick)
    assert (stick / "tiles.tableside.json").exists()
    imported = second.import_file(stick / "tiles.tableside.json")
    assert imported.digest == exported.digest
    assert second.load("tiles").data == first.load("tiles").data


def test_a_changed_or_foreign_file_is_refused_with_the_reason(tmp_path, game) -> None:
    store = ComponentStore(tmp_path / "box")
    store.save("tiles", OWN)
    path = store.export("tiles", tmp_path / "shared.json") and tmp_path / "shared.json"
    doc = json.loads(path.read_text())
    doc["data"]["tiles"]["T1"] = "green"
    path.write_text(json.dumps(doc))
    with pytest.raises(ComponentFileError, match="changed after it was exported"):
        read_file(path)
    path.write_text('{"hello": 1}')
    with pytest.raises(ComponentFileError, match="not a tableside components file"):
        read_file(path)


def test_the_game_keeps_the_set_it_started_with(tmp_path, game) -> None:
    """Replaying a journal never depends on what is configured today (issue 14 item 5)."""
    store = ComponentStore(tmp_path)
    own = store.save("tiles", OWN)
    session = Session(game, {"components": own.data}, seed=1)
    assert session.answer({}).summary.english() == "The tile is blue"
    assert session.options["components"]["digest"] == own.digest
    store.save("tiles", {"tiles": {"T1": "red", "T2": "red", "T3": "red"}})  # players change it
    replay = Session(game, session.options, seed=1, events=session.events)
    assert replay.last_decision.summary.english() == "The tile is blue"
    assert not replay.last_decision.example_data


def test_without_own_components_the_example_set_is_used_and_marked(game) -> None:
    decision = Session(game, {}, seed=1).answer({})
    assert decision.summary.english() == "The tile is red" and decision.example_data


def test_cli_export_import_check(tmp_path, monkeypatch, capsys, game) -> None:
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box1"))
    ComponentStore(tmp_path / "box1" / "data" / "components").save("tiles", OWN)
    assert main(["components", "export", "tiles", str(tmp_path / "t.json")]) == 0
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path / "box2"))
    assert main(["components", "import", str(tmp_path / "t.json")]) == 0
    assert main(["components", "check", "tiles"]) == 0
    assert "tiles: ok" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("{")
    assert main(["components", "import", str(tmp_path / "bad.json")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
