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


# -- tappable places: layout and hit test (pure geometry, no window) ----------------------

TARGI_RING = {
    "kind": "card-grid",
    "rows": 5,
    "cols": 5,
    "cells": [
        {"id": f"B{r}{c}", "row": r, "col": c, "label": {"t": "Caravan"}, "shade": "border"}
        for r in range(5)
        for c in range(5)
        if r in (0, 4) or c in (0, 4)
    ]
    + [
        {"id": f"I{r}{c}", "row": r, "col": c, "label": {"t": "Salt"}, "shade": "inner"}
        for r in range(1, 4)
        for c in range(1, 4)
    ],
}


def test_card_grid_places_tile_the_box_row_0_on_top_and_a_tap_finds_its_card() -> None:
    from ui.painters import place_at, places

    box = (100.0, 50.0, 400.0, 300.0)
    layers = places(TARGI_RING, box)
    cells = {p.id: p for p in layers["cells"]}
    assert len(cells) == 25
    # (gap 4) 5 columns of (400 - 16) / 5 = 76.8 px, 5 rows of (300 - 16) / 5 = 56.8 px
    assert cells["B00"].bounds() == pytest.approx((100.0, 50.0 + 300 - 56.8, 76.8, 56.8))
    assert cells["B44"].bounds() == pytest.approx((100.0 + 4 * 80.8, 50.0, 76.8, 56.8))
    assert place_at(TARGI_RING, box, "cells", 100 + 80.8 * 2 + 10, 50 + 300 - 60.8 * 2 - 5) == (
        "I22"
    )
    # The gap between two cards is within the finger slop: the nearer card wins.
    assert place_at(TARGI_RING, box, "cells", 100 + 76.8 + 1, 60) == "B40"
    assert place_at(TARGI_RING, box, "cells", 100 + 76.8 + 3, 60) == "B41"
    # Far outside the picture, or another layer: nothing.
    assert place_at(TARGI_RING, box, "cells", 0, 0) is None
    assert place_at(TARGI_RING, box, "hexes", 200, 200) is None


def test_control_board_sides_are_the_trays_numbered_clockwise_from_the_top() -> None:
    from ui.painters import place_at, places

    scene = {
        "kind": "control-board",
        "sides": [{"side": s, "tray": {"colour": "red", "count": s}} for s in range(6)],
    }
    box = (0.0, 0.0, 300.0, 300.0)
    sides = {p.id: p.centre for p in places(scene, box)["sides"]}
    assert sides["0"][0] == pytest.approx(150) and sides["0"][1] > 250  # top
    assert sides["3"][0] == pytest.approx(150) and sides["3"][1] < 50  # bottom
    assert sides["1"][0] > 150 > sides["5"][0]  # clockwise: 1 on the right, 5 on the left
    x, y = sides["2"]
    assert place_at(scene, box, "sides", x + 3, y - 3) == "2"
    assert place_at(scene, box, "sides", 150, 150) is None  # the board's centre is no tray


def test_hex_places_are_hexagons_with_their_ids_and_a_tap_in_a_hex_picks_it() -> None:
    from ui.painters import place_at, places

    scene = {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "hexes": [{"id": str(7 + q), "q": q, "r": 0, "label": str(7 + q)} for q in range(3)],
    }
    box = (0.0, 0.0, 300.0, 100.0)
    hexes = {p.id: p for p in places(scene, box)["hexes"]}
    assert set(hexes) == {"7", "8", "9"}
    assert all(len(p.outline) == 6 for p in hexes.values())
    for ident, place in hexes.items():
        assert place_at(scene, box, "hexes", *place.centre) == ident


