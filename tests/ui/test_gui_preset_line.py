"""The preset line: every preset is shown before the first CONFIRM (issue 23, brief presses5).

A field that starts with a value below the fold used to cost a CONFIRM that only
showed it (look-first). Now the step names every such field with its value in
one line above the fields ("Preset below (check): Adventure icon rolled? No.");
when the screen measured that whole line in view, the players saw each preset,
so the first CONFIRM takes the step. Robinson's explore (play screen: the island
tile to answer, the adventure die preset below the rows of tiles) and its set-up
for Red (checklist: the items to answer, camp, tile and hearts preset below),
played in the real 800x480 window (Xvfb) in en/de/pt. On main both took a
look-first CONFIRM (tests/ui/test_presses_look_first.py counts them).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.gui

SHOTS = os.environ.get("TABLESIDE_SHOTS")  # a folder: keep the screenshots to look at
#: Frames a player's eyes give a new step before the first press (bench presses' READ_FRAMES).
READ = 6


def _in_view(scroll: Any, widget: Any) -> bool:
    """``widget`` lies wholly inside the visible part of ``scroll`` (window coordinates)."""
    _x, bottom = scroll.to_window(scroll.x, scroll.y)
    _wx, low = widget.to_window(widget.x, widget.y)
    _wx, high = widget.to_window(widget.x, widget.top)
    return bool(widget.height > 0 and bottom - 1 <= low and high <= bottom + scroll.height + 1)


def _explore(app: Any) -> Any:
    """Robinson's scripted table played up to its first explore (a tile and the die)."""
    from tests.ui.support.driving import play_to
    from ui.benchmarks.tables import robinson

    return play_to(app, robinson, lambda p: {"tile", "adventure"} <= {f.key for f in p.fields})


def _checks(app: Any) -> None:
    from ui.app.widgets import clipped_labels, overlapping_labels, small_labels

    root = app.root
    assert not clipped_labels(root)
    assert not small_labels(root)
    assert not overlapping_labels(root)


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_explore_step_names_the_preset_die_and_one_confirm_takes_it(open_apps, lang) -> None:
    from tests.ui.support.driving import press, pump, screen
    from ui.app.look_first import looking
    from ui.i18n import translator

    tr = translator(lang)
    app = open_apps(lang=lang)
    c = app.controller
    session = _explore(app)
    pump(READ)
    view = screen(app)
    line = view.ids.presets
    caption = tr("Adventure icon rolled?")
    assert caption != "Adventure icon rolled?" or lang == "en"  # translated
    no = {"en": "No", "de": "Nein", "pt": "Não"}[lang]
    assert f"{caption} {no}" in line.text, line.text
    assert _in_view(view.ids.scroll, line)
    assert "adventure" in view.fields_out_of_view()  # below the fold: main looked first here
    if SHOTS:
        app.root_window.screenshot(str(Path(SHOTS) / f"preset-line-explore-{lang}.png"))
    _checks(app)
    steps = session.step_count
    press("b")  # BOT: the focused row's first option, "none" (not explored)
    press("enter")  # one CONFIRM takes the step: the die's "no" was shown in the line
    pump(3)
    assert not looking(c.error), c.error
    assert session.step_count == steps + 1
    assert session.history[-1].values["adventure"] is False


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_set_up_checklist_names_camp_tile_and_hearts(open_apps, lang) -> None:
    from tests.ui.support.driving import pump, screen
    from ui.app.look_first import looking
    from ui.i18n import translator

    tr = translator(lang)
    app = open_apps(lang=lang)
    c = app.controller
    c.choose_game("robinson")
    c.start_game(seed=1)
    pump(READ)
    session = c.service.session
    assert session.prompt().step == "setup"
    view = screen(app)
    line = view.ids.presets
    for caption in ("Camp space", "Island tile of the camp", "Hearts (character's life)"):
        assert tr(caption) in line.text, (caption, line.text)
    assert line.text.endswith(f"{tr('Hearts (character' + chr(39) + 's life)')}: 9."), line.text
    assert _in_view(view.ids.scroll, line)
    assert {"tile", "hearts"} <= set(view.fields_out_of_view())
    if SHOTS:
        app.root_window.screenshot(str(Path(SHOTS) / f"preset-line-setup-{lang}.png"))
    _checks(app)
    items = [ch.value for ch in c.form.field("items").choices[:2]]
    for item in items:  # the one question without a value, answered as touch would
        c.choose("items", item)
    pump(3)
    steps = session.step_count
    c.press_confirm()
    pump(3)
    assert not looking(c.error), c.error
    assert session.step_count == steps + 1
