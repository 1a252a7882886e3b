"""Painters: every scene kind has one; geometry fits the box; drawing issues instructions."""

from __future__ import annotations

import math

import pytest

from ui.painters import KINDS, paint, painter_for
from ui.painters.hex_grid import layout_centres


def test_every_kind_has_a_painter_and_unknown_kinds_fall_back_to_facts() -> None:
    from ui.painters import facts

    painters = {kind: painter_for(kind) for kind in KINDS}
    assert len(set(painters.values())) == len(KINDS)
    assert painter_for("no-such-kind") is facts


def test_hex_layout_fits_every_hex_inside_the_box() -> None:
    hexes = [
        {"id": str(i), "q": q, "r": r}
        for i, (q, r) in enumerate(
            [(q, r) for r in range(5) for q in range(-(r // 2), 6 - (r // 2))]
        )
    ]
    box = (10.0, 20.0, 300.0, 200.0)
    (sx, sy), centres = layout_centres(hexes, box)
    assert sx > 0 and sy > 0 and len(centres) == len(hexes)
    for cx, cy in centres.values():
        assert box[0] - 0.01 <= cx - sx * math.sqrt(3) / 2
        assert cx + sx * math.sqrt(3) / 2 <= box[0] + box[2] + 0.01
        assert box[1] - 0.01 <= cy - sy and cy + sy <= box[1] + box[3] + 0.01
    # Neighbours in a row are exactly one hex width apart.
    assert centres["1"][0] - centres["0"][0] == pytest.approx(sx * math.sqrt(3))


@pytest.mark.gui
def test_each_scene_of_the_test_game_is_drawn(kivy_window) -> None:
    from kivy.graphics import Canvas

    from tests.ui.support.scene_game import SceneGame

    game = SceneGame()
    state = game.new_state({"players": 2, "difficulty": "normal"}, 1)
    seen = set()
    for step in range(6):
        state["step"] = step
        scene = game.board(state)
        canvas = Canvas()
        paint(canvas, (0, 0, 300, 220), scene, lambda s: s)
        drawn = len(canvas.children)
        assert (drawn == 0) == (scene["kind"] == "facts"), scene["kind"]
        seen.add(scene["kind"])
    assert seen == set(KINDS) - {"card-grid", "parts"}