def test_parts_stack_top_to_bottom_and_a_layer_comes_from_the_first_part_that_has_it() -> None:
    from ui.painters import min_height, places

    first = {
        "kind": "card-grid",
        "rows": 1,
        "cols": 2,
        "title": {"t": "Hunting area"},
        "cells": [{"id": "h1", "row": 0, "col": 0}, {"id": "h2", "row": 0, "col": 1}],
    }
    second = {
        "kind": "card-grid",
        "rows": 1,
        "cols": 1,
        "weight": 2,
        "cells": [{"id": "d1", "row": 0, "col": 0}],
    }
    scene = {"kind": "parts", "parts": [first, second]}
    layers = places(scene, (0.0, 0.0, 200.0, 306.0))
    assert [p.id for p in layers["cells"]] == ["h1", "h2"]  # the first part's layer
    top_part = layers["cells"][0].bounds()
    # 306 - 6 gap = 300. Each part first gets its least height (a row of cards: two lines
    # of 18 px type, 2 x 22 + 4 = 48, plus 24 for the first one's caption), the 180 px left
    # go 1:2 by weight.
    first_h = 48 + 24 + 180 / 3
    assert top_part[1] == pytest.approx(306 - first_h)
    assert top_part[3] == pytest.approx(first_h - 24)
    assert min_height(scene, 200) == pytest.approx(48 + 24 + 6 + 48)


def test_crowded_parts_keep_the_part_the_step_picks_from() -> None:
    from ui.painters import places
    from ui.painters.parts import part_boxes

    grid = {
        "kind": "card-grid",
        "rows": 2,
        "cols": 2,
        "title": {"t": "Display"},
        "cells": [{"id": "c1", "row": 0, "col": 0}],
    }
    panels = {
        "kind": "tracks",
        "title": {"t": "Players"},
        "players": [{"id": "blue", "name": "Blue"}, {"id": "white", "name": "White"}],
    }
    scene = {"kind": "parts", "title": {"t": "Table"}, "parts": [grid, panels]}
    box = (0.0, 0.0, 300.0, 200.0)  # needs 88 + 24 + 6 + 140 + 24 = 282
    assert set(places(scene, box)) == {"cells"}  # in order: the grid fits, the panels not
    assert set(places(scene, box, "players")) == {"players"}  # the step picks a player
    drawn, left_out = part_boxes(scene, box, "players")
    assert [part for part, _, _ in drawn] == [panels] and left_out == [grid]


def test_marks_for_a_field_name_its_layer_legal_choices_selection_order_and_focus() -> None:
    from rules.prompt import Choice, Field
    from rules.text import msg
    from ui.painters import marks_for_field

    field = Field(
        key="order",
        label=msg("Order"),
        kind="order",
        places="cells",
        choices=tuple(Choice(v, msg(v)) for v in ("B00", "B01", "I11")),
    )
    marks = marks_for_field(field, ["I11", "B00"], focus="B01", values={"n": 2})
    assert marks.layer == "cells" and marks.legal == {"B00", "B01", "I11"}
    assert marks.selected == ("I11", "B00") and marks.numbered and marks.focus == "B01"
    assert marks.values == {"n": 2}
    plain = Field(key="n", label=msg("N"), kind="int", default=1)
    assert marks_for_field(plain, 1).layer is None


def test_an_item_that_mirrors_a_field_shows_the_value_being_entered() -> None:
    from ui.painters.places import live_value

    tray = {"colour": "yellow", "count": 0, "field": ["trays_now", "yellow"]}
    assert live_value(tray, 0, {"trays_now": {"yellow": 3, "red": 1}}) == 3
    assert live_value(tray, 0, {}) == 0  # the step does not ask: the tracked count
    assert live_value({"count": 5}, 5, {"trays_now": {"yellow": 3}}) == 5
    assert live_value({"field": ["vp"]}, 0, {"vp": 7}) == 7


# -- drawing (a real Kivy window) --------------------------------------------------------


@pytest.mark.gui
def test_card_grid_draws_every_card_name_whole_at_18_px_or_more(kivy_window) -> None:
    from kivy.graphics import Canvas

    from ui.painters.legibility import problems

    scene = dict(TARGI_RING)
    scene["cells"] = [
        {
            **cell,
            "label": {"t": "joker goods tile"},
            "sub": {"t": "2 dates"},
            "tokens": [{"text": "T", "colour": "blue"}],
        }
        for cell in TARGI_RING["cells"]
    ]
    box = (0.0, 0.0, 400.0, 480.0)  # rows of 92 px: a name of 3 lines of 18 px and the tokens
    picture = paint(Canvas(), box, scene, lambda s: s)
    texts = [label.text for label in picture.labels]
    assert texts.count("joker goods tile") == 25 and texts.count("T") == 25
    assert problems(picture.labels, box, picture.overlays) == []


