"""The debounce / long-press state machine, fed synthetic bouncing edge sequences."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import Debouncer

DEBOUNCE = 0.030
HOLD = 0.800


def feed(machine: Debouncer, edges: list[tuple[float, bool]], ticks=(), end=None) -> list:
    """Feed edges (and extra advance() calls at ``ticks``); settle at ``end``."""
    stream = sorted([(t, 0, level) for t, level in edges] + [(t, 1, None) for t in ticks])
    events = []
    for t, kind, level in stream:
        events += machine.edge(t, level) if kind == 0 else machine.advance(t)
    if end is not None:
        events += machine.advance(end)
    return events


def reference(edges: list[tuple[float, bool]], debounce: float, hold: float | None) -> list[str]:
    """The documented rules applied offline to a complete edge list (the last run never ends)."""
    runs = []  # (start, level, length)
    for i, (t, level) in enumerate(edges):
        end = edges[i + 1][0] if i + 1 < len(edges) else math.inf
        runs.append((t, level, end - t))
    stable, press_start, events = False, None, []
    for start, level, length in runs:
        if level != stable and length >= debounce:
            stable = level
            if level:
                press_start = start
                if hold is None:
                    events.append("press")
            elif hold is not None:
                events.append("hold" if start - press_start >= hold else "press")
    if stable and hold is not None:  # still held at the end: it became a hold
        events.append("hold")
    return events


def alternate(gaps: list[float], t0: float = 1.0) -> list[tuple[float, bool]]:
    """Edges alternating pressed/released, starting pressed, separated by ``gaps``."""
    edges, t = [], t0
    for i, gap in enumerate(gaps):
        edges.append((t, i % 2 == 0))
        t += gap
    return edges


# --- worked examples --------------------------------------------------------


def test_clean_short_press_without_hold_reports_once_after_debounce():
    m = Debouncer(DEBOUNCE)
    assert m.edge(1.0, True) == []
    assert m.next_deadline() == pytest.approx(1.030)
    assert m.advance(1.029) == []
    assert m.advance(1.030) == ["press"]
    assert m.edge(1.2, False) == []
    assert m.advance(5.0) == []


def test_bouncing_press_counts_once():
    # press bounces four times within 3 ms, release bounces twice
    edges = [(1.0, True), (1.001, False), (1.0015, True), (1.002, False), (1.003, True)]
    edges += [(1.3, False), (1.3005, True), (1.301, False)]
    assert feed(Debouncer(DEBOUNCE), edges, end=3.0) == ["press"]


def test_glitch_shorter_than_debounce_is_ignored():
    assert feed(Debouncer(DEBOUNCE), [(1.0, True), (1.02, False)], end=3.0) == []


def test_short_undo_press_reports_on_release():
    m = Debouncer(DEBOUNCE, HOLD)
    m.edge(1.0, True)
    assert m.advance(1.5) == []  # settled, but could still become a hold
    m.edge(1.6, False)
    assert m.advance(1.629) == []
    assert m.advance(1.631) == ["press"]


def test_hold_reports_while_still_held_and_release_adds_nothing():
    m = Debouncer(DEBOUNCE, HOLD)
    m.edge(1.0, True)
    m.advance(1.1)
    assert m.next_deadline() == pytest.approx(1.8)
    assert m.advance(1.799) == []
    assert m.advance(1.8) == ["hold"]
    m.edge(2.5, False)
    assert m.advance(3.0) == []


def test_bounce_during_a_hold_does_not_split_it():
    edges = [(1.0, True), (1.4, False), (1.41, True), (2.5, False)]
    assert feed(Debouncer(DEBOUNCE, HOLD), edges, end=4.0) == ["hold"]


def test_release_starting_just_before_the_hold_time_is_a_press():
    # the release run starts 1 ms before the hold time and lasts: a short press,
    # even though the machine is only asked after the hold time has passed
    edges = [(1.0, True), (1.799, False)]
    assert feed(Debouncer(DEBOUNCE, HOLD), edges, ticks=[1.8, 1.81], end=3.0) == ["press"]


def test_late_advance_still_reports_the_hold_first():
    m = Debouncer(DEBOUNCE, HOLD)
    m.edge(1.0, True)
    assert m.edge(5.0, False) == ["hold"]  # nobody advanced in between
    assert m.advance(6.0) == []


def test_button_held_at_start_is_ignored_until_pressed_again():
    m = Debouncer(DEBOUNCE, HOLD, pressed=True)
    assert m.advance(10.0) == []
    m.edge(10.5, False)
    assert m.advance(11.0) == []
    m.edge(11.5, True)
    m.edge(11.6, False)
    assert m.advance(12.0) == ["press"]


def test_invalid_timings_are_refused():
    with pytest.raises(ValueError):
        Debouncer(-0.1)
    with pytest.raises(ValueError):
        Debouncer(0.05, hold=0.05)


# --- properties ---------------------------------------------------------------

gaps = st.lists(st.floats(0.0005, 1.5, allow_nan=False), min_size=0, max_size=40)
holds = st.sampled_from([None, HOLD])


@settings(max_examples=300, deadline=None)
@given(gaps=gaps, hold=holds, data=st.data())
def test_matches_the_offline_rules_whatever_the_tick_schedule(gaps, hold, data):
    edges = alternate(gaps)
    end = (edges[-1][0] if edges else 1.0) + 10.0
    ticks = data.draw(st.lists(st.floats(0.9, end, allow_nan=False), max_size=30))
    expected = reference(edges, DEBOUNCE, hold)
    assert feed(Debouncer(DEBOUNCE, hold), edges, ticks=ticks, end=end) == expected


@settings(max_examples=200, deadline=None)
@given(gaps=gaps, hold=holds)
def test_ticking_at_each_deadline_gives_the_same_events(gaps, hold):
    edges = alternate(gaps)
    m = Debouncer(DEBOUNCE, hold)
    events = []
    end = (edges[-1][0] if edges else 1.0) + 10.0
    for t, level in [*edges, (end, None)]:
        while (d := m.next_deadline()) is not None and d < t:
            events += m.advance(d)
        if level is not None:
            events += m.edge(t, level)
    events += m.advance(end)
    assert events == reference(edges, DEBOUNCE, hold)


def bounce_burst(level: bool) -> st.SearchStrategy[list[tuple[float, bool]]]:
    """A transition to ``level`` with 0-3 bounces before it, each run under the debounce time."""
    short = st.floats(0.0002, DEBOUNCE * 0.9)
    return st.lists(st.tuples(short, short), max_size=3).map(
        lambda pairs: _burst([run for pair in pairs for run in pair], level)
    )


def _burst(runs: list[float], level: bool) -> list[tuple[float, bool]]:
    times = [sum(runs[:i]) for i in range(len(runs) + 1)]
    return [(t, level if i % 2 == 0 else not level) for i, t in enumerate(times)]


press = st.tuples(
    st.one_of(
        st.floats(6 * DEBOUNCE, HOLD - 6 * DEBOUNCE),  # clearly short
        st.floats(HOLD + 6 * DEBOUNCE, 3.0),  # clearly long
    ),
    st.floats(6 * DEBOUNCE, 2.0),  # gap before the next press
    bounce_burst(True),
    bounce_burst(False),
)


@settings(max_examples=200, deadline=None)
@given(presses=st.lists(press, min_size=1, max_size=8), hold=holds)
def test_bouncy_presses_are_counted_as_the_player_meant(presses, hold):
    edges, t, meant = [], 1.0, []
    for duration, gap, down, up in presses:
        edges += [(t + dt, level) for dt, level in down]
        edges += [(t + duration + dt, level) for dt, level in up]
        t += duration + gap
        meant.append("press" if hold is None or duration < HOLD else "hold")
    assert feed(Debouncer(DEBOUNCE, hold), edges, end=t + 5.0) == meant
