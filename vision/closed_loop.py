"""Closed loop: after a bot step, did the table change the way the instructions said?

The front end reads the table before the bot's step and after the players say
they did it, and hands both readings and the expected change to
:func:`check_step`. The expected change is plain data::

    {"trays": {"2": {"red": -1, "blue": 2}}}          # tray side -> colour -> change
    {"hexes": {"7": {"farmer": 1}, "8": {"basic": -2}}}  # hex id -> unit kind -> change

Every place both readings saw is checked: a tray or hex the instructions do not
name must not have changed (``only_named=True`` checks just the named ones).
The answer is plain data a front end can put into words:

* ``ok`` - every checked place changed exactly as expected;
* ``mismatch`` - at least one place was read surely before and after and did
  not change as expected; ``differences`` lists ``{"tray": "2", "colour":
  "red", "expected": -1, "seen": 0}`` (or ``"hex"``/``"unit"``) entries;
* ``unsure`` - no mismatch, but some place needed for the check was not read
  surely (covered, moving hands, too few stickers); ``unsure`` lists
  ``{"tray": "2", "reason": "covered"}`` entries: ask the players.

A mismatch wins over unsure places: what was seen surely is already wrong.
Hex readings come from a board's view (:mod:`vision.board_views`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vision.geometry import COLOURS
from vision.reader import Reading


@dataclass
class StepCheck:
    status: str
    """``ok``, ``mismatch`` or ``unsure``."""
    differences: list[dict[str, Any]] = field(default_factory=list)
    unsure: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "differences": self.differences, "unsure": self.unsure}


def _trays(reading: Reading) -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """Sure trays' counts, and why the other trays are unsure."""
    sure: dict[str, dict[str, int]] = {}
    why: dict[str, str] = {}
    if reading.status != "ok":
        return sure, {"*": reading.status}
    for tray in reading.trays:
        side = str(tray.side)
        if tray.counts is not None and tray.sure:
            sure[side] = dict(tray.counts)
        else:
            why[side] = "covered" if tray.occluded else "not sure"
    return sure, why


def check_step(
    before: Reading | dict[str, Any],
    after: Reading | dict[str, Any],
    expected: dict[str, Any],
    *,
    only_named: bool = False,
) -> StepCheck:
    """Compare two readings with the expected change (see the module docstring).

    ``before``/``after`` are tray readings (:class:`~vision.reader.Reading`) or
    battleground readings (``{"status", "hexes": {id: {kind: n}}, "unsure": [ids]}``)."""
    differences: list[dict[str, Any]] = []
    unsure: list[dict[str, Any]] = []
    if "trays" in expected or isinstance(before, Reading):
        assert isinstance(before, Reading) and isinstance(after, Reading)
        a, why_a = _trays(before)
        b, why_b = _trays(after)
        named = {str(k): v for k, v in expected.get("trays", {}).items()}
        why = {**why_a, **why_b}
        places = set(named) if only_named else set(named) | set(a) | set(b) | set(why)
        places.discard("*")
        if "*" in why:
            unsure += _everywhere("tray", places, why["*"])
        else:
            _compare(places, a, b, why, named, "tray", "colour", COLOURS, differences, unsure)
    if "hexes" in expected or isinstance(before, dict):
        assert isinstance(before, dict) and isinstance(after, dict)
        why: dict[str, str] = {}
        for r in (before, after):
            if r.get("status", "ok") != "ok":
                why["*"] = str(r.get("status"))
            for h in r.get("unsure", []):
                why[str(h)] = "not sure"
        a = {str(k): dict(v) for k, v in before.get("hexes", {}).items()}
        b = {str(k): dict(v) for k, v in after.get("hexes", {}).items()}
        named = {str(k): v for k, v in expected.get("hexes", {}).items()}
        places = set(named) if only_named else set(named) | set(a) | set(b) | set(why)
        places.discard("*")
        if "*" in why:
            unsure += _everywhere("hex", places, why["*"])
        else:
            kinds = sorted({k for v in (*a.values(), *b.values(), *named.values()) for k in v})
            for h in list(places):
                a.setdefault(h, {})
                b.setdefault(h, {})
            _compare(places, a, b, why, named, "hex", "unit", tuple(kinds), differences, unsure)
    if differences:
        return StepCheck("mismatch", differences, unsure)
    return StepCheck("unsure" if unsure else "ok", differences, unsure)


def _everywhere(place_key: str, places: set[str], reason: str) -> list[dict[str, Any]]:
    """A reading that failed as a whole: every place (or "all") is unsure."""
    return [{place_key: p, "reason": reason} for p in sorted(places, key=_order)] or [
        {place_key: "all", "reason": reason}
    ]


def _order(place: str) -> tuple[int, str]:
    return (int(place), "") if place.isdigit() else (10**9, place)


def _compare(
    places: set[str],
    a: dict[str, dict[str, int]],
    b: dict[str, dict[str, int]],
    why: dict[str, str],
    named: dict[str, dict[str, int]],
    place_key: str,
    thing_key: str,
    things: tuple[str, ...],
    differences: list[dict[str, Any]],
    unsure: list[dict[str, Any]],
) -> None:
    for place in sorted(places, key=_order):
        if place not in a or place not in b or place in why:
            unsure.append({place_key: place, "reason": why.get(place, why.get("*", "not seen"))})
            continue
        want = named.get(place, {})
        for thing in (*things, *sorted(set(want) - set(things))):
            seen = b[place].get(thing, 0) - a[place].get(thing, 0)
            if seen != want.get(thing, 0):
                differences.append(
                    {
                        place_key: place,
                        thing_key: thing,
                        "expected": want.get(thing, 0),
                        "seen": seen,
                    }
                )
