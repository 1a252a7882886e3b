"""CONFIRM on a set-up checklist with a required choice shows the refusal (issue 23, item 2).

The refusal stands beside its field far down the checklist: CONFIRM scrolls it
into view, and CONFIRM again keeps it there (Nomads step 1, in the real window).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def top_in_view(widget, scroll) -> bool:
    """The widget's top 60 px (its label and refusal) are inside the scroll view."""
    top = widget.to_window(widget.x, widget.top)[1]
    bottom = top - min(60, widget.height)
    view_bottom = scroll.to_window(scroll.x, scroll.y)[1]
    view_top = scroll.to_window(scroll.x, scroll.top)[1]
    return view_bottom - 1 <= bottom and top <= view_top + 1


def test_confirm_scrolls_to_the_refusal_and_stays(open_apps):
    from tests.ui.support.driving import screen
    from ui.app.harness import pump

    app = open_apps()
    c = app.controller
    c.choose_game("nomads")
    c.start_game(seed=1)
    pump(3)
    assert app.manager.current == "checklist"
    checklist = screen(app)
    for _press in range(2):
        c.confirm()
        pump(4)
        refused = [f.key for f in c.play_view().fields if f.error]
        assert refused, "Nomads' set-up checklist has a required choice"
        box = checklist.ids.fields.boxes[refused[0]]
        assert top_in_view(box, checklist.ids.scroll)
