"""What the screen shows of the button box's new navigation (issue #23), in a real 800x480
Kivy window (Xvfb): a row of options ringed together with a line saying what the buttons do
there, a closed field ringed whole with "BOT opens this", the row's places on the picture."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui

ROW_HINT = {
    "en": "Buttons: BOT/UNDO pick in this row, NEXT goes to the next row",
    "de": "Tasten: BOT/UNDO wählen in dieser Reihe, NEXT geht zur nächsten Reihe",
    "pt": "Botões: BOT/UNDO escolhem nesta linha, NEXT vai para a próxima linha",
}
OPEN_HINT = {
    "en": "Buttons: BOT opens this, NEXT passes it",
    "de": "Tasten: BOT öffnet dies, NEXT geht daran vorbei",
    "pt": "Botões: BOT abre isto, NEXT passa adiante",
}


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_a_row_of_options_is_ringed_together_and_says_what_the_buttons_do(
    open_apps, lang: str
) -> None:
    """Ante Portas' turn: nine actions in rows of three; the step starts on the first row."""
    from tests.ui.support.driving import play_to, press
    from ui.benchmarks.tables import anteportas as scripted

    app = open_apps(lang=lang)
    session = play_to(app, scripted, "turns")
    values = [ch.value for ch in session.prompt().fields[0].choices]
    box = app.manager.current_screen.ids.fields.boxes["action"]
    ringed = {v for v, b in box.options.items() if b.focused}
    assert ringed == set(values[:3])  # exactly the first row, before any press
    assert box.keys.text == ROW_HINT[lang]
    press("n")
    assert {v for v, b in box.options.items() if b.focused} == set(values[3:6])
    press("b")  # BOT: the row's first option is picked, lit and ringed
    assert box.options[values[3]].selected and box.options[values[3]].focused


def test_a_closed_field_is_ringed_whole_and_its_places_on_the_picture_by_row(open_apps) -> None:
    """Marauders' autumn member: seven lists of 24 places; NEXT to the second list rings it
    closed ("BOT opens this"); BOT opens it on its first row: five places ringed on the
    picture too."""
    from tests.ui.support.driving import play_to, press
    from ui.benchmarks.tables import marauders as scripted

    app = open_apps(lang="en")
    session = play_to(app, scripted, "autumn-member")
    c = app.controller
    second = session.prompt().fields[1].key
    press("n")
    assert c.focused_name() == second
    box = app.manager.current_screen.ids.fields.boxes[second]
    assert box.focusable[second].focused and box.keys.text == OPEN_HINT["en"]
    press("b")
    row = c.focus.stop.row
    assert len(row) == 5 and c.focused_name() == f"{second}." + "|".join(row)
    assert {v for v, b in box.options.items() if b.focused} == set(row)
    marks = app.manager.current_screen._marks()
    assert marks.focus is not None and set(marks.focus.split("|")) == set(row)
