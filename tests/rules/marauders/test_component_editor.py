"""The Marauders' component editor: control board, 12 tiles by touch, pricing tile; tiles from play.

Expected sets are written out here from what a player taps; the saved set
must pass the game's own schema (rules.games.marauders.catalogue.COMPONENTS).
"""

from __future__ import annotations

from itertools import permutations

import pytest

from rules.editor import MENU_STEP, PAGE_STEP, SAVE
from rules.errors import IllegalInput
from rules.games.marauders.catalogue import COMPONENTS
from rules.registry import editor_for, get_game
from rules.session import Session

ACTIONS = ("rock-painting", "fishing", "gathering", "hunting", "ceremony", "migration")
#: Twelve tiles, each face six symbols from the framed one (all different tiles).
ORDERS = list(permutations(ACTIONS))
TILES = [(list(ORDERS[7 * n]), list(ORDERS[7 * n + 3])) for n in range(12)]
TRAYS = ["white", "none", "red", "yellow", "blue", "brown"]
ICONS = ["campsite", "hunting-tile", "gathering-tile", "fishing-tile", "megalith", "action-marker"]


def test_a_whole_marauder_box_entered_by_touch() -> None:
    editor = editor_for("marauders")
    session = Session(editor, {}, seed=1)
    assert session.prompt().fields[0].default == "board"
    session.answer({})
    board = session.prompt()
    assert [f.key for f in board.fields] == ["trays", "priorities"]
    assert all(f.default is None for f in board.fields)  # nothing from the EXAMPLE set
    scene = editor.board(session.state)
    assert scene["kind"] == "control-board" and [s["tray"]["count"] for s in scene["sides"]] == [
        1, 2, 3, 4, 5, 6
    ]  # fmt: skip
    session.answer({"trays": TRAYS, "priorities": ICONS})
    for n, (two, three) in enumerate(TILES, 1):
        assert session.prompt().step == MENU_STEP
        assert session.prompt().fields[0].default == f"tile-{n}"
        session.answer({})
        side2 = session.prompt()
        assert side2.title.params == {"n": n, "all": 12, "face": "2"}
        session.answer({"symbols": two})
        assert session.prompt().title.params["face"] == "3"
        session.answer({"symbols": three})
    session.answer({})  # the menu's default: the pricing tile
    assert session.prompt().step == PAGE_STEP
    columns = {a: 1 + i % 3 for i, a in enumerate(ACTIONS)}
    session.answer({"actions": list(ACTIONS), "columns": columns})
    assert session.prompt().fields[0].default == SAVE
    session.answer({})
    saved = editor.result(session.state)
    assert COMPONENTS.check(saved) == saved and saved["example"] is False
    assert saved["control_board"]["sides"][1] == {
        "side": 1,
        "tray": None,
        "priority": "hunting-tile",
    }
    assert saved["tiles"][4] == {"id": "M05", "faces": {"2": TILES[4][0], "3": TILES[4][1]}}
    assert saved["pricing_tile"] == {"actions": list(ACTIONS), "columns": columns}


def test_the_same_tile_entered_twice_is_refused() -> None:
    session = Session(editor_for("marauders"), {}, seed=1)
    for n in (1, 2):
        session.answer({"go": f"tile-{n}"})
        session.answer({"symbols": TILES[0][0]})
        if n == 2:
            with pytest.raises(IllegalInput, match="same tile as marauder tile 1"):
                session.answer({"symbols": TILES[0][1]})
        else:
            session.answer({"symbols": TILES[0][1]})
    session.answer({"symbols": TILES[1][1]})  # a different side 3: another tile


def test_a_control_board_without_its_empty_side_is_refused() -> None:
    session = Session(editor_for("marauders"), {}, seed=1)
    session.answer({"go": "board"})
    with pytest.raises(IllegalInput):  # six sides, five colours: "none" is one of the six
        session.answer({"trays": ["white", "red", "yellow", "blue", "brown"], "priorities": ICONS})


def test_a_tile_entered_in_play_is_offered_and_fills_one_face() -> None:
    """Physical draw: "a tile not listed" -> its symbols -> an entry -> the editor's draft."""
    game = get_game("marauders")
    session = Session(game, {"draw": "physical"}, seed=2)
    for _ in range(40):
        prompt = session.prompt()
        if prompt.step == "tile-entry":
            break
        values = {}
        for f in prompt.fields:
            if f.key == "tile":
                values["tile"] = "other"
            elif f.default is None:
                values[f.key] = (
                    [c.value for c in f.choices]
                    if f.kind == "order"
                    else (f.choices[0].value if f.choices else (f.minimum or 0))
                )
        session.answer(values)
    assert session.prompt().step == "tile-entry"
    session.answer({"symbols": TILES[3][0], "number": "2"})
    entries = session.entered
    assert entries == ({"part": "tiles", "face": 2, "actions": TILES[3][0]},)
    editor = editor_for("marauders")
    learned = Session(editor, {"learned": list(entries)}, seed=1)
    learned.answer({"go": "tile-1"})
    assert learned.prompt().fields[0].default == TILES[3][0]  # side 2 known from play
    learned.answer({})
    assert learned.prompt().fields[0].default is None  # side 3: flip it and tap
