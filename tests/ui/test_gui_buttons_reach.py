"""The button box reaches everything (issue #23 item 7): the history's rows, the set-up's buttons.

Real app, real 800x480 Kivy window (Xvfb), key stand-ins for the buttons.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def app(open_apps):
    from tests.ui.support.scene_game import ensure_registered

    ensure_registered()
    return open_apps(lang="en")


def _ringed_row(app):
    screen = app.manager.current_screen
    if screen.row_focus is None:
        return None
    return screen.ids.rows.data[screen.row_focus]["title"]


def test_next_walks_every_history_row_then_the_buttons_and_confirm_opens_a_row(app) -> None:
    from tests.ui.support.driving import press, shown

    c = app.controller
    c.choose_game("toy")
    c.start_game(seed=3)
    for _ in range(4):
        press("enter")
    press("h")
    assert app.manager.current == "history"
    # Each row shows the bot's decision on a line of its own, whole (never cut after the answers).
    row = next(
        w
        for w in app.manager.current_screen.ids.rows.walk()
        if getattr(w, "title", "") == "4. Step 4"
    )
    decision = c.service.session.history[3].decision.summary.render(c.tr)
    assert row.decision == f"» {decision}" and row.detail == "Tokens added: 1"
    line = next(w for w in row.children if getattr(w, "text", None) == row.decision)
    line.texture_update()
    assert line.texture_size[0] <= line.width and line.height >= 20
    seen = []
    for _ in range(4):
        press("n")
        seen.append(_ringed_row(app))
    assert seen == ["4. Step 4", "3. Step 3", "2. Step 2", "1. Step 1"]
    press("n")  # after the last row: "Back to the game" (Redo is disabled)
    assert _ringed_row(app) is None
    assert app.manager.current_screen.ids.back.focused
    press("n")  # and round again to the newest row
    assert _ringed_row(app) == "4. Step 4"
    press("n")
    press("n")
    press("enter")  # CONFIRM opens the ringed row's step
    assert app.manager.current == "trace" and shown(app, "2. Step 2")


def test_next_reaches_rows_below_the_fold_and_scrolls_them_into_view(app) -> None:
    from tests.ui.support.driving import press

    c = app.controller
    c.choose_game("toy")
    c.setup_form.values["length"] = 20
    c.start_game(seed=3)
    for _ in range(12):
        press("enter")
    press("h")
    screen = app.manager.current_screen
    rows = screen.ids.rows
    assert rows.scroll_y == 1
    for _ in range(12):
        press("n")
    assert _ringed_row(app) == "1. Step 1"
    assert rows.scroll_y < 0.05  # the oldest row is at the bottom: scrolled there
    ringed = [w for w in rows.walk() if getattr(w, "focused", False) and hasattr(w, "title")]
    assert [w.title for w in ringed] == ["1. Step 1"]
    top = rows.to_window(rows.x, rows.top)[1]
    _x, y = ringed[0].to_window(ringed[0].x, ringed[0].y)
    assert rows.to_window(rows.x, rows.y)[1] <= y and y + ringed[0].height <= top + 1


def test_next_visits_every_setup_button_once_though_the_screen_scrolls(app) -> None:
    from tests.ui.support.driving import press

    app.controller.choose_game("marauders")
    screen = app.manager.current_screen
    assert app.manager.current == "setup"
    everything = screen.focusables()
    texts = [b.text for b in everything]
    assert any(t == "we draw the real tiles and enter them" for t in texts)
    visited = []
    for _ in range(len(everything)):
        press("n")
        ringed = [b for b in screen.focusables() if b.focused]
        assert len(ringed) == 1
        visited.append(ringed[0])
    assert len({id(b) for b in visited}) == len(everything)  # none skipped, none twice
    assert any(b.text == "we draw the real tiles and enter them" for b in visited)


def _in_view(widget) -> bool:
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and not isinstance(parent, ScrollView):
        parent = parent.parent
    assert parent is not None
    low = parent.to_window(parent.x, parent.y)[1]
    high = parent.to_window(parent.x, parent.top)[1]
    y = widget.to_window(widget.x, widget.y)[1]
    return bool(low - 1 <= y and y + widget.height <= high + 1)


def test_bot_on_a_choice_keeps_the_picked_option_in_view(app) -> None:
    """Ante Portas' turn: nine actions in a grid taller than the screen; BOT walks them."""
    from tests.ui.support.driving import play_to, press
    from ui.benchmarks.tables import anteportas as scripted

    c = app.controller
    session = play_to(app, scripted, "turns")
    field = session.prompt().fields[0]
    assert field.key == "action" and len(field.choices) == 9
    values = [ch.value for ch in field.choices]
    rows = [values[i : i + 3] for i in range(0, 9, 3)]  # nine options: three rows of three
    assert c.focused_name() == "action." + "|".join(rows[0])  # the step starts on row one
    box = app.manager.current_screen.ids.fields.boxes["action"]
    for number, row in enumerate(rows):
        if number:
            press("n")  # NEXT: the next row
            assert c.focused_name() == "action." + "|".join(row)
        for n in range(len(row)):
            now = c.form.values["action"]  # BOT: the row's first, or the next in the row
            expected = row[(row.index(now) + 1) % len(row)] if now in row else row[0]
            press("b")
            picked = box.options[c.form.values["action"]]
            assert c.form.values["action"] == expected
            assert picked.selected and _in_view(picked), f"after BOT {n + 1}: {picked.text}"
        now = c.form.values["action"]
        press("u")  # UNDO: the previous one in the row
        picked = box.options[c.form.values["action"]]
        assert c.form.values["action"] == row[row.index(now) - 1] and _in_view(picked)


