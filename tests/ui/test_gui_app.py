"""The real app in a real 800x480 Kivy window (Xvfb): touches, keys, buttons, languages."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from rules.text import msg

pytestmark = pytest.mark.gui


@pytest.fixture
def make_app(open_apps):
    """Open the app on a journal in tmp_path (tests/ui/conftest.py's ``open_apps``)."""
    from tests.ui.support.scene_game import ensure_registered

    ensure_registered()  # another test module may have taken the toy game out again
    return open_apps


def test_whole_game_by_touch_and_keys(make_app):
    from tests.ui.support.driving import button_with_text, keyed, press, shown, tap

    app = make_app()
    assert app.manager.current == "choose"
    tap(button_with_text(app, "Scene test game"))
    assert app.manager.current == "setup"
    tap(keyed(app, "players+"))
    assert keyed(app, "players=").text == "3"
    tap(button_with_text(app, "Start the game"))
    # The set-up checklist: tick a line, then All done.
    assert app.manager.current == "checklist"
    assert shown(app, "Put the control board in the middle of the table")
    tap(button_with_text(app, "Shuffle the marauder tiles"))
    assert button_with_text(app, "Shuffle the marauder tiles").selected
    tap(button_with_text(app, "All done"))
    # Counts with steppers: red 1 -> 4 beats yellow 3.
    assert app.manager.current == "play"
    assert shown(app, "Markers on the fishing tray")
    for _ in range(3):
        tap(keyed(app, "markers.red+"))
    assert keyed(app, "markers.red=").text == "4"
    tap(button_with_text(app, "Confirm"))
    assert shown(app, "Take the red tray")
    assert shown(app, "Move 4 red marker(s) to the supply")
    assert shown(app, "EXAMPLE DATA")
    # UNDO (Backspace) goes back to the counts as they were before that step.
    press("backspace")
    assert shown(app, "Markers on the fishing tray")
    assert keyed(app, "markers.red=").text == "1"
    tap(keyed(app, "markers.red+"))
    tap(keyed(app, "markers.blue-"))
    press("enter")  # CONFIRM
    assert shown(app, "Take the yellow tray")
    # The full trace is one tap away; BOT (B) closes it again.
    tap(keyed(app, "why"))
    assert app.manager.current == "trace"
    assert shown(app, "yellow has the most markers")
    # The current decision's trace hides "Go back to before it": no text, not one letter a line.
    assert app.manager.current_screen.ids.goback.text == ""
    press("b")
    assert app.manager.current == "play"
    press("n")  # NEXT on a step that asks nothing: done
    assert shown(app, "What did the players do?")
    # A choice without a default: CONFIRM is refused with the field named.
    press("space")
    assert shown(app, "Not accepted") and shown(app, "Action: choose one of the options")
    tap(button_with_text(app, "gather"))
    assert not shown(app, "Not accepted")  # answering the field takes its refusal away
    tap(keyed(app, "attacked=yes"))
    assert keyed(app, "attacked=yes").selected and not keyed(app, "attacked=no").selected
    tap(button_with_text(app, "Confirm"))
    assert shown(app, "Move the raiders")
    tap(keyed(app, "moved+"))
    press("enter")
    assert shown(app, "Score the round")
    press("enter")
    session = app.controller.service.session
    assert session.prompt().finished
    assert session.state["moved"] == 2 and session.state["action"] == "gather"
    assert session.state["attacked"] is True
    assert session.state["markers"] == {"yellow": 3, "red": 2, "blue": 1}
    # The end is a screen of its own: CONFIRM there never starts a new game (issue 23).
    assert app.manager.current == "over" and shown(app, "The game is over")
    press("enter")
    assert app.manager.current == "over" and app.controller.service.session is session


def test_history_undo_to_a_chosen_step_and_redo(make_app):
    from tests.ui.support.driving import button_with_text, press, shown, tap

    app = make_app()
    c = app.controller
    c.choose_game("toy")
    c.start_game(seed=3)
    for _ in range(4):
        press("enter")
    assert c.service.session.step_count == 4
    press("h")  # the history key
    assert app.manager.current == "history"
    assert shown(app, "4. Step 4")
    from tests.ui.support.driving import find
    from ui.app.harness import pump

    # The rows are recycled widgets: scroll to the older steps first, then find the row
    # (a scroll made while tapping could show another step in the widget found before).
    app.manager.current_screen.ids.rows.scroll_y = 0
    pump(3)
    tap(find(app, lambda w: getattr(w, "title", None) == "2. Step 2"))  # a row opens its step
    assert app.manager.current == "trace" and shown(app, "2. Step 2")
    tap(button_with_text(app, "Go back to before it"))
    assert app.manager.current == "confirm"  # never by accident: asked first
    tap(button_with_text(app, "Go back"))
    assert app.manager.current == "play"
    assert c.service.session.step_count == 1
    assert shown(app, "Step 2")
    press("h")
    tap(button_with_text(app, "Redo"))
    assert c.service.session.step_count == 2


def test_resume_after_restart_shows_the_same_step(make_app, tmp_path: Path):
    from kivy.app import App

    from tests.ui.support.driving import button_with_text, press, shown, tap
    from ui.app.harness import close_app

    journal = tmp_path / "cafe.sqlite3"
    first = make_app(journal=journal)
    first.controller.choose_game("scenes")
    first.controller.start_game(seed=1)
    press("enter")  # checklist done
    press("enter")  # counts confirmed
    assert shown(first, "Take the yellow tray")
    close_app(first)
    assert App.get_running_app() is None
    second = make_app(journal=journal)  # a new app instance, same journal
    assert second.manager.current == "resume"
    assert shown(second, "Scene test game")
    tap(button_with_text(second, "Scene test game"))  # the saved game, with its steps
    assert second.manager.current == "play"
    assert shown(second, "Take the yellow tray")
    assert second.controller.service.session.step_count == 2


def test_a_screen_is_built_when_it_is_first_shown_and_dropped_if_a_game_passes_it_once(
    make_app,
):
    """Start-up builds only the first screen; a screen opened later shows the language now.

    Choosing and setting up a game are left for the game's length: dropped when left,
    built again (in the language now) when a new game is chosen."""
    from tests.ui.support.driving import button_with_text, shown, tap

    app = make_app()
    assert app.manager.screen_names == ["choose"]
    app.controller.choose_game("toy")
    assert app.manager.screen_names == ["setup"]
    app.controller.start_game(seed=1)
    tap(button_with_text(app, "Menu"))
    tap(button_with_text(app, "Settings"))
    tap(button_with_text(app, "Deutsch"))
    tap(button_with_text(app, "Zurück"))
    tap(button_with_text(app, "Verlauf"))  # built now, in German
    assert app.manager.current == "history" and shown(app, "Zurück zum Spiel")
    assert set(app.manager.screen_names) == {"play", "menu", "settings", "history"}
    app.controller._leave_to_choose()  # "New game" confirmed
    assert app.manager.current == "choose" and shown(app, "Spiel wählen")


@pytest.mark.parametrize(
    ("lang", "marauders", "targi"),
    [
        (
            "de",
            "spielt den Plünderer-Stamm und erklärt jede Entscheidung",
            "Schiedsrichter: geheime Plättchenwahl",
        ),
        (
            "pt",
            "joga com a tribo saqueadora e explica cada decisão",
            "árbitro: escolha secreta de peças",
        ),
    ],
)
def test_the_game_chooser_says_what_the_assistant_does_in_the_chosen_language(
    make_app, lang, marauders, targi
):
    from tests.ui.support.driving import visible_texts

    texts = "\n".join(visible_texts(make_app(lang=lang)))
    assert marauders in texts and targi in texts
    assert "explains every decision" not in texts and "referee:" not in texts


def test_language_switch_rerenders_visible_text(make_app):
    from tests.ui.support.driving import button_with_text, shown, tap

    app = make_app()
    app.controller.choose_game("toy")
    app.controller.start_game(seed=1)
    assert shown(app, "Confirm") and shown(app, "Step 1")
    tap(button_with_text(app, "Menu"))
    tap(button_with_text(app, "Settings"))
    tap(button_with_text(app, "Deutsch"))
    assert shown(app, "Sprache")  # the settings screen itself re-rendered
    tap(button_with_text(app, "Zurück"))
    assert app.manager.current == "play"
    assert shown(app, "Bestätigen") and shown(app, "Schritt 1") and shown(app, "Rückgängig")
    assert not shown(app, "Confirm")
    assert app.controller.settings.language == "de"


def test_button_events_from_another_thread_run_on_the_main_thread(make_app):
    from ui.app.handoff import on_main_thread
    from ui.app.harness import pump

    app = make_app()
    app.controller.choose_game("toy")
    app.controller.start_game(seed=1)
    seen: list[tuple[str, bool]] = []
    original = app.button

    def recording(event: str) -> None:
        seen.append((event, threading.current_thread() is threading.main_thread()))
        original(event)

    deliver = on_main_thread(recording)
    worker = threading.Thread(target=deliver, args=("confirm",))  # like a gpiozero callback
    worker.start()
    worker.join()
    assert seen == []  # nothing touched the UI from the worker thread
    assert app.controller.service.session.step_count == 0
    pump(2)
    assert seen == [("confirm", True)]
    assert app.controller.service.session.step_count == 1


def test_hardware_panel_is_wired_through_the_main_thread(make_app, monkeypatch):
    """A stand-in hardware package (the real one is built on another branch)."""
    import sys
    import types

    from ui.app.harness import pump
    from ui.app.main import TablesideApp

    made: dict[str, object] = {}

    class Panel:
        def __init__(self, pin_map, on_event, pin_factory=None):
            made["panel"] = self
            self.on_event = on_event
            self.closed = False

        def close(self):
            self.closed = True

    class Lights:
        def __init__(self, pin_map, pin_factory=None):
            made["lights"] = self
            self.shown: list[str] = []
            self.trays: list[object] = []

        def show(self, state):
            self.shown.append(state)

        def light_tray(self, side):
            self.trays.append(side)

        def close(self):
            pass

    modules = {
        "hardware.pins": {
            # The real API returns the description as a translatable Msg.
            "choose_pin_factory": lambda: ("mock", msg("Simulated buttons (no GPIO found)"))
        },
        "hardware.config": {"load_pin_map": lambda path: {"path": path}},
        "hardware.panel": {"ButtonPanel": Panel},
        "hardware.lights": {"StatusLights": Lights},
    }
    for name, attrs in modules.items():
        module = types.ModuleType(name)
        for key, value in attrs.items():
            setattr(module, key, value)
        monkeypatch.setitem(sys.modules, name, module)
    plain = make_app()
    from ui.app.harness import close_app

    close_app(plain)
    from ui.app.harness import open_app

    app: TablesideApp = open_app(plain.controller, use_hardware=True)
    try:
        from tests.ui.support.driving import shown

        assert shown(app, "Simulated buttons (no GPIO found)")
        app.controller.choose_game("scenes")
        app.controller.start_game(seed=1)
        panel = made["panel"]
        thread = threading.Thread(target=panel.on_event, args=("confirm",))
        thread.start()
        thread.join()
        pump(2)
        assert app.controller.service.session.step_count == 1
        panel.on_event("confirm")
        pump(2)
        assert made["lights"].trays[-1] == 0  # the chosen (yellow) tray is lit
        assert made["lights"].shown[-1] == "waiting"
    finally:
        close_app(app)
    assert made["panel"].closed


def test_no_screen_clips_text_in_any_language(kivy_window, tmp_path: Path):
    """The screenshot walk over every screen, game and language finds no clipped text."""
    from ui.commands.screenshots import Shooter

    for lang in ("en", "de", "pt"):
        shooter = Shooter(tmp_path / lang, tmp_path / f"{lang}.sqlite3", lang)
        try:
            shooter.walk(["scenes", "toy"], steps=8)
        finally:
            shooter.close()
        assert shooter.count >= 15
        assert shooter.findings == []
        assert len(list((tmp_path / lang).glob("*.png"))) == shooter.count


def test_overflow_check_catches_a_clipped_label(kivy_window):
    from ui.app.widgets import FitLabel, clipped_labels

    label = FitLabel(text="Einstellungsmöglichkeiten " * 6, size=(120, 40), size_hint=(None, None))
    label._fit()
    assert clipped_labels(label) == [label]
    roomy = FitLabel(text="Ja", size=(120, 40), size_hint=(None, None))
    roomy._fit()
    assert clipped_labels(roomy) == []


def test_menus_work_with_the_buttons_alone(make_app):
    """NEXT moves the focus ring, CONFIRM presses the focused button, UNDO goes back."""
    from tests.ui.support.driving import press, screen

    app = make_app()
    press("n")
    focused = [b for b in screen(app).focusables() if b.focused]
    assert len(focused) == 1 and focused[0].text == "Settings"  # top of the screen first
    press("n")
    focused = [b for b in screen(app).focusables() if b.focused]
    from rules.registry import all_games

    first = next(iter(all_games()))
    assert getattr(focused[0], "game_name", None) == first
    press("enter")
    assert app.manager.current == "setup" and app.controller.chosen_game == first
    press("u")
    assert app.manager.current == "choose"
    app.kiosk = True
    from kivy.core.window import Window

    assert app._on_key_down(Window, 27) is True  # Escape is swallowed in the kiosk


def test_kiosk_tells_the_watchdog_it_is_ready_and_pings_it(make_app, monkeypatch):
    import sys
    import time
    import types

    import ui.app.main as main
    from ui.app.harness import close_app, open_app, pump

    calls: list[str] = []

    class Watchdog:
        def ready(self):
            calls.append("ready")

        def ping(self):
            calls.append("ping")

        def stopping(self):
            calls.append("stopping")

    module = types.ModuleType("hardware.watchdog")
    module.Watchdog = Watchdog
    monkeypatch.setitem(sys.modules, "hardware.watchdog", module)
    monkeypatch.setattr(main, "WATCHDOG_PING_SECONDS", 0.01)
    plain = make_app()
    close_app(plain)
    app = open_app(plain.controller, kiosk=True, use_hardware=False)
    try:
        for _ in range(5):
            time.sleep(0.02)
            pump(1)
        assert calls.count("ready") == 1  # after the first drawn frame
        assert "ping" in calls  # from the Kivy clock interval
    finally:
        close_app(app)
    assert calls[-1] == "stopping"
    pings = calls.count("ping")
    time.sleep(0.03)
    pump(2)
    assert calls.count("ping") == pings  # the interval stopped with the app


def test_a_place_field_is_answered_by_tapping_the_picture(make_app):
    """Field.places: the option is a place of the picture; a finger on it picks it."""
    from tests.ui.support.driving import keyed, screen
    from tests.ui.support.kinds_game import ensure_kinds
    from ui.app.harness import pump

    ensure_kinds()
    app = make_app()
    c = app.controller
    c.choose_game("kinds")
    c.start_game(seed=1)
    pump(3)
    drawing = screen(app).ids.scene.drawing
    sides = {p.id: p for p in drawing.picture.layers["sides"]}
    assert drawing.marks.layer == "sides" and drawing.marks.legal == {"0", "1", "2"}
    x, y = sides["2"].centre
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*drawing.to_window(drawing.x + x, drawing.y + y))
    touch.touch_down()
    touch.touch_up()
    pump(3)
    assert c.form.values["where"] == "2"  # the third side, picked on the picture
    assert keyed(app, "where=2").selected  # the option buttons agree
    touch = UnitTestTouch(
        *drawing.to_window(drawing.x + sides["4"].centre[0], drawing.y + sides["4"].centre[1])
    )
    touch.touch_down()
    touch.touch_up()
    pump(3)
    assert c.form.values["where"] == "2" and c.error is not None  # not an option: said why
    assert "cannot be chosen" in c.text(c.error)


