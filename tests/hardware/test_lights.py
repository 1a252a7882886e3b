"""StatusLights: real gpiozero RGBLED/LED devices on MockFactory pins."""

from __future__ import annotations

import statistics
import time

import pytest

from hardware.config import parse_pin_map
from hardware.lights import PATTERNS, StatusLights


def levels(factory, pins) -> tuple[bool, ...]:
    return tuple(factory.pin(p).state for p in pins)


@pytest.fixture
def lights(factory, pin_map):
    status = StatusLights(pin_map, factory)
    yield status
    status.close()


def rgb(pin_map):
    return [pin_map.status_led[c] for c in ("red", "green", "blue")]


def test_idle_is_steady_green(lights, factory, pin_map):
    lights.show("idle")
    assert levels(factory, rgb(pin_map)) == (False, True, False)
    time.sleep(0.3)
    assert levels(factory, rgb(pin_map)) == (False, True, False)
    assert lights.status == "idle"


def blink_times(pin, within: float) -> list[float]:
    """Durations between the pin's recorded changes over ``within`` seconds."""
    pin.clear_states()
    time.sleep(within)
    return [s.timestamp for s in pin.states[2:]]  # skip the baseline and the first switch-on


@pytest.mark.parametrize(("status", "channel"), [("thinking", "blue"), ("error", "red")])
def test_blinking_statuses_follow_their_rhythm(lights, factory, pin_map, status, channel):
    lights.show(status)
    pattern = PATTERNS[status]
    pin = factory.pin(pin_map.status_led[channel])
    gaps = blink_times(pin, 4 * (pattern.on_s + pattern.off_s) + 0.05)
    assert len(gaps) >= 3
    # The rhythm, not the scheduler's punctuality: on a loaded machine a single
    # switch can come late, so compare the median gap (on_s == off_s for both).
    assert statistics.median(gaps) == pytest.approx(pattern.on_s, rel=0.35)
    others = [c for c in ("red", "green", "blue") if c != channel]
    assert not any(levels(factory, [pin_map.status_led[c] for c in others]))


def test_waiting_blinks_amber(lights, factory, pin_map):
    red, green, blue = (factory.pin(p) for p in rgb(pin_map))
    for pin in (red, green, blue):
        pin.clear_states()
    lights.show("waiting")
    time.sleep(2.5)
    # Red and green switch together (amber), on and off; blue never lights.
    assert [s.state for s in red.states[1:4]] == [True, False, True]
    assert [s.state for s in green.states[1:4]] == [True, False, True]
    assert not any(s.state for s in blue.states)


def test_differs_blinks_magenta_long_on_short_off(lights, factory, pin_map):
    red, green, blue = (factory.pin(p) for p in rgb(pin_map))
    for pin in (red, green, blue):
        pin.clear_states()
    lights.show("differs")
    time.sleep(3.2)
    # Red and blue switch together (magenta); green never lights.
    assert [s.state for s in red.states[1:4]] == [True, False, True]
    assert [s.state for s in blue.states[1:4]] == [True, False, True]
    assert not any(s.state for s in green.states)
    # Long on, short off: the time each level lasted (the state after it is the next one).
    on = [s.timestamp for s in red.states[2:] if not s.state]
    off = [s.timestamp for s in red.states[2:] if s.state]
    assert on and off and statistics.median(on) > 2 * statistics.median(off)


def test_switching_from_blinking_to_steady_stops_the_blink(lights, factory, pin_map):
    lights.show("error")
    lights.show("idle")
    time.sleep(0.4)
    assert levels(factory, rgb(pin_map)) == (False, True, False)


def test_every_status_differs_in_colour_and_in_rhythm():
    colours = [p.colour for p in PATTERNS.values()]
    rhythms = [(p.on_s, p.off_s) for p in PATTERNS.values()]
    assert len(set(colours)) == len(colours) == 5
    assert len(set(rhythms)) == len(rhythms)  # readable without telling colours apart
    assert set(PATTERNS) == {"idle", "thinking", "waiting", "error", "differs"}


def test_unknown_status_is_refused(lights):
    with pytest.raises(ValueError, match="unknown 'sleeping'"):
        lights.show("sleeping")


def test_common_anode_led_is_driven_inverted(factory):
    pin_map = parse_pin_map("[status_led]\nactive_high = false\n")
    lights = StatusLights(pin_map, factory)
    lights.show("idle")
    assert levels(factory, rgb(pin_map)) == (True, False, True)
    lights.close()


def test_light_tray_lights_exactly_one_side(lights, factory, pin_map):
    lights.light_tray(2)
    assert levels(factory, pin_map.tray_leds) == (False, False, True, False, False, False)
    lights.light_tray(5)
    assert levels(factory, pin_map.tray_leds) == (False,) * 5 + (True,)
    lights.light_tray(None)
    assert not any(levels(factory, pin_map.tray_leds))
    assert lights.tray is None
    for bad in (6, -1, True):
        with pytest.raises(ValueError, match="side"):
            lights.light_tray(bad)


def test_without_tray_leds_light_tray_does_nothing(factory):
    lights = StatusLights(parse_pin_map("[tray_leds]\npins = []\n"), factory)
    assert not lights.has_tray_leds
    lights.light_tray(3)
    assert lights.tray == 3
    lights.close()


def test_close_turns_everything_off_and_frees_the_pins(factory, pin_map):
    lights = StatusLights(pin_map, factory)
    lights.show("thinking")
    lights.light_tray(0)
    lights.close()
    lights.close()
    assert not any(levels(factory, [*rgb(pin_map), *pin_map.tray_leds]))
    StatusLights(pin_map, factory).close()  # the pins can be claimed again
