"""What stands on a hex is drawn as glyphs with counts (Ante Portas ``units``), legibly."""

from __future__ import annotations

from typing import Any

import pytest

from rules.registry import all_games
from rules.session import Session
from ui.painters import paint
from ui.painters.hex_grid import SHADES as HEX_SHADES
from ui.painters.legibility import problems
from ui.painters.unit_glyphs import has_units

pytestmark = pytest.mark.gui

#: The picture on the play screen at 800x480 (tests/ui/test_painters_legible.py measures it).
BOX = (0.0, 0.0, 330.0, 260.0)
BIG = (0.0, 0.0, 700.0, 460.0)


def units(
    invaders: tuple[int, int] | None = None,
    farmer: int = 0,
    tired: int = 0,
    citizen: int = 0,
    tile: str | None = None,
    rotation: int | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "soldiers": {
            "farmer": farmer,
            "farmer_exhausted": tired,
            "citizen": citizen,
            "citizen_exhausted": 0,
        },
        "tile": tile,
    }
    if invaders:
        out["invaders"] = {"basic": invaders[0], "elite": invaders[1]}
    if rotation is not None:
        out["rotation"] = rotation
    return out


def battleground(**on: dict[str, Any]) -> dict[str, Any]:
    """The game's own Battleground scene at set-up, with ``on`` (hex -> units) put on it."""
    game = all_games()["anteportas"]
    scene = game.board(Session(game, {}, seed=1).state)
    for hx in scene["hexes"]:
        hx["units"] = on.get(f"h{hx['id']}", units())
    return scene


def texts(scene: dict[str, Any], box: tuple[float, float, float, float]) -> list[str]:
    from kivy.graphics import Canvas

    picture = paint(Canvas(), box, scene, lambda s: s)
    assert problems(picture.labels, box, picture.overlays) == []
    return [label.text for label in picture.labels]


def test_the_battleground_scene_sends_units_not_tokens() -> None:
    scene = battleground()
    assert all("tokens" not in hx for hx in scene["hexes"])
    assert all("units" in hx for hx in scene["hexes"])


def test_counts_of_each_kind_and_the_tiles_code_on_a_roomy_picture(kivy_window) -> None:
    scene = battleground(
        h26=units((2, 1)),
        h7=units(farmer=2, tile="guard_post", rotation=1),
        h8=units(farmer=1, tired=3, citizen=4),
    )
    drawn = texts(scene, BIG)
    # Basic 2 and Elite 1 apart; Farmers 1, exhausted 3, Citizens 4 apart; the tile's code.
    for text in ("2", "1", "3", "4", "GP", "26", "7", "8"):
        assert text in drawn
    # Hex #2's number, the two Basic Invaders on #26 and the two Farmers on #7.
    assert drawn.count("2") == 3


def test_a_crowded_hex_on_the_play_screen_keeps_its_number_and_a_count(kivy_window) -> None:
    scene = battleground(h8=units((2, 1), farmer=1, tired=1, citizen=1, tile="trench", rotation=0))
    drawn = texts(scene, BOX)  # legible (asserted inside), nothing on top of anything
    assert "8" in drawn
    assert "3" in drawn  # the Invaders in one glyph: all three (a ring says some are Elite)


def test_an_empty_hex_has_no_glyphs_and_teams_count_as_units() -> None:
    assert not has_units({"units": units()})
    assert has_units({"units": units(tile="trap")})
    assert has_units({"teams": {"B": units(farmer=1)}})
    assert not has_units({"tokens": [{"text": "1"}]})


def scenes_of(name: str, seeds: range) -> list[dict[str, Any]]:
    from tests.support.walker import walk

    game = all_games()[name]
    out = []
    for seed in seeds:
        for visit in walk(game, seed, steps=200, states=True):
            assert visit.state is not None
            scene = game.board(visit.state)
            out += [scene, *scene.get("parts", [])]
    return out


@pytest.mark.parametrize("name", ["anteportas", "marauders", "robinson"])
def test_every_hex_shade_a_game_sends_has_its_own_tint(name: str) -> None:
    shades = {
        hx.get("shade")
        for scene in scenes_of(name, range(3))
        if scene.get("kind") == "hex-grid"
        for hx in scene.get("hexes", [])
    }
    assert shades - {None} <= set(HEX_SHADES)


def test_robinsons_island_shades_explored_and_unexplored_spaces() -> None:
    game = all_games()["robinson"]
    session = Session(game, {}, seed=1)
    island = game.board(session.state)["parts"][0]
    assert {hx["shade"] for hx in island["hexes"]} == {"unexplored"}
    from tests.support.walker import walk

    later = [v.state for v in walk(game, 1, steps=40, states=True) if v.state and v.state["island"]]
    state = later[-1]
    island = game.board(state)["parts"][0]
    explored = {hx["id"] for hx in island["hexes"] if hx["shade"] == "explored"}
    assert explored == set(state["island"])
    assert HEX_SHADES["explored"] != HEX_SHADES["unexplored"]