def test_the_focus_ring_is_drawn_only_while_focused_and_never_through_the_stencil(make_app):
    """NEXT rings one button with two opaque lines; the others draw no ring at all (an
    invisible ring still costs a software renderer ~1 ms a line, through the stencil)."""
    from kivy.graphics import Color, Line

    from tests.ui.support.driving import press, screen
    from ui.app.widgets import stencil_lines

    app = make_app()

    def ring_lines(widget):
        found, alpha = [], None
        for instruction in widget.canvas.after.children:
            for inner in getattr(instruction, "children", [instruction]):
                if isinstance(inner, Color):
                    alpha = inner.a
                if isinstance(inner, Line):
                    found.append((inner.width, alpha))
        return found

    buttons = screen(app).focusables()
    assert all(ring_lines(b) == [] for b in buttons)
    press("n")
    focused = [b for b in buttons if b.focused]
    assert len(focused) == 1
    assert ring_lines(focused[0]) == [(3, 1.0), (2, 1.0)]
    assert all(ring_lines(b) == [] for b in buttons if not b.focused)
    assert stencil_lines(app.root) == []
    press("n")  # the ring moves on: the first button's lines are gone
    assert ring_lines(focused[0]) == []


def test_a_translucent_thick_line_is_found(kivy_window):
    from kivy.graphics import Color, Line
    from kivy.uix.widget import Widget

    from ui.app.widgets import stencil_lines

    root, child = Widget(), Widget()
    root.add_widget(child)
    with child.canvas:
        Color(1, 1, 1, 0.5)
        Line(points=[0, 0, 50, 50], width=2)
        Color(1, 1, 1, 0.5)
        Line(points=[0, 0, 50, 50], width=1)  # a 1 px line is drawn without the stencil
    with root.canvas.after:
        Color(1, 1, 1, 1)
        Line(points=[0, 0, 50, 50], width=3)
    assert stencil_lines(root) == [(child, 2.0, 0.5)]
