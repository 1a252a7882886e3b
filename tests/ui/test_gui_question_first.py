"""On a step that asks, the question comes first (issue 23, item 1).

What the bot did at the step before is one line under the players' question and
its field, never above it; a touch opens it in full (its physical steps too), and
a touch again closes it. Played in the real 800x480 window (Xvfb).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_the_bots_last_action_is_one_line_under_the_question(open_apps):
    from tests.ui.support.driving import screen, tap
    from tests.ui.support.walk_app import play_until
    from ui.app.harness import pump

    app = open_apps()
    c = app.controller
    play_until(
        app,
        "nomads",
        lambda: (
            app.manager.current == "play"
            and bool(screen(app).ids.previous.text and c.prompt.fields)
        ),
    )
    ids = screen(app).ids
    line = ids.previous.font_size * 1.6
    assert ids.previous.text.startswith("+ ")
    assert ids.previous.height <= line  # one line
    assert ids.previous.top <= ids.fields.y + 1  # under the question's fields
    assert ids.previous_todo.children == []
    tap(ids.previous)
    pump(3)
    assert ids.previous.text.startswith("– ")
    opened = ids.previous.height + ids.previous_todo.height
    assert opened > line or ids.previous_todo.children
    tap(ids.previous)
    pump(3)
    assert ids.previous.text.startswith("+ ") and ids.previous_todo.children == []
