"""Preset fields out of view cost one CONFIRM, not one each (issue 23, brief lookfirst).

Marauders' autumn start asks the lane markers m1-m4, the news and the trays:
all start with values and lie below the fold. The first CONFIRM confirms
nothing: it scrolls to the first of them, focuses it and marks it with every
one of them and its value; the second CONFIRM takes them all, as shown. A field
the button box's focus already went to (NEXT scrolled it into view) counts as
shown. Played in the real 800x480 window (Xvfb) in en/de/pt.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

SHOTS = os.environ.get("TABLESIDE_SHOTS")  # a folder: keep the screenshots to look at


def _presets_out_of_view(app) -> list[str]:
    from ui.app.look_first import _preset

    c = app.controller
    out = app.manager.current_screen.fields_out_of_view()
    return [key for key in out if _preset(c.form, key)]


def _in_view(scroll, widget) -> bool:
    """``widget`` lies wholly inside the visible part of ``scroll`` (window coordinates)."""
    _x, bottom = scroll.to_window(scroll.x, scroll.y)
    _wx, low = widget.to_window(widget.x, widget.y)
    _wx, high = widget.to_window(widget.x, widget.top)
    return bool(widget.height > 0 and bottom - 1 <= low and high <= bottom + scroll.height + 1)


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_one_confirm_shows_every_preset_field_out_of_view(open_apps, lang: str) -> None:
    from tests.ui.support.driving import play_to, press, pump, screen
    from ui.app.presenters import value_text
    from ui.benchmarks.tables import marauders
    from ui.i18n import translator

    tr = translator(lang)
    app = open_apps(lang=lang)
    c = app.controller
    session = play_to(app, marauders, "autumn-start")
    pump(3)
    unseen = _presets_out_of_view(app)
    assert len(unseen) >= 3, unseen  # the step this test is about
    shown_values = copy.deepcopy(c.form.values)
    steps = session.step_count
    press("enter")  # CONFIRM: the fields are shown, nothing is confirmed
    pump(3)
    assert session.step_count == steps
    assert c.error_field == unseen[0]
    assert c.focused_name().split(".")[0] == unseen[0]
    if SHOTS:
        app.root_window.screenshot(str(Path(SHOTS) / f"look-first-all-{lang}.png"))
    label = screen(app).ids.fields.boxes[unseen[0]].error
    assert _in_view(screen(app).ids.scroll, label)  # the whole mark, first line to last
    for key in unseen:  # each of them with its caption and its value
        fld = c.form.field(key)
        assert f"{fld.label.render(tr)}: {value_text(fld, shown_values[key], tr)}" in label.text
    press("enter")  # CONFIRM again: every value as it was shown
    pump(3)
    assert session.step_count == steps + 1
    assert session.history[-1].values == shown_values


def test_a_field_the_focus_went_to_counts_as_shown(open_apps) -> None:
    from tests.ui.support.driving import play_to, press, pump
    from ui.app.look_first import LOOK
    from ui.benchmarks.tables import marauders

    app = open_apps()
    c = app.controller
    session = play_to(app, marauders, "autumn-start")
    pump(3)
    unseen = _presets_out_of_view(app)
    assert len(unseen) >= 2
    while c.focused_name().split(".")[0] != unseen[-2]:  # NEXT walks over all but the last
        press("n")
    pump(3)
    steps = session.step_count
    press("enter")  # only the last is left to show: the one-field mark
    pump(3)
    assert session.step_count == steps
    assert c.error == LOOK
    assert c.error_field == unseen[-1]
    press("enter")
    pump(3)
    assert session.step_count == steps + 1