@pytest.mark.gui
def test_marks_draw_order_numbers_and_a_focus_ring_over_any_fill(kivy_window) -> None:
    from kivy.graphics import Canvas

    from ui.painters import Marks
    from ui.painters.legibility import problems

    box = (0.0, 0.0, 400.0, 330.0)
    bare = len(paint(Canvas(), box, TARGI_RING, lambda s: s).labels)
    marks = Marks(
        layer="cells",
        legal=frozenset({"B00", "B01", "I22"}),
        selected=("I22", "B00"),
        numbered=True,
        focus="B00",
    )
    canvas = Canvas()
    picture = paint(canvas, box, TARGI_RING, lambda s: s, marks)
    assert [o.text for o in picture.overlays] == ["1", "2"]  # badges in picking order
    assert len(picture.labels) == bare
    assert problems(picture.labels, box, picture.overlays) == []
    assert len(canvas.children) > len(paint(Canvas(), box, TARGI_RING, lambda s: s).layers)


@pytest.mark.gui
def test_a_drawing_repaints_only_when_scene_marks_or_size_change(kivy_window) -> None:
    from ui.painters import Marks
    from ui.painters.view import Drawing

    drawing = Drawing(size_hint=(None, None), size=(300, 240))
    tr = lambda s: s  # noqa: E731
    drawing.show(TARGI_RING, tr)
    assert drawing.paints == 1
    drawing.show(dict(TARGI_RING), tr)  # equal data: nothing to do
    drawing.pos = (40, 10)  # moving only shifts the picture
    assert drawing.paints == 1
    drawing.show(TARGI_RING, tr, Marks(layer="cells", focus="B00"))
    assert drawing.paints == 2
    drawing.size = (320, 240)
    assert drawing.paints == 3


@pytest.mark.gui
def test_a_tap_on_a_place_of_the_marked_layer_is_reported_in_widget_coordinates(
    kivy_window,
) -> None:
    from ui.painters import Marks
    from ui.painters.view import Drawing

    drawing = Drawing(size_hint=(None, None), size=(400, 330), pos=(200, 100))
    drawing.show(TARGI_RING, lambda s: s, Marks(layer="cells", legal=frozenset({"I22"})))
    taps: list[tuple[str, str]] = []
    drawing.bind(on_place=lambda _w, layer, ident: taps.append((layer, ident)))

    class Touch:
        def __init__(self, x: float, y: float) -> None:
            self.x, self.y, self.pos = x, y, (x, y)

    centre = {p.id: p.centre for p in drawing.picture.layers["cells"]}
    x, y = centre["B01"]
    assert drawing.on_touch_down(Touch(200 + x, 100 + y))
    x, y = centre["I22"]
    drawing.on_touch_down(Touch(200 + x, 100 + y))
    assert taps == [("cells", "B01"), ("cells", "I22")]  # legal or not: the screen decides
    assert not drawing.on_touch_down(Touch(10, 10))  # outside the picture


