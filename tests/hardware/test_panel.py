"""ButtonPanel: real gpiozero Buttons on MockFactory pins, driven like a bouncing switch."""

from __future__ import annotations

import threading

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.config import load_pin_map, parse_pin_map
from hardware.panel import ButtonPanel
from tests.hardware.fakes import FakeClock


class Box:
    """A panel on mock pins with a fake clock; records the events it reports."""

    def __init__(self, factory: MockFactory, clock: FakeClock, pin_map=None) -> None:
        self.factory, self.clock = factory, clock
        self.pin_map = pin_map or load_pin_map(None)
        self.events: list[str] = []
        self.panel = ButtonPanel(
            self.pin_map, self.events.append, factory, clock=clock, autotick=False
        )

    def level(self, button: str, pressed: bool, at: float) -> None:
        """Set the raw level of ``button`` at fake time ``at`` (pressed pulls the pin low)."""
        self.clock.t = at
        pin = self.factory.pin(self.pin_map.buttons[button])
        pin.drive_low() if pressed else pin.drive_high()

    def wait(self, until: float) -> list[str]:
        self.clock.t = until
        self.panel.poll()
        return self.events


@pytest.fixture
def box(factory, clock):
    b = Box(factory, clock)
    yield b
    b.panel.close()


def test_each_button_gives_its_event(box):
    t = 100.0
    for button in ("next", "confirm", "undo", "bot"):
        box.level(button, True, t)
        box.level(button, False, t + 0.1)
        t += 0.5
    assert box.wait(t + 1) == ["next", "confirm", "undo", "bot"]


def test_press_is_reported_once_debounce_has_passed(box):
    box.level("next", True, 100.0)
    assert box.wait(100.02) == []
    assert box.wait(100.031) == ["next"]


def test_bouncing_contacts_give_one_press(box):
    for i, pressed in enumerate([True, False, True, False, True]):
        box.level("confirm", pressed, 100.0 + i * 0.002)
    for i, pressed in enumerate([False, True, False]):
        box.level("confirm", pressed, 100.3 + i * 0.002)
    assert box.wait(101.0) == ["confirm"]


def test_undo_held_opens_the_menu_while_still_held(box):
    box.level("undo", True, 100.0)
    assert box.wait(100.5) == []
    assert box.wait(100.81) == ["menu"]
    box.level("undo", False, 102.0)
    assert box.wait(103.0) == ["menu"]


def test_short_undo_is_an_undo(box):
    box.level("undo", True, 100.0)
    box.level("undo", False, 100.4)
    assert box.wait(100.5) == ["undo"]


def test_buttons_are_independent(box):
    box.level("undo", True, 100.0)
    box.level("next", True, 100.1)
    box.level("next", False, 100.2)
    assert box.wait(100.3) == ["next"]
    assert box.wait(101.0) == ["next", "menu"]


def test_a_failing_handler_does_not_stop_the_panel(factory, clock):
    calls = []

    def handler(event: str) -> None:
        calls.append(event)
        raise RuntimeError("boom")

    panel = ButtonPanel(load_pin_map(None), handler, factory, clock=clock, autotick=False)
    pin = factory.pin(17)
    for t in (100.0, 101.0):
        clock.t = t
        pin.drive_low()
        clock.t = t + 0.1
        pin.drive_high()
    panel.close()
    assert calls == ["next", "next"]


def test_button_held_when_the_panel_starts_is_ignored(factory, clock):
    factory.pin(23).drive_low()  # BOT stuck down at boot
    events = []
    panel = ButtonPanel(load_pin_map(None), events.append, factory, clock=clock, autotick=False)
    clock.t = 200.0
    panel.poll()
    assert events == []
    factory.pin(23).drive_high()
    clock.t = 201.0
    factory.pin(23).drive_low()
    clock.t = 201.1
    panel.poll()
    panel.close()
    assert events == ["bot"]


def test_close_releases_the_pins(factory, pin_map):
    panel = ButtonPanel(pin_map, lambda e: None, factory)
    panel.close()
    panel.close()
    Button(pin_map.buttons["next"], pin_factory=factory).close()  # pin is free again


def test_timer_thread_reports_hold_without_another_edge(factory):
    pin_map = parse_pin_map("[timing]\ndebounce_ms = 10\nhold_ms = 200\n")
    got = threading.Event()
    seen: list[tuple[str, str]] = []

    def handler(event: str) -> None:
        seen.append((event, threading.current_thread().name))
        got.set()

    with ButtonPanel(pin_map, handler, factory):
        factory.pin(pin_map.buttons["undo"]).drive_low()
        assert got.wait(3.0), "the hold was never reported"
    assert seen == [("menu", "buttons")]  # from the panel's thread, not the caller's


def test_timer_thread_reports_press_after_debounce(factory):
    pin_map = parse_pin_map("[timing]\ndebounce_ms = 10\nhold_ms = 200\n")
    got = threading.Event()
    with ButtonPanel(pin_map, lambda e: got.set(), factory):
        factory.pin(pin_map.buttons["bot"]).drive_low()  # held: no edge after the press
        assert got.wait(3.0)


short_run = st.floats(0.0002, 0.025)
burst = st.lists(st.tuples(short_run, short_run), max_size=3)
presses = st.lists(
    st.tuples(
        st.sampled_from(["next", "confirm", "undo", "bot"]),
        st.one_of(st.floats(0.2, 0.6), st.floats(1.0, 2.0)),  # short or held
        burst,
        burst,
    ),
    min_size=1,
    max_size=6,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sequence=presses)
def test_bouncy_button_sequences_give_the_meant_events(factory, sequence):
    factory.reset()
    box = Box(factory, FakeClock(0.0))
    t, meant = 100.0, []
    expected_name = {"next": "next", "confirm": "confirm", "bot": "bot"}
    try:
        for button, duration, down, up in sequence:
            for transition, runs, at in ((True, down, t), (False, up, t + duration)):
                flat = [r for pair in runs for r in pair]
                for i in range(len(flat) + 1):
                    box.level(
                        button, transition if i % 2 == 0 else not transition, at + sum(flat[:i])
                    )
            if button == "undo":
                meant.append("menu" if duration >= 0.8 else "undo")
            else:
                meant.append(expected_name[button])
            t += duration + 0.5
        assert box.wait(t + 2.0) == meant
    finally:
        box.panel.close()
