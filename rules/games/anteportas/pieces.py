"""The pieces on each hex as a camera counts them, and what a step changes there.

A camera sees stickers, one per piece, each naming a *kind* (the sticker
catalogue's, ``vision/data/anteportas-units.example.json``): the Soldiers
``farmer`` and ``citizen``, the Invaders ``basic`` and ``elite``, and the tiles
``building:<kind>``, ``mine:<kind>``, ``trap`` and ``bomb``. Whether a Soldier is
exhausted does not show on a sticker, so it is not counted apart.

The bot's steps (a spawn, a troop's move with its Battles) are resolved on a
copy of the field, so the change a step makes on the table is the difference
of the field before and after it::

    >>> before = {"hexes": {"7": {"soldiers": [{"kind": "farmer", "exhausted": False}],
    ...                           "tile": None}, "12": {"soldiers": [], "tile": None}},
    ...           "troops": {"12": {"basic": 2, "elite": 0}}}
    >>> after = {"hexes": {"7": {"soldiers": [], "tile": None},
    ...                    "12": {"soldiers": [], "tile": None}},
    ...          "troops": {"7": {"basic": 1, "elite": 0}}}
    >>> table_change(before, after)
    {'7': {'basic': 1, 'farmer': -1}, '12': {'basic': -2}}

The front end hands this to the closed loop (``vision.closed_loop.check_step``
as ``{"hexes": ...}``), which compares it with two camera readings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def piece_kind(tile: Mapping[str, Any]) -> str:
    """A tile's sticker kind: ``building:guard_post``, ``mine:dummy``, ``trap``, ``bomb``."""
    kind = tile.get("kind")
    return (
        f"{tile['type']}:{kind}" if tile["type"] in ("building", "mine") and kind else tile["type"]
    )


def pieces_on(field: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """``{hex: {kind: n}}``: every piece standing on the battleground (empty hexes left out)."""
    out: dict[str, dict[str, int]] = {}

    def add(hex_id: str, kind: str, n: int) -> None:
        if n:
            place = out.setdefault(hex_id, {})
            place[kind] = place.get(kind, 0) + n

    for hex_id, side in field["hexes"].items():
        for soldier in side.get("soldiers", ()):
            add(str(hex_id), str(soldier["kind"]), 1)
        if side.get("tile"):
            add(str(hex_id), piece_kind(side["tile"]), 1)
    for hex_id, troop in field.get("troops", {}).items():
        for kind in ("basic", "elite"):
            add(str(hex_id), kind, int(troop.get(kind, 0)))
    return out


def table_change(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """``{hex: {kind: delta}}`` from field ``before`` to field ``after``; no change is left out.

    Hexes in numeric order, kinds in alphabetical order (plain JSON for the journal)."""
    a, b = pieces_on(before), pieces_on(after)
    out: dict[str, dict[str, int]] = {}
    for hex_id in sorted(set(a) | set(b), key=int):
        was, now = a.get(hex_id, {}), b.get(hex_id, {})
        delta = {k: now.get(k, 0) - was.get(k, 0) for k in sorted(set(was) | set(now))}
        delta = {k: d for k, d in delta.items() if d}
        if delta:
            out[hex_id] = delta
    return out
