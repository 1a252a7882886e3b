"""The tribe's VP on the score track, in the real 800x480 window (Xvfb), en/de/pt.

By default (docs/marauders.md, reading 40) the news panel has no VP entry and tells the
players to move the tribe's score marker; the final step's tribe VP has no default: a
CONFIRM without it is refused next to the field, in view, and nothing is lost.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui

MOVE = "Move the tribe's score marker on the score track by the VP it scored."


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_news_asks_no_vp_and_says_to_move_the_score_marker(open_apps, lang: str) -> None:
    from rules.text import msg
    from tests.ui.support.driving import play_to, visible_texts
    from ui.benchmarks.tables import marauders
    from ui.i18n import render

    app = open_apps(lang=lang)
    c = app.controller
    play_to(
        app,
        marauders,
        lambda p: p.step == "spring-turn" and MOVE in [line.english() for line in p.lines],
    )
    assert set(c.form.values["news"]) == {"white", "brown", "red", "yellow", "blue", "dev"}
    line = render(msg(MOVE), lang)
    assert line != MOVE or lang == "en"  # translated
    assert line in visible_texts(app)


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_final_tribe_vp_are_asked_without_a_default(open_apps, lang: str) -> None:
    from tests.ui.support.driving import confirm_as_shown, play_to, press, pump, screen
    from tests.ui.test_gui_look_first_once import _in_view
    from ui.benchmarks.tables import marauders

    app = open_apps(lang=lang)
    c = app.controller
    session = play_to(app, marauders, "final")
    assert c.form.values.get("tribe_vp") is None
    c.form.values.update({"p1": 60, "p2": 40})
    steps = session.step_count
    press("enter")  # CONFIRM without the tribe's VP
    pump(3)
    assert session.step_count == steps  # refused, nothing taken
    assert c.error_field == "tribe_vp"
    label = screen(app).ids.fields.boxes["tribe_vp"].error
    assert _in_view(screen(app).ids.scroll, label)
    assert c.form.values["p1"] == 60 and c.form.values["p2"] == 40  # nothing lost
    c.form.values["tribe_vp"] = 28
    confirm_as_shown(app, lambda: press("enter"))
    assert session.step_count == steps + 1
    assert session.state["final"]["result"]["tribe_vp"] == 28