@pytest.mark.gui
def test_the_marauders_board_shows_the_tray_counts_the_camera_prefilled(
    kivy_window, tmp_path
) -> None:
    """Issue 10: the steppers showed 3 while the board beside them showed 0."""
    from rules.camera import ColourTotals
    from rules.text import msg
    from ui.app.camera import ScriptedCamera
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.painters.view import Drawing
    from ui.service import TableService

    # The edge of the physical world: what the camera reads on the table.
    camera = ScriptedCamera(
        {ColourTotals(): {"white": 3, "brown": 0, "red": 2, "yellow": 0, "blue": 1}},
        line=msg("camera: ready"),
    )
    service = TableService(tmp_path / "journal.sqlite3")
    controller = AppController(service, Settings(language="en"), camera=camera)
    app = open_app(controller)
    try:
        controller.start()
        controller.choose_game("marauders")
        controller.start_game(seed=1)
        for _ in range(12):
            if controller.form is not None and "trays_now" in controller.form.values:
                break
            controller.confirm()
        for _ in range(50):  # the camera is read off the UI thread
            if "trays_now" in controller.form.from_camera:
                break
            pump(1)
        assert controller.form.values["trays_now"]["white"] == 3  # prefilled by the camera
        pump(3)
        drawing = next(w for w in app.root.walk() if isinstance(w, Drawing))
        counts = sorted(label.text for label in drawing.picture.labels if label.text.isdigit())
        assert counts == ["0", "0", "1", "2", "3"]  # the board agrees with the steppers
        controller.current_form().step("trays_now", 1, "white")
        controller.on_change()
        pump(2)
        counts = sorted(label.text for label in drawing.picture.labels if label.text.isdigit())
        assert counts == ["0", "0", "1", "2", "4"]  # and follows them
    finally:
        close_app(app)
        service.close()


@pytest.mark.gui
def test_the_screenshot_check_reports_a_board_picture_too_small_for_its_texts(kivy_window) -> None:
    from kivy.uix.boxlayout import BoxLayout

    from ui.commands.screenshots import board_picture_problems
    from ui.painters.view import Drawing

    root = BoxLayout(size=(800, 480))
    cramped = Drawing(size_hint=(None, None), size=(150, 120))
    roomy = Drawing(size_hint=(None, None), size=(460, 360))
    for drawing in (cramped, roomy):
        root.add_widget(drawing)
        drawing.show(TARGI_RING, lambda s: s)
    found = board_picture_problems(root)
    assert found and all(
        "cut short" in p or "overlaps" in p or "leaves the picture" in p for p in found
    )
    root.remove_widget(cramped)
    assert board_picture_problems(root) == []


def _pixels(scene: dict, marks, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    """Paint ``scene`` with ``marks`` off screen: its labels, RGBA pixels (row 0 at the bottom)."""
    import numpy as np
    from kivy.graphics import Canvas, ClearBuffers, ClearColor, Fbo

    from ui.i18n import translator

    w, h = size
    fbo = Fbo(size=size)
    with fbo:
        ClearColor(0, 0, 0, 1)
        ClearBuffers()
    canvas = Canvas()
    picture = paint(canvas, (0.0, 0.0, float(w), float(h)), scene, translator("en"), marks)
    fbo.add(canvas)
    fbo.draw()
    return picture.labels, np.frombuffer(fbo.pixels, np.uint8).reshape(h, w, 4)


@pytest.mark.gui
def test_a_focused_row_of_small_hexes_leaves_every_number_on_the_picture_untouched(
    kivy_window,
) -> None:
    """The Marauders lane picture (hexes ~30 px): the rings of a row of places stay inside
    their hexes, so no pixel of any number's text box changes (they once covered them)."""
    import numpy as np

    from tests.ui.test_painters_legible import scripted
    from ui.painters import marks_for_field

    prompt, scene = next((p, s) for p, s in scripted("marauders") if p.step == "autumn-member")
    field = next(f for f in prompt.fields if f.places)
    ids = [c.value for c in field.choices]
    size = (330, 260)
    labels, bare = _pixels(scene, marks_for_field(field, [], focus=None), size)
    assert len(labels) >= 20
    for row in (ids[0:5], ids[5:10], ids[10:15]):
        _, ringed = _pixels(scene, marks_for_field(field, [], focus="|".join(row)), size)
        changed = np.any(bare != ringed, axis=2)
        assert changed.sum() > 200  # the row is ringed
        touched = [
            label.text
            for label in labels
            if changed[
                max(0, int(label.y)) : int(label.y + label.height),
                max(0, int(label.x)) : int(label.x + label.width),
            ].any()
        ]
        assert touched == [], row