def test_a_card_for_a_tile_is_picked_round_one_ring_with_none(app) -> None:
    """Targi's Targi tile (a multi of at most one card, "none: not this round"): one stop;
    UNDO from none walks back from the last card, the ring sits on the lit card in view,
    and the keys line says BOT +, UNDO - (not "BOT opens this")."""
    from tests.ui.support.driving import play_to, press, visible_texts
    from ui.benchmarks.tables import targi as scripted

    c = app.controller
    session = play_to(app, scripted, "targi-tile")
    cards = [ch.value for ch in session.prompt().fields[0].choices]
    assert len(cards) == 6 and c.form.values["card"] == []
    assert c.focused_name() == "card"
    box = app.manager.current_screen.ids.fields.boxes["card"]
    for back in (1, 2, 3):
        press("u")
        picked = box.options[cards[-back]]
        assert c.form.values["card"] == [cards[-back]] and c.focused_name() == "card"
        ringed = [b for b in box.options.values() if b.focused]
        assert ringed == [picked] and picked.selected and _in_view(picked)
    keys = [t for t in visible_texts(app) if t.startswith("Buttons: BOT")]
    assert keys == ["Buttons: BOT +, UNDO -, NEXT on (past Confirm, UNDO goes back a step)"]
    steps = session.step_count
    press("enter")  # CONFIRM; a joker field below the fold is brought into view first
    if session.step_count == steps:
        press("enter")
    assert session.step_count == steps + 1
    assert f"Targi tile on {cards[-3]}" in str(session.last_decision.summary)


def test_next_visits_every_menu_button_once(app) -> None:
    from tests.ui.support.driving import press

    c = app.controller
    for _ in range(3):  # saved games to switch to fill the menu's list
        c.choose_game("toy")
        c.start_game(seed=3)
    press("m")
    assert app.manager.current == "menu"
    screen = app.manager.current_screen
    everything = screen.focusables()
    visited = []
    for _ in range(len(everything)):
        press("n")
        ringed = [b for b in screen.focusables() if b.focused]
        assert len(ringed) == 1
        visited.append(id(ringed[0]))
    assert len(set(visited)) == len(everything) >= 6


