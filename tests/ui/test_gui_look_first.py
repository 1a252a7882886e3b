"""A field never takes a value the players were not shown (issue 23, "What to build").

On a step whose field starts with a value (a default) below the fold, the
first CONFIRM confirms nothing: it scrolls the field into view, marks it
beside its caption and gives it the button box's focus; the next CONFIRM
takes it as shown. Played in the real 800x480 window (Xvfb).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

SHOTS = os.environ.get("TABLESIDE_SHOTS")  # a folder: keep the screenshots to look at


def _unseen_default(app) -> str | None:
    """The first field out of view that starts with a value on the play screen, if any."""
    c = app.controller
    if app.manager.current not in ("play", "checklist") or c.form is None:
        return None
    screen = app.manager.current_screen
    for key in screen.fields_out_of_view():
        if c.form.values.get(key) is not None:
            return key
    return None


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_confirm_first_shows_a_default_below_the_fold(kivy_window, tmp_path: Path, lang):
    """Robinson's set-up for Red: the camp, its tile and the items start with values."""
    game = "robinson"
    from tests.ui.support.driving import press, screen, shown
    from tests.ui.support.walk_app import play_until
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.look_first import looking
    from ui.app.settings import Settings
    from ui.commands.screenshots import fill_missing
    from ui.i18n import translator
    from ui.service import TableService

    tr = translator(lang)
    service = TableService(tmp_path / "j.sqlite3")
    app = open_app(AppController(service, Settings(language=lang)), use_hardware=False)
    try:
        c = app.controller
        play_until(app, game, lambda: _unseen_default(app) is not None, steps=40)
        key = _unseen_default(app)
        steps = service.session.step_count
        press("enter")  # CONFIRM: the field comes into view, marked; nothing is confirmed
        pump(4)
        assert service.session.step_count == steps
        assert key not in screen(app).fields_out_of_view()
        assert looking(c.error)  # the mark: this field's alone, or every one with its value
        mark = tr(c.error.template).split("{")[0].split(":")[0]
        assert shown(app, mark)
        assert c.focused_name().split(".")[0] == key
        if SHOTS:
            app.root_window.screenshot(str(Path(SHOTS) / f"look-first-{game}-{lang}.png"))
        # The next CONFIRM takes it as shown; it stops once more only for another such field
        # still out of view (each shown and marked once, never one twice).
        marked = [key]
        for _ in range(2 * len(c.form.fields)):
            press("enter")
            pump(3)
            if service.session.step_count == steps + 1:
                break
            if c.error is not None and c.error.template.startswith("Not accepted"):
                fill_missing(c.form)  # a real refusal (a list still empty): answered as players do
                continue
            assert c.error_field not in marked
            assert c.focused_name().split(".")[0] == c.error_field
            marked.append(c.error_field)
        assert service.session.step_count == steps + 1
    finally:
        close_app(app)
        service.close()
