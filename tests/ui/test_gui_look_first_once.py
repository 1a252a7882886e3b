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


def test_a_bot_steps_tracked_corrections_take_one_confirm(open_apps) -> None:
    """On a bot's step the fields only correct what the assistant tracked (their defaults
    are that state): CONFIRM takes the step at once, though they lie below the fold."""
    from tests.ui.support.driving import press, pump
    from ui.benchmarks.tables import marauders

    app = open_apps()
    c = app.controller
    c.choose_game(marauders.GAME)
    c.setup_form.values.update(marauders.OPTIONS)
    c.start_game(seed=marauders.SEED)
    table, session = marauders.Table(), c.service.session
    for _ in range(120):  # to the first bot step with preset corrections out of view
        prompt = session.prompt()
        if prompt.decision is not None:
            c._enter_current()
            pump(3)
            if _presets_out_of_view(app):
                break
        values = table.answer(prompt, session.state)
        c.service.answer(values)
        table.observe(prompt, values, session.last_decision)
    else:
        raise AssertionError("no bot step with corrections below the fold")
    tracked = copy.deepcopy(c.form.values)
    steps = session.step_count
    press("enter")  # the bot's step's one press
    pump(3)
    assert session.step_count == steps + 1
    assert session.history[-1].values == tracked


def test_a_camera_value_that_differs_from_the_tracked_state_is_shown_on_a_bot_step() -> None:
    from rules.prompt import Field
    from ui.app.form import FormModel
    from ui.app.look_first import LookFirst

    trays = Field(key="trays_now", label="Markers", kind="counts", default={"red": 1})
    blocked = Field(key="blocked", label="Blocked?", kind="bool", default=False)
    form = FormModel((blocked, trays))
    look = LookFirst()
    look.out_of_view = lambda: ["blocked", "trays_now"]
    assert look.unseen(form) == ["blocked", "trays_now"]  # a players' step: both presets
    assert look.unseen(form, correcting=True) == []  # a bot's step: the tracked state
    form.values["trays_now"] = {"red": 2}
    form.from_camera.add("trays_now")  # the camera saw two
    assert look.unseen(form, correcting=True) == ["trays_now"]


def test_a_tracked_field_is_a_check_on_a_players_step_too() -> None:
    from rules.prompt import Field
    from ui.app.form import FormModel
    from ui.app.look_first import LookFirst

    news = Field(key="news", label="News", kind="counts", default={"red": 0})
    trays = Field(key="trays", label="Now", kind="counts", default={"red": 1}, tracked=True)
    form = FormModel((news, trays))
    look = LookFirst()
    look.out_of_view = lambda: ["news", "trays"]
    assert look.unseen(form) == ["news"]  # the news' zeros are a guess; the trays are known
    form.values["trays"] = {"red": 3}
    form.from_camera.add("trays")
    assert look.unseen(form) == ["news", "trays"]


def test_an_optional_extra_is_not_the_steps_question() -> None:
    from rules.prompt import Choice, Field
    from ui.app.form import FormModel
    from ui.app.look_first import LookFirst

    placed = Field(key="placed", label="Went to", kind="choice", default="rest",
                   choices=(Choice("rest", "rest"), Choice("done", "done")))  # fmt: skip
    other = Field(key="other", label="Other changes", kind="choice", default="none",
                  choices=(Choice("none", "none"), Choice("p1", "p1")), optional=True)  # fmt: skip
    form = FormModel((placed, other))
    look = LookFirst()
    look.out_of_view = lambda: ["placed", "other"]
    assert look.unseen(form) == ["placed"]  # the question's guessed default must be seen