def test_a_score_turns_digit_wheels_and_the_screen_lights_the_digit(app) -> None:
    """Targi's scoring (points up to 300): the tens then the ones, each a wheel of 0-9 turned
    by BOT/UNDO on mock pins (UNDO on a 0 shows 9 in that digit, no carry); the lit digit
    is yellow and underlined, "+10" shown on the tens; a finger steps plainly."""
    from tests.ui.support.driving import find, keyed, play_to, press, tap
    from ui.benchmarks.tables import targi as scripted

    lit = "[u][color=ffd740]{}[/color][/u]"
    c = app.controller
    session = play_to(app, scripted, "scoring")
    first = session.prompt().fields[0].choices[0].value
    assert c.focused_name() == f"points.{first}"  # the step starts on its first stop
    assert keyed(app, f"points.{first}+").text == "+10"
    assert keyed(app, f"points.{first}-").text == "-10"
    assert keyed(app, f"points.{first}=").text == lit.format(0) + "0"
    press("u")  # the tens of 0 turn round to 9
    assert c.form.values["points"][first] == 90
    press("b")
    press("b")  # and on past 9 tens: 110
    assert c.form.values["points"][first] == 110
    press("u")
    press("u")
    press("u")
    assert c.form.values["points"][first] == 80
    assert keyed(app, f"points.{first}=").text == lit.format(8) + "0"
    tap(keyed(app, f"points.{first}+"))  # a finger does what the button shows
    assert c.form.values["points"][first] == 90
    press("n")  # the ones
    assert keyed(app, f"points.{first}+").text == "+"
    assert keyed(app, f"points.{first}=").text == "9" + lit.format(0)
    assert find(app, lambda w: "(9 follows 0)" in str(getattr(w, "text", ""))) is not None
    press("u")  # the ones of 90 turn round to 9: 99, not 89
    assert c.form.values["points"][first] == 99
    assert keyed(app, f"points.{first}=").text == "9" + lit.format(9)
    press("b")  # and back to 0 without carrying: 90
    assert c.form.values["points"][first] == 90
    tap(keyed(app, f"points.{first}-"))  # a finger on "-" steps plainly
    assert c.form.values["points"][first] == 89
    press("n")  # off the field: its number no longer lit
    assert keyed(app, f"points.{first}=").text == "89"


def test_a_final_score_by_digit_wheels_on_the_mock_pins(open_apps, monkeypatch) -> None:
    """Nomads' final scoring by the button box's GPIO pins (gpiozero mock pins): the step
    opens on the buried cards' tens; UNDO three times turns them 0 -> 9 -> 8 -> 7 (70), NEXT
    and UNDO turn the ones 0 -> 9 without carrying (79), BOT turns them back (70)."""
    import time

    from hardware.config import load_pin_map
    from hardware.simulate import SimulatedButtons
    from tests.ui.support.driving import keyed, play_to, pump
    from ui.benchmarks.tables import nomads as scripted

    monkeypatch.setenv("TABLESIDE_GPIO", "mock")
    app = open_apps(lang="en", use_hardware=True)
    pins = SimulatedButtons(app.hardware.panel.buttons["confirm"].pin_factory, load_pin_map(None))
    c = app.controller
    play_to(app, scripted, "final")
    assert c.focused_name() == "buried_points" and c.focus.stop.step == 10

    def press(name: str, until) -> None:
        pins.press(name)
        deadline = time.monotonic() + 3
        while not until():
            assert time.monotonic() < deadline, f"{name} on the pins changed nothing"
            pump(1)
        pump(2)

    for want in (90, 80, 70):
        press("undo", lambda want=want: c.form.values["buried_points"] == want)
    assert keyed(app, "buried_points=").text == "[u][color=ffd740]7[/color][/u]0"
    press("next", lambda: c.focus.stop.step == 1)
    press("undo", lambda: c.form.values["buried_points"] == 79)
    assert keyed(app, "buried_points=").text == "7[u][color=ffd740]9[/color][/u]"
    press("bot", lambda: c.form.values["buried_points"] == 70)
