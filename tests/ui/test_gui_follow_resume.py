"""A resumed game whose trays the camera reads from scratch once (issue 28 item 1).

A Marauders game is left after the tribe's spring income (the journal tracks 2 red, 3
yellow, 4 blue and 5 brown markers on the trays), then resumed in a real 800x480 window
(Xvfb) with the real FollowFeed and TableFollower watching a rendered table (set-up 4240,
tilt 30 degrees, neutral light; :class:`tests.ui.test_gui_follow.RenderedTable`). At the
first still moment the agreement counter (``RESUME_COUNTER``) reads every tray once:

* red, yellow, brown: as the journal says, scattered: read surely, filled and
  asked about no more;
* blue: the journal's 4, but two of them lie on others: the counter is not sure, the tray
  asks ("not sure of its count");
* white: the journal says none, but a white marker lies in the tray (put there while the
  app was off): read surely as 1, shown, and the tray asks ("other markers than the saved
  game").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_gui_follow import RenderedTable, shoot, wait_for

pytestmark = pytest.mark.gui

SAVED = {"red": 2, "yellow": 3, "blue": 4, "brown": 5, "white": 0}
"""The trays as the game tracked them when it was left."""


def left_after_income(journal: Path) -> None:
    """A Marauders game confirmed up to the tribe's spring income (:data:`SAVED`), then
    left (its process gone, the journal stays); no camera."""
    from ui.app.controller import AppController
    from ui.service import TableService

    first = TableService(journal)
    c = AppController(first)
    c.choose_game("marauders")
    c.start_game(seed=1)
    c.confirm()  # the set-up
    while c.prompt.step != "spring-start":
        c.confirm()
        assert c.error is None
    assert c.form is not None
    c.form.values["income"] = dict(SAVED)
    c.confirm()
    assert c.error is None and c.prompt.step == "spring-turn"
    assert first.session.state["trays"] == SAVED
    first.close()


def resumed(open_apps: Any, table: RenderedTable, journal: Path, lang: str = "en") -> Any:
    """The app opened on ``journal`` with the following camera, the game resumed, and the
    trays read from scratch."""
    from ui.app.follow_feed import FollowFeed
    from vision.feed import VisionFeed
    from vision.reader import TableReader

    camera = FollowFeed(VisionFeed(TableReader(table.calibration), table))  # type: ignore[arg-type]
    app = open_apps(lang=lang, journal=journal, camera=camera)
    c = app.controller
    if c.screen == "resume":
        c.resume()
    assert c.prompt.step == "spring-turn" and camera.following
    wait_for(lambda: bool(camera.resume_outcome))
    wait_for(lambda: not c.prefilling)
    return app


@pytest.fixture
def table() -> RenderedTable:
    """The table as it is at the resume: the journal's markers, two blue ones on others,
    and one white marker more than the journal says."""
    table = RenderedTable()
    table.cubes.add(2, "red", 2, touch=0.0, stack=0.0)
    table.cubes.add(3, "yellow", 3, touch=0.0, stack=0.0)
    table.cubes.add(4, "blue", 4, touch=0.5, stack=1.0)
    table.cubes.add(1, "brown", 5, touch=0.0, stack=0.0)
    table.cubes.add(0, "white", 1, touch=0.0, stack=0.0)
    assert table.cubes.stacked(4) and not any(table.cubes.stacked(s) for s in (0, 1, 2, 3))
    table.last = table.render()
    return table


def test_a_resume_reads_the_trays_from_scratch_once(open_apps, table, tmp_path) -> None:
    from tests.ui.support.driving import visible_texts

    journal = tmp_path / "journal.sqlite3"
    left_after_income(journal)
    app = resumed(open_apps, table, journal)
    c = app.controller
    camera = c.camera
    assert camera.resume_outcome == {
        "0": "resume-differs",
        "1": "sure",
        "2": "sure",
        "3": "sure",
        "4": "resume-unsure",
        "5": "sure",
    }
    trays = camera.snapshot()
    assert [s for s, t in sorted(trays.items()) if t.sure] == ["1", "2", "3", "5"]
    assert trays["0"].counts["white"] == 1 and trays["0"].why == "resume-differs"
    assert trays["4"].counts["blue"] == 4 and trays["4"].why == "resume-unsure"
    form = c.form
    # The fields are filled from the followed trays: the white marker the camera saw too.
    assert form.values["trays_now"] == {**SAVED, "white": 1}
    assert form.values["news"] == {
        "red": 0,
        "yellow": 0,
        "blue": 0,
        "brown": 0,
        "white": 1,
        "dev": 0,
    }
    note = (
        "The white tray: please check (the camera counts other markers than the saved game); "
        "The blue tray: please check (the camera is not sure of its count)"
    )
    assert c.text(form.camera_notes["trays_now"]) == note
    assert note in visible_texts(app)
    assert app.root.ids.camera.text == "Camera: check 2 trays"
    shoot(app, "resume-en", field="trays_now")
    assert camera.resume_ms is not None and camera.resume_ms > 0

    # The next still moments keep what was read: no second read from scratch.
    frames = camera.frames
    table.queue += [table.render(hand=5), table.render(), table.render()]
    wait_for(lambda: camera.frames >= frames + 4 and not camera.moving)
    assert [s for s, t in sorted(camera.snapshot().items()) if t.sure] == ["1", "2", "3", "5"]

    # The players confirm: every tray is theirs, and sure.
    c.confirm()
    assert c.error is None
    assert all(t.sure for t in camera.snapshot().values())
    assert camera.snapshot()["0"].counts["white"] == 1


def test_the_resumed_trays_ask_in_german(open_apps, table, tmp_path) -> None:
    journal = tmp_path / "journal.sqlite3"
    left_after_income(journal)
    app = resumed(open_apps, table, journal, lang="de")
    c = app.controller
    assert c.text(c.form.camera_notes["trays_now"]) == (
        "Das weiße Fach: bitte prüfen (die Kamera zählt andere Marker als das gespeicherte "
        "Spiel); Das blaue Fach: bitte prüfen (die Kamera ist sich bei der Anzahl nicht sicher)"
    )
    assert app.root.ids.camera.text == "Kamera: 2 Fächer prüfen"
    shoot(app, "resume-de", field="trays_now")
